import type { MessageKey } from "#app/i18n";

/**
 * The shape of an area's refusals (ADR 024): each code with the HTTP status and the message it answers with. Every
 * area writes its table in a leaf file of its own that imports this module and nothing else of the services, so
 * that any module may import an area's codes without a circle through the one assembly (./errors.ts).
 */

/** How the edge answers one refusal: its HTTP status and the message the member reads. */
export interface ErrorAnswer {
  readonly status: number;
  readonly messageKey: MessageKey;
}

/** A code as its area writes it: the status alone when the message is `<prefix>.<code>`, else the whole answer. */
type Entry = number | ErrorAnswer;

/**
 * What each entry must be: a status whose derived key is a message of the catalogue, or a whole answer. A derived
 * key the catalogue lacks fails the type check, and the error names the key.
 */
type Checked<P extends string, T> = {
  readonly [C in keyof T]: T[C] extends number
    ? `${P}.${C & string}` extends MessageKey
      ? number
      : `${P}.${C & string} is not a message of the catalogue`
    : ErrorAnswer;
};

/** An area's refusals: every code, each with its answer. */
export type AreaErrors<C extends string> = { readonly [Code in C]: ErrorAnswer };

/** The codes of an area's table. */
export type ErrorCodeOf<T> = keyof T & string;

/**
 * An area's table from its codes: `areaErrors("board.error", { not_found: 404 })` answers `not_found` with 404 and
 * the message `board.error.not_found`; a code whose message is named otherwise gives `{ status, messageKey }`.
 * Marked free of side effects, so that a browser module importing an area's codes does not carry its table.
 */
/* @__NO_SIDE_EFFECTS__ */
export function areaErrors<
  const P extends string,
  const T extends Readonly<Record<string, Entry>> & Checked<P, T>,
>(keyPrefix: P, entries: T): AreaErrors<ErrorCodeOf<T>> {
  const table: Record<string, { status: number; messageKey: string }> = Object.fromEntries(
    Object.entries<Entry>(entries).map(([code, entry]) => [
      code,
      typeof entry === "number" ? { status: entry, messageKey: `${keyPrefix}.${code}` } : entry,
    ]),
  );
  // Every derived key was checked against the catalogue by the type of `entries`.
  return table as AreaErrors<ErrorCodeOf<T>>;
}
