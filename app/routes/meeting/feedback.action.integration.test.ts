import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meetingFeedback } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { balanceOf, memberPointsCode } from "#app/services/ledger/ledger.server";
import { insertMeeting } from "../../../tests/setup/conduct-meetings";
import {
  callAction,
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "../../../tests/setup/route-actions";
import * as page from "./feedback";

let runtime: Runtime;
let callers: Callers;
let provider: SignedInMember;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  provider = await signUpMember(runtime);
});

const endedMeeting = (status: "ended" | "reserved" = "ended") =>
  insertMeeting(
    runtime.db,
    runtime.clock,
    { requesterId: callers.owner.id, providerId: provider.id },
    { status },
  );

const path = (meetingId: number) => `/meeting/feedback?meeting=${meetingId}`;
const post = (as: SignedInMember | null, meetingId: number, form: Record<string, string>) =>
  callAction(page.action, { path: path(meetingId), form, as });
const give = (content = "가".repeat(120)) => ({ intent: "give", verdict: "smooth", rating: "5", content });

const feedbackOf = async (meetingId: number, authorId: string) =>
  runtime.db
    .select()
    .from(meetingFeedback)
    .where(and(eq(meetingFeedback.meetingId, meetingId), eq(meetingFeedback.authorId, authorId)));
const points = () => balanceOf(runtime.db, memberPointsCode(callers.owner.id)).catch(() => 0);

describe("/meeting/feedback", () => {
  it("shows the form to a side of an ended meeting only", async () => {
    const meetingId = await endedMeeting();
    const load = (as: SignedInMember | null) => callLoader(page.loader, { path: path(meetingId), as });
    expect((await load(null)).outcome).toBe("sign-in");
    expect((await load(callers.other)).outcome).toBe("refused");
    expect((await load(callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await load(callers.admin)).outcome).toBe("refused");
    const shown = await load(callers.owner);
    expect(shown.data).toMatchObject({
      meeting: { id: meetingId, kind: "repair", otherNickname: provider.nickname },
      answered: null,
    });
    expect(
      (await callLoader(page.loader, { path: "/meeting/feedback?meeting=x", as: callers.owner })).outcome,
    ).toBe("not-found");
  });

  it("takes feedback from a side only, pays 200 P once, and keeps what was typed when refused", async () => {
    const meetingId = await endedMeeting();
    for (const [who, as, outcome] of [
      ["a visitor", null, "sign-in"],
      ["another member", callers.other, "refused"],
      ["an administrator without two-step verification", callers.adminWithoutTwoFactor, "two-step"],
      ["an administrator", callers.admin, "refused"],
    ] as const) {
      expect((await post(as, meetingId, give())).outcome, who).toBe(outcome);
    }
    expect(await feedbackOf(meetingId, callers.owner.id)).toEqual([]);

    const invalid = await post(callers.owner, meetingId, {
      intent: "give",
      verdict: "smooth",
      rating: "9",
      content: "좋았어요",
    });
    expect(invalid.outcome).toBe("invalid");
    expect(invalid.data).toMatchObject({
      lastResult: {
        error: { rating: ["conduct.error.feedback_rating_invalid"] },
        initialValue: { content: "좋았어요" },
      },
    });

    const before = await points();
    const given = await post(callers.owner, meetingId, give());
    expect(given).toMatchObject({ outcome: "done", location: "/my/feedback", flashed: true });
    expect(await feedbackOf(meetingId, callers.owner.id)).toEqual([
      expect.objectContaining({ verdict: "smooth", rating: 5, rewardPoints: 200 }),
    ]);
    expect(await points()).toBe(before + 200);

    const again = await post(callers.owner, meetingId, give());
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: { code: "feedback_already_given" } });
    expect(await points()).toBe(before + 200);
  });

  it("refuses feedback before the meeting ends, and skips once", async () => {
    const reserved = await endedMeeting("reserved");
    expect((await post(callers.owner, reserved, give())).data).toMatchObject({
      error: { code: "feedback_not_open" },
    });
    const meetingId = await endedMeeting();
    expect((await post(callers.other, meetingId, { intent: "skip" })).outcome).toBe("refused");
    expect((await post(null, meetingId, { intent: "skip" })).outcome).toBe("sign-in");
    expect((await post(callers.owner, meetingId, { intent: "skip" })).outcome).toBe("done");
    expect(await feedbackOf(meetingId, callers.owner.id)).toEqual([
      expect.objectContaining({ verdict: "skipped", rating: null }),
    ]);
    expect((await post(callers.owner, meetingId, { intent: "skip" })).status).toBe(409);
  });
});
