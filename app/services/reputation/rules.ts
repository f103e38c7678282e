/**
 * The rules of a rider's reputation (ADR 068): one score per member, 36.5 for a member with nothing on record (the
 * start riders know from Karrot's manner temperature), 0 to 99, one decimal. Browser-safe and pure: the recompute
 * counts the inputs and this module alone turns them into the score, so the pages, the "why" view and the property
 * test all read the same weights.
 */

export const REPUTATION_START = 36.5;
export const REPUTATION_MIN = 0;
export const REPUTATION_MAX = 99;

/** What raises the score: trades and meetings that went well, sparks on one's reviews, a verified phone and shop. */
export const goodInputs = [
  "goodTradeReviews",
  "goodFeedback",
  "sparksReceived",
  "phoneVerified",
  "businessVerified",
] as const;
/** What lowers it: trades and meetings that went badly, confirmed no-shows, reports an administrator upheld. */
export const badInputs = ["badTradeReviews", "problemFeedback", "confirmedNoShows", "upheldReports"] as const;

export type ReputationInput = (typeof goodInputs)[number] | (typeof badInputs)[number];
export const reputationInputs: readonly ReputationInput[] = [...goodInputs, ...badInputs];

/** The counts the score is computed from (the two verifications are 0 or 1). */
export type ReputationCounts = Record<ReputationInput, number>;

export const noReputationCounts: ReputationCounts = Object.freeze(
  Object.fromEntries(reputationInputs.map((input) => [input, 0])) as ReputationCounts,
);

const verifications: readonly ReputationInput[] = ["phoneVerified", "businessVerified"];

/**
 * How far each input can move the score at most (`cap`) and how many of it take it about two thirds of the way
 * (`scale`): each one counts less than the one before, so no single input, and no pile of one kind, decides the
 * score. The bad inputs have short scales: the first no-show weighs as much as many good trades. A verification is
 * worth its cap once (no scale).
 */
export const reputationWeights: { readonly [I in ReputationInput]: { cap: number; scale: number } } = {
  goodTradeReviews: { cap: 25, scale: 15 },
  goodFeedback: { cap: 20, scale: 12 },
  sparksReceived: { cap: 8, scale: 50 },
  phoneVerified: { cap: 0.5, scale: 0 },
  businessVerified: { cap: 1.5, scale: 0 },
  badTradeReviews: { cap: 25, scale: 4 },
  problemFeedback: { cap: 20, scale: 4 },
  confirmedNoShows: { cap: 30, scale: 3 },
  upheldReports: { cap: 25, scale: 3 },
};

/** A count as the rules read it: a whole number from 0; the two verifications at most 1. */
function countOf(input: ReputationInput, value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  const whole = Math.floor(value);
  return verifications.includes(input) ? Math.min(whole, 1) : whole;
}

/** What `count` of one input is worth, from 0 up to its cap, with diminishing returns. */
export function contribution(input: ReputationInput, value: number): number {
  const n = countOf(input, value);
  if (n === 0) return 0;
  const { cap, scale } = reputationWeights[input];
  return scale === 0 ? cap : cap * (1 - Math.exp(-n / scale));
}

/** The score for these counts: the start, plus the good inputs, minus the bad ones, bounded and to one decimal. */
export function reputationScore(counts: Partial<ReputationCounts>): number {
  let score = REPUTATION_START;
  for (const input of goodInputs) score += contribution(input, counts[input] ?? 0);
  for (const input of badInputs) score -= contribution(input, counts[input] ?? 0);
  const bounded = Math.min(REPUTATION_MAX, Math.max(REPUTATION_MIN, score));
  return Math.round(bounded * 10) / 10;
}

/** How a score reads on the badge: colder than the start, around it, warm, hot. */
export type ReputationTone = "cold" | "mild" | "warm" | "hot";

export function reputationTone(score: number): ReputationTone {
  if (score < 30) return "cold";
  if (score < 40) return "mild";
  if (score < 55) return "warm";
  return "hot";
}
