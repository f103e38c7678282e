import { describe, expect, it } from "vitest";
import { memberProbes, visitorProbes } from "./probes";
import { PARTS, SHARES } from "./shares";

describe("the fuzz", () => {
  it("covers every page and API endpoint with more than 1,500 requests", () => {
    expect(visitorProbes().length).toBeGreaterThan(1500);
  });

  it("sends at least as many requests as when it ran in the browser tests", () => {
    // Its size when it moved from Playwright to Vitest: a change to the probes may add requests, never drop them.
    expect(visitorProbes().length).toBeGreaterThanOrEqual(5308);
    expect(memberProbes({ articleId: "1", memberId: "member" }).length).toBeGreaterThanOrEqual(6107);
  });

  it("sends every part of both roles in exactly one of the test files", () => {
    for (const role of ["visitor", "member"] as const) {
      const sent = Object.values(SHARES).flatMap((share) => share[role]);
      expect(sent.sort()).toEqual(Array.from({ length: PARTS[role] }, (_, part) => part));
    }
  });
});
