import type { Database } from "#app/db/client.server";
import type { MeetingKind } from "#app/db/schema";
import { listFilterTable } from "#app/services/reference/filters.server";
import { codeTablesOf, requestDetailsOf, type CodeLabels, type RequestRecord } from "./request-details";

/** The labels of the codes requests of these kinds may name (from the reference cache; nothing for other kinds). */
async function codeLabels(db: Database, kinds: Iterable<MeetingKind>): Promise<CodeLabels> {
  const tables = codeTablesOf(kinds);
  const entries = await Promise.all(
    tables.map(
      async (table) =>
        [table, new Map((await listFilterTable(db, table)).map((item) => [item.code, item.label]))] as const,
    ),
  );
  return Object.fromEntries(entries);
}

/** Each meeting's request details (see `requestDetailsOf`), in the order given. */
export async function readRequestDetails(db: Database, records: readonly RequestRecord[]) {
  const labels = await codeLabels(
    db,
    records.map((record) => record.kind),
  );
  return records.map((record) => requestDetailsOf(record, labels));
}
