/**
 * The selection of a spec comparison as the address carries it (`?ids=1,2,3`): parsing, adding and writing it back.
 * Plain functions without the database, so that the comparison pages' components may use them in the browser too.
 */

/** Most model years compared at once (spec section 5: "max 3 bikes"). */
export const COMPARE_MAX = 3;

/**
 * Why an address's selection cannot be used as it is: an id that is not a number, more than COMPARE_MAX model
 * years, a model year the catalogue does not have, or a fourth one added to a full selection.
 */
export type SelectionProblem = "malformed" | "tooMany" | "unknown" | "full";

export interface ParsedSelection {
  /** The usable ids, in the order given, without repeats, at most COMPARE_MAX. */
  ids: number[];
  problem: SelectionProblem | null;
}

const ID = /^[1-9]\d{0,8}$/;

/** Reads `?ids=`: comma-separated model-year ids. Extra ids beyond the limit are dropped and reported. */
export function parseSelection(raw: string | null | undefined): ParsedSelection {
  const pieces = (raw ?? "")
    .split(",")
    .map((piece) => piece.trim())
    .filter(Boolean);
  const ids = [...new Set(pieces.filter((piece) => ID.test(piece)).map(Number))];
  if (ids.length > COMPARE_MAX) return { ids: ids.slice(0, COMPARE_MAX), problem: "tooMany" };
  return { ids, problem: pieces.some((piece) => !ID.test(piece)) ? "malformed" : null };
}

/** The selection with one more model year; refused (unchanged) when it is already full. Adding a chosen one is a no-op. */
export function addToSelection(ids: readonly number[], id: number): ParsedSelection {
  if (ids.includes(id)) return { ids: [...ids], problem: null };
  if (ids.length >= COMPARE_MAX) return { ids: [...ids], problem: "full" };
  return { ids: [...ids, id], problem: null };
}

/** The `ids` query value of a selection ("1,2,3"). */
export function selectionParam(ids: readonly number[]): string {
  return ids.join(",");
}
