/**
 * Each role's probes are sent in parts, each its own test from an address of its own (a member's part by a member
 * of its own), so that no test runs long and one client's rate limits are not another's.
 */
export const PARTS = { visitor: 2, member: 3 } as const;

/**
 * The parts each test file sends (./routes-1 and ./routes-2), so that the two Vitest workers share them: a member's
 * request costs about three times a visitor's (more of them reach a service), so one file sends a visitor's parts and
 * a member's first part, the other a member's other parts. Every part is in exactly one share (./probes.test.ts).
 */
export const SHARES: Record<1 | 2, { visitor: number[]; member: number[] }> = {
  1: { visitor: [0, 1], member: [0] },
  2: { visitor: [], member: [1, 2] },
};
