import { describe, expect, it } from "vitest";
import { memberProbes, partOf, visitorProbes } from "./probes";
import { PARTS, SHARES } from "./shares";
import { fuzz, fuzzBase, FuzzClient, report, signedInMember } from "./site";

/**
 * Bad input never answers 500. Every route of the route table and every /api endpoint is called with junk
 * (./probes.ts) on the production server, as a visitor and as a signed-in member. Any 5xx fails the test, which
 * prints how many requests it made and what they answered.
 */

/** Every failure fails the test; the first few are shown (a broken page answers 500 to hundreds of probes). */
function expectNoFailures(failures: { probe: string; status: number; body: string }[]) {
  expect(failures.slice(0, 20), `${failures.length} failed, the first 20 shown`).toEqual([]);
}

/** Registers one share's tests. */
export function fuzzRoutes(share: keyof typeof SHARES) {
  // Thousands of requests each: a long test, not a slow server.
  describe("bad input", { timeout: 300_000 }, () => {
    for (const part of SHARES[share].visitor) {
      it(`never answers 500 to a visitor, on any page or API endpoint (part ${part + 1} of ${PARTS.visitor})`, async () => {
        const client = new FuzzClient(fuzzBase(), `192.0.2.${201 + part}`);
        const probes = partOf(visitorProbes(), part, PARTS.visitor);
        const result = await fuzz(client, probes);
        report("visitor", probes, result);
        expectNoFailures(result.failures);
      });
    }

    for (const part of SHARES[share].member) {
      it(`never answers 500 to a member, on any page or API endpoint (part ${part + 1} of ${PARTS.member})`, async () => {
        const member = await signedInMember(
          fuzzBase(),
          `203.0.113.${part + 1}`,
          `퍼즈${part + 1}${Date.now().toString(36).slice(-6)}`,
        );
        // A real post beside the member's own id, so that actions on real records read the junk beside them.
        const list = await member.client.get("/board/free");
        const articleId = /\/board\/free\/(\d+)/.exec(list.body)?.[1];
        expect(articleId, "a post on the free board").toBeDefined();
        const probes = partOf(
          memberProbes({ articleId: articleId!, memberId: member.id }),
          part,
          PARTS.member,
        );
        const result = await fuzz(member.client, probes);
        report("member", probes, result);
        expectNoFailures(result.failures);
        // The junk never signed the member out: every request above was a member's.
        expect((await member.client.get("/my")).status).toBe(200);
      });
    }
  });
}
