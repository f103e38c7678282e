import type { MarketKind } from "./kinds";

/**
 * The models a parts or gear listing fits (ADR 072), as the browser and the server both need them: which kinds name
 * them, how many, and the form's rows.
 */

/** The kinds whose listings may name the models they fit, and whose lists offer "fits my garage". */
const fitKinds = ["parts", "gear"] as const satisfies readonly MarketKind[];
export type FitKind = (typeof fitKinds)[number];

export function isFitKind(kind: unknown): kind is FitKind {
  return typeof kind === "string" && (fitKinds as readonly string[]).includes(kind);
}

/** Most models one listing may name. */
export const FIT_LIMIT = 10;

/** One model a listing fits: its catalogue id and the model years (inclusive; null for no bound on that side). */
export interface FitInput {
  modelId: number;
  yearFrom: number | null;
  yearTo: number | null;
}

/** How the form writes its fits when it shows them again: `modelId:from:to`, joined by commas (empty years blank). */
export function fitsText(fits: readonly FitInput[]): string {
  return fits.map((fit) => `${fit.modelId}:${fit.yearFrom ?? ""}:${fit.yearTo ?? ""}`).join(",");
}

/** The fits of `fitsText` again, as texts for the form's fields; rows that are not three parts are dropped. */
export function fitsOfText(
  text: string | undefined,
): { modelId: string; yearFrom: string; yearTo: string }[] {
  if (!text) return [];
  return text
    .split(",")
    .map((row) => row.split(":"))
    .filter((parts) => parts.length === 3)
    .map(([modelId, yearFrom, yearTo]) => ({ modelId: modelId!, yearFrom: yearFrom!, yearTo: yearTo! }))
    .slice(0, FIT_LIMIT);
}

/** The fit rows of a refused form's payload as `fitsText` writes them (what was typed, models or not). */
export function typedFitsText(payload: unknown): string {
  const rows = Array.isArray(payload) ? payload : [];
  const text = (value: unknown) => (typeof value === "string" && /^\d{0,10}$/.test(value) ? value : "");
  return rows
    .slice(0, FIT_LIMIT)
    .map((row: unknown) => (typeof row === "object" && row !== null ? (row as Record<string, unknown>) : {}))
    .filter((row) => text(row.modelId) !== "")
    .map((row) => `${text(row.modelId)}:${text(row.yearFrom)}:${text(row.yearTo)}`)
    .join(",");
}
