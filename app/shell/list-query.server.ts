import { z } from "zod";
import type { Database } from "#app/db/client.server";
import { listCategories } from "#app/services/board/articles.server";
import { searchWords, type ListSort } from "#app/services/board/list.server";

/** A category as a list's chips show it, named in both languages. */
export interface ListCategory {
  code: string;
  ko: string;
  en: string;
}

/**
 * The address of a post list, a board's or the market's: its order (latest unless it says popular), a category's
 * code, search words (trimmed and cut to the search's length; none when blank) and the page (a keyset cursor). Any
 * of them missing or malformed reads as its default, never as a refusal.
 */
const listQuerySchema = z.object({
  sort: z.enum(["latest", "popular"]).catch("latest"),
  category: z.string().nullable(),
  q: z.string().nullable().transform(searchWords),
  cursor: z.string().nullable(),
});

export interface ListQuery {
  sort: ListSort;
  /** The chosen category among the kind's own, or null for all of them. */
  category: { id: number; code: string } | null;
  /** The kind's categories, for the list's chips. */
  categories: ListCategory[];
  q: string | null;
  /** Where a later page starts; null on the first. */
  cursor: string | null;
}

/**
 * What a post list's address asks for. `categoryKind` is the board or kind whose categories it may choose from;
 * null for a list without categories (the total lists, the guestbook), where a category in the address is ignored.
 */
export async function readListQuery(
  db: Database,
  search: URLSearchParams,
  categoryKind: string | null,
): Promise<ListQuery> {
  const query = listQuerySchema.parse({
    sort: search.get("sort"),
    category: search.get("category"),
    q: search.get("q"),
    cursor: search.get("cursor"),
  });
  const categories = categoryKind === null ? [] : await listCategories(db, categoryKind);
  const category = categories.find((item) => item.code === query.category) ?? null;
  return {
    sort: query.sort,
    category,
    categories: categories.map((item) => ({ code: item.code, ko: item.nameKo, en: item.nameEn })),
    q: query.q,
    cursor: query.cursor,
  };
}
