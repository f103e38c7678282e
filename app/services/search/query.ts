import { hasMeaningfulText, meaningfulLength } from "#app/services/content/meaningful-length";
import { readCursor } from "#app/services/cursor";
import { DomainError } from "#app/services/errors";

/** Shortest and longest query, in characters. One character matches almost everything and no index serves it. */
const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 50;

/**
 * The query as it is searched and remembered: Unicode-composed (Hangul typed on some systems arrives decomposed),
 * trimmed, runs of spaces collapsed to one, 2 to 50 characters (the minimum counted by `meaningfulLength`).
 */
export function normalizeSearchQuery(raw: string): string {
  const query = raw.normalize("NFC").trim().replace(/\s+/g, " ");
  if (!hasMeaningfulText(query)) throw new DomainError("search", "query_required");
  if (meaningfulLength(query) < SEARCH_QUERY_MIN)
    throw new DomainError("search", "query_too_short", { params: { min: SEARCH_QUERY_MIN } });
  if ([...query].length > SEARCH_QUERY_MAX)
    throw new DomainError("search", "query_too_long", { params: { max: SEARCH_QUERY_MAX } });
  return query;
}

/** Escapes the wildcard characters of LIKE/ILIKE (backslash is PostgreSQL's default escape character). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** `%query%` for a partial-word match anywhere in the text. */
export function containsPattern(query: string): string {
  return `%${escapeLike(query)}%`;
}

/** A search position: `shape` says which values are numbers and which strings; anything else is refused. */
export function decodeCursor(cursor: string, shape: ("string" | "number")[]): (string | number)[] {
  const values = readCursor(cursor);
  if (
    !Array.isArray(values) ||
    values.length !== shape.length ||
    values.some((value, i) =>
      shape[i] === "number" ? !Number.isSafeInteger(value) : typeof value !== "string" || value.length > 200,
    )
  )
    throw cursorInvalid();
  return values as (string | number)[];
}

/** A cursor that was not made by this service (edited by hand or from another version). */
export function cursorInvalid() {
  return new DomainError("search", "cursor_invalid");
}
