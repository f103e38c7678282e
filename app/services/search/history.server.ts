import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { searchHistory } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { normalizeSearchQuery } from "./query";

/** Recent searches kept per member; older ones are forgotten. */
export const RECENT_SEARCH_LIMIT = 20;

export interface RecentSearch {
  id: number;
  query: string;
  searchedAt: Date;
}

/**
 * Remembers a search the member made (a form they sent, never a link they followed) and answers the query as
 * remembered: the same words again move to the top instead of repeating, and only the newest 20 stay. One
 * transaction, so the list never holds more than 20 rows even for a moment.
 */
export async function recordSearch(
  db: Database,
  clock: Clock,
  memberId: string,
  rawQuery: string,
): Promise<string> {
  const query = normalizeSearchQuery(rawQuery);
  await runInTransaction(db, clock, async ({ tx, now }) => {
    await tx
      .insert(searchHistory)
      .values({ memberId, query, searchedAt: now })
      .onConflictDoUpdate({
        target: [searchHistory.memberId, searchHistory.query],
        set: { searchedAt: now },
      });
    const kept = tx
      .select({ id: searchHistory.id })
      .from(searchHistory)
      .where(eq(searchHistory.memberId, memberId))
      .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.id))
      .limit(RECENT_SEARCH_LIMIT);
    await tx
      .delete(searchHistory)
      .where(and(eq(searchHistory.memberId, memberId), notInArray(searchHistory.id, kept)));
  });
  return query;
}

/** A member's recent searches, newest first. */
export async function listRecentSearches(db: Database, memberId: string): Promise<RecentSearch[]> {
  return db
    .select({ id: searchHistory.id, query: searchHistory.query, searchedAt: searchHistory.searchedAt })
    .from(searchHistory)
    .where(eq(searchHistory.memberId, memberId))
    .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.id))
    .limit(RECENT_SEARCH_LIMIT);
}

/** Forgets one of the member's own recent searches; another member's id changes nothing. */
export async function removeRecentSearch(db: Database, memberId: string, id: number): Promise<boolean> {
  const removed = await db
    .delete(searchHistory)
    .where(and(eq(searchHistory.id, id), eq(searchHistory.memberId, memberId)))
    .returning({ id: searchHistory.id });
  return removed.length > 0;
}

/** Forgets all of the member's recent searches. */
export async function clearRecentSearches(db: Database, memberId: string): Promise<number> {
  const removed = await db
    .delete(searchHistory)
    .where(eq(searchHistory.memberId, memberId))
    .returning({ id: searchHistory.id });
  return removed.length;
}
