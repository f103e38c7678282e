import type { SelectionProblem } from "#app/services/motorcycles/compare.server";

/**
 * The status a comparison page answers with when the address's selection had to be changed: 404 when it named
 * model years the catalogue does not have, 400 when it was malformed, too long or a fourth was added. The page still
 * shows what it could keep, with the reason.
 */
export function selectionStatus(problem: SelectionProblem | null): number {
  if (problem === "unknown") return 404;
  return problem ? 400 : 200;
}
