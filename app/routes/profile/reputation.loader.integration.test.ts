import { beforeAll, describe, expect, it } from "vitest";
import { memberReputation } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { giveSparks } from "#app/services/sparks/sparks.server";
import { REPUTATION_START } from "#app/services/reputation/rules";
import { callLoader, signUpCallers, startRouteRuntime, type Callers } from "#tests/setup/route-actions";
import { insertReview } from "#tests/setup/spark-reviews";
import * as memberProfilePage from "./member";
import * as reputationPage from "./reputation";

/** The "why" view adds no mutation (it has no action); its loader and the profile's only read the stored score. */

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

const stored = async () => {
  const rows = await runtime.db.select().from(memberReputation);
  return {
    n: rows.length,
    stamps: rows.map((row) => `${row.memberId}:${row.updatedAt.toISOString()}`).sort(),
  };
};

describe("/profile/:id/reputation (why a member has their manner temperature)", () => {
  it("shows the member's inputs as counts to members, and asks visitors to sign in", async () => {
    const { owner, other } = callers;
    const reviewId = await insertReview(runtime.db, runtime.clock, owner.id);
    await giveSparks(runtime.db, runtime.clock, other.actor, reviewId, 4);
    const path = `/profile/${owner.id}/reputation`;
    const answer = await callLoader(reputationPage.loader, { path, params: { id: owner.id }, as: other });
    expect(answer.outcome).toBe("done");
    expect(answer.data).toMatchObject({
      state: "found",
      member: { id: owner.id, nickname: owner.nickname },
      counts: { sparksReceived: 4, goodTradeReviews: 0, confirmedNoShows: 0 },
    });
    expect((answer.data as { score: number }).score).toBeGreaterThan(REPUTATION_START);
    // Counts only: nobody's name or id but the member's own.
    expect(JSON.stringify(answer.data)).not.toContain(other.id);
    expect(JSON.stringify(answer.data)).not.toContain(other.nickname);
    expect(
      (await callLoader(reputationPage.loader, { path, params: { id: owner.id }, as: null })).outcome,
    ).toBe("sign-in");
    const missing = await callLoader(reputationPage.loader, {
      path: "/profile/nobody/reputation",
      params: { id: "nobody" },
      as: other,
    });
    expect(missing.status).toBe(404);
  });

  it("writes nothing when read: a member without a row shows the start value, and stays without one", async () => {
    const { other, adminWithoutTwoFactor: reader } = callers;
    const before = await stored();
    for (const id of [other.id, reader.id]) {
      const why = await callLoader(reputationPage.loader, {
        path: `/profile/${id}/reputation`,
        params: { id },
        as: other,
      });
      expect(why.outcome).toBe("done");
      const profile = await callLoader(memberProfilePage.loader, {
        path: `/profile/${id}`,
        params: { id },
        as: other,
      });
      expect(profile.outcome).toBe("done");
    }
    const why = await callLoader(reputationPage.loader, {
      path: `/profile/${reader.id}/reputation`,
      params: { id: reader.id },
      as: other,
    });
    expect(why.data).toMatchObject({ score: REPUTATION_START, updatedAt: null });
    expect(await stored()).toEqual(before);
  });
});
