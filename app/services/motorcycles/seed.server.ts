import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { seedState } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { CatalogueRow } from "./catalogue-row";
import { upsertModelYear, type UpsertOutcome } from "./catalogue.server";
import { catalogueRows } from "./data";

/** The `seed_state` name of the shipped catalogue. */
export const CATALOGUE_SEED = "motorcycle-catalogue";

/** JSON with every object's keys in order, so the same data always gives the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The sha256 of the rows' stable JSON: equal exactly when the rows say the same thing in the same order. */
export function catalogueChecksum(rows: readonly CatalogueRow[]): string {
  return createHash("sha256").update(stableJson(rows)).digest("hex");
}

export type CatalogueSeedResult = { skipped: true } | ({ skipped: false } & Record<UpsertOutcome, number>);

/**
 * Brings the catalogue up to the shipped data file at start. With the data unchanged since the last start it costs
 * one read; otherwise every row goes through the catalogue's one write path in one unit of work, and the checksum
 * is stored with it. Model years are never deleted: reviews, garages and listings point at them.
 */
export async function seedCatalogue(
  db: Database,
  clock: Clock,
  rows: readonly CatalogueRow[] = catalogueRows,
): Promise<CatalogueSeedResult> {
  const checksum = catalogueChecksum(rows);
  const [state] = await db
    .select({ checksum: seedState.checksum })
    .from(seedState)
    .where(eq(seedState.name, CATALOGUE_SEED));
  if (state?.checksum === checksum) return { skipped: true };
  return runInTransaction(db, clock, async (uow) => {
    const counts: Record<UpsertOutcome, number> = { added: 0, changed: 0, unchanged: 0 };
    for (const row of rows) {
      const { outcome } = await upsertModelYear(uow, row, "catalogue");
      counts[outcome] += 1;
    }
    await uow.tx
      .insert(seedState)
      .values({ name: CATALOGUE_SEED, checksum, appliedAt: uow.now })
      .onConflictDoUpdate({ target: seedState.name, set: { checksum, appliedAt: uow.now } });
    return { skipped: false, ...counts };
  });
}
