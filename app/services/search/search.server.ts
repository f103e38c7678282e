import type { Database } from "#app/db/client.server";
import type { MessageKey } from "#app/i18n";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { blindedMemberIds } from "#app/services/members/relations.server";
import { normalizeSearchQuery } from "./query";
import { searchSources } from "./sources.server";
import type { SearchHit, SearchSource } from "./types";

/** Hits of each area on the grouped result page, and the page size of one area's own list. */
export const SEARCH_PREVIEW_SIZE = 5;
const SEARCH_PAGE_SIZE = 20;

export interface SearchGroup {
  area: string;
  labelKey: MessageKey;
  total: number;
  items: SearchHit[];
  nextCursor: string | null;
}

export interface SearchResult {
  /** The query as searched (normalised); show and link with this one. */
  query: string;
  /** Sum of the areas' totals. */
  total: number;
  groups: SearchGroup[];
}

export interface SearchOptions {
  sources?: readonly SearchSource[];
}

async function runSource(
  db: Database,
  source: SearchSource,
  ctx: { reader: Actor; blinded: ReadonlySet<string>; query: string; limit: number; cursor: string | null },
): Promise<SearchGroup> {
  const page = await source.search(db, ctx);
  return { area: source.area, labelKey: source.labelKey, ...page };
}

/** One query across every area: each area's count and its first hits. Throws a DomainError for a bad query. */
export async function searchAll(
  db: Database,
  reader: Actor,
  rawQuery: string,
  options: SearchOptions & { perArea?: number } = {},
): Promise<SearchResult> {
  const query = normalizeSearchQuery(rawQuery);
  const blinded = await blindedMemberIds(db, reader.id);
  const limit = options.perArea ?? SEARCH_PREVIEW_SIZE;
  const groups = await Promise.all(
    (options.sources ?? searchSources).map((source) =>
      runSource(db, source, { reader, blinded, query, limit, cursor: null }),
    ),
  );
  return { query, total: groups.reduce((sum, group) => sum + group.total, 0), groups };
}

/** One area's hits, a page at a time from a keyset cursor (null for the first page). */
export async function searchArea(
  db: Database,
  reader: Actor,
  rawQuery: string,
  area: string,
  cursor: string | null,
  options: SearchOptions & { limit?: number } = {},
): Promise<{ query: string; group: SearchGroup }> {
  const query = normalizeSearchQuery(rawQuery);
  const source = (options.sources ?? searchSources).find((candidate) => candidate.area === area);
  if (!source) throw new DomainError("search", "area_unknown");
  const blinded = await blindedMemberIds(db, reader.id);
  const limit = options.limit ?? SEARCH_PAGE_SIZE;
  return { query, group: await runSource(db, source, { reader, blinded, query, limit, cursor }) };
}
