import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  contribution,
  goodInputs,
  noReputationCounts,
  REPUTATION_MAX,
  REPUTATION_MIN,
  REPUTATION_START,
  reputationInputs,
  reputationScore,
  reputationWeights,
  type ReputationCounts,
  type ReputationInput,
} from "./rules";

/** Counts as the platform could hold them: from none to far more than any member has. */
const aCount = fc.nat({ max: 10_000 });
const someCounts: fc.Arbitrary<ReputationCounts> = fc.record(
  Object.fromEntries(reputationInputs.map((input) => [input, aCount])) as Record<
    ReputationInput,
    fc.Arbitrary<number>
  >,
);
const anInput = fc.constantFrom(...reputationInputs);

describe("the reputation rules", () => {
  it("give a member with nothing on record exactly the start value", () => {
    expect(reputationScore(noReputationCounts)).toBe(REPUTATION_START);
    expect(reputationScore({})).toBe(36.5);
  });

  it("keep every score within 0 and 99, to one decimal", () => {
    fc.assert(
      fc.property(someCounts, (counts) => {
        const score = reputationScore(counts);
        expect(score).toBeGreaterThanOrEqual(REPUTATION_MIN);
        expect(score).toBeLessThanOrEqual(REPUTATION_MAX);
        expect(Math.round(score * 10)).toBeCloseTo(score * 10, 9);
      }),
    );
  });

  it("never lower the score for one more good input, never raise it for one more bad one", () => {
    fc.assert(
      fc.property(someCounts, anInput, fc.integer({ min: 1, max: 500 }), (counts, input, more) => {
        const before = reputationScore(counts);
        const after = reputationScore({ ...counts, [input]: counts[input] + more });
        if ((goodInputs as readonly string[]).includes(input)) expect(after).toBeGreaterThanOrEqual(before);
        else expect(after).toBeLessThanOrEqual(before);
      }),
    );
  });

  it("move a new member's score at the first good or bad input", () => {
    for (const input of reputationInputs) {
      const score = reputationScore({ ...noReputationCounts, [input]: 1 });
      if ((goodInputs as readonly string[]).includes(input)) expect(score).toBeGreaterThan(REPUTATION_START);
      else expect(score).toBeLessThan(REPUTATION_START);
    }
  });

  it("let each further input count less than the one before, within its cap", () => {
    fc.assert(
      fc.property(anInput, fc.nat({ max: 1000 }), (input, n) => {
        const step = contribution(input, n + 1) - contribution(input, n);
        const next = contribution(input, n + 2) - contribution(input, n + 1);
        expect(step).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThanOrEqual(step + 1e-12);
        expect(contribution(input, n)).toBeLessThanOrEqual(reputationWeights[input].cap);
      }),
    );
  });

  it("let no single good input carry a new member past the others' reach", () => {
    // Whatever one good input piles up, it stays below the start plus a third of the scale.
    for (const input of goodInputs)
      expect(reputationScore({ [input]: 1_000_000 })).toBeLessThan(REPUTATION_START + 33);
    // And one confirmed no-show outweighs several good trades.
    expect(reputationScore({ goodTradeReviews: 3, confirmedNoShows: 1 })).toBeLessThan(REPUTATION_START);
  });

  it("read verifications as done or not, and odd counts as none", () => {
    expect(reputationScore({ phoneVerified: 5 })).toBe(reputationScore({ phoneVerified: 1 }));
    expect(reputationScore({ badTradeReviews: -3, goodFeedback: Number.NaN })).toBe(REPUTATION_START);
  });
});
