/**
 * The fixed manner points a trade review picks from (labels in the catalogue, `market.manner.<code>`): good ones
 * for a good verdict, bad ones for a bad verdict. Browser-safe, for the review form and the profile's summary alike.
 */
const goodMannerPoints = ["kind", "punctual", "fastReply", "asDescribed", "fairPrice"] as const;
const badMannerPoints = ["late", "rude", "notAsDescribed", "slowReply", "priceChanged"] as const;

export const reviewVerdicts = ["good", "bad"] as const;
export type ReviewVerdict = (typeof reviewVerdicts)[number];

type GoodMannerPoint = (typeof goodMannerPoints)[number];
type BadMannerPoint = (typeof badMannerPoints)[number];
export type MannerPoint = GoodMannerPoint | BadMannerPoint;

export const mannerPoints: readonly MannerPoint[] = [...goodMannerPoints, ...badMannerPoints];

/** The points a verdict may name. */
export const mannerPointsOf: { readonly [V in ReviewVerdict]: readonly MannerPoint[] } = {
  good: goodMannerPoints,
  bad: badMannerPoints,
};

/** The points chosen, without repeats, when every one belongs to the verdict and there is at least one; else null. */
export function checkedMannerPoints(verdict: ReviewVerdict, points: readonly string[]): MannerPoint[] | null {
  const allowed: readonly string[] = mannerPointsOf[verdict];
  const chosen = [...new Set(points)];
  if (chosen.length === 0 || !chosen.every((point) => allowed.includes(point))) return null;
  return chosen as MannerPoint[];
}
