import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meeting, memberSkill, rescueCallTarget } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { myRescueCall, sendRescueCall } from "#app/services/meetings/rescue/rescue.server";
import {
  callAction,
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as page from "./rescue-calls";

let runtime: Runtime;
let callers: Callers;

const HERE = { latitude: 37.526618, longitude: 126.919666 };

/** An on-call rescue skill `km` north of HERE. */
async function onCallNear(who: SignedInMember, km: number) {
  const now = runtime.clock.now();
  await runtime.db.insert(memberSkill).values({
    memberId: who.id,
    kind: "rescue",
    areaName: "영등포구",
    latitude: HERE.latitude + km / 111.2,
    longitude: HERE.longitude,
    radiusKm: 10,
    availability: { days: [], from: null, to: null, onCall: true },
    createdAt: now,
    updatedAt: now,
  });
}

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

/** A requester's call reaching these experts (each given an on-call skill the first time). */
async function callReaching(experts: SignedInMember[]) {
  const requester = await signUpMember(runtime);
  for (const [index, expert] of experts.entries()) {
    const [has] = await runtime.db.select().from(memberSkill).where(eq(memberSkill.memberId, expert.id));
    if (!has) await onCallNear(expert, index + 1);
  }
  const { id } = await sendRescueCall(runtime.db, runtime.clock, requester.actor, {
    ...HERE,
    situation: "사고가 났어요, 견인이 필요해요",
  });
  return { requester, callId: id };
}

const post = (as: SignedInMember | null, form: Record<string, string>) =>
  callAction(page.action, { path: "/meeting/rescue/calls", form, as });

describe("/meeting/rescue/calls (an expert's incoming calls)", () => {
  it("lets only a reached expert accept; the first lands in the chat, the next is told it is taken", async () => {
    const first = await signUpMember(runtime);
    const second = await signUpMember(runtime);
    const { adminWithoutTwoFactor, admin, other } = callers;
    const { requester, callId } = await callReaching([first, second, adminWithoutTwoFactor]);
    const accept = { intent: "accept", callId: String(callId) };

    expect((await post(null, accept)).outcome).toBe("sign-in");
    // Reached by the call, but an administrator without two-step verification is sent to turn it on first.
    expect((await post(adminWithoutTwoFactor, accept)).outcome).toBe("two-step");
    for (const stranger of [other, admin, requester])
      expect((await post(stranger, accept)).outcome).toBe("not-found");
    expect(await myRescueCall(runtime.db, requester.actor)).toMatchObject({ status: "open" });

    const won = await post(second, accept);
    const [created] = await runtime.db.select().from(meeting).where(eq(meeting.rescueCallId, callId));
    expect(won).toMatchObject({
      outcome: "done",
      flashed: true,
      location: `/meeting/rescue/chat?room=${created!.code}`,
    });
    expect(created).toMatchObject({ providerId: second.id, requesterId: requester.id });

    const late = await post(first, accept);
    expect(late).toMatchObject({ outcome: "invalid", status: 409 });
    expect(late.data).toMatchObject({
      error: { code: "already_taken", message: "다른 전문가가 먼저 수락한 요청입니다." },
      values: { callId: String(callId) },
    });
    expect(await myRescueCall(runtime.db, requester.actor)).toMatchObject({
      status: "accepted",
      accepted: { nickname: second.nickname, distanceKm: 2 },
    });
  });

  it("declines for the expert only, and the call leaves their list", async () => {
    const expert = await signUpMember(runtime);
    const colleague = await signUpMember(runtime);
    const { callId } = await callReaching([expert, colleague]);
    const decline = { intent: "decline", callId: String(callId) };
    const { other, adminWithoutTwoFactor } = callers;
    expect((await post(null, decline)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, decline)).outcome).toBe("two-step");
    expect((await post(other, decline)).outcome).toBe("not-found");

    const listed = await callLoader(page.loader, { path: "/meeting/rescue/calls", as: expert });
    const calls = (listed.data as { calls: Record<string, unknown>[] }).calls;
    expect(calls).toMatchObject([
      { callId, situation: "사고가 났어요, 견인이 필요해요", areaName: "영등포구", distanceKm: 1 },
    ]);
    // Before an acceptance the expert learns the district and the distance, never the point.
    expect(Object.keys(calls[0]!)).not.toEqual(expect.arrayContaining(["latitude"]));
    expect(JSON.stringify(listed.data)).not.toContain(String(HERE.latitude));

    expect(await post(expert, decline)).toMatchObject({
      outcome: "done",
      location: "/meeting/rescue/calls",
      flashed: true,
    });
    expect((await callLoader(page.loader, { path: "/meeting/rescue/calls", as: expert })).data).toMatchObject(
      { calls: [] },
    );
    const [mine] = await runtime.db
      .select({ status: rescueCallTarget.status })
      .from(rescueCallTarget)
      .where(eq(rescueCallTarget.providerId, expert.id));
    expect(mine).toEqual({ status: "declined" });
    expect((await post(expert, decline)).data).toMatchObject({ error: { code: "already_answered" } });
  });

  it("refuses visitors and an unknown intent", async () => {
    expect((await callLoader(page.loader, { path: "/meeting/rescue/calls", as: null })).outcome).toBe(
      "sign-in",
    );
    expect((await post(callers.owner, { intent: "nonsense", callId: "1" })).outcome).toBe("invalid");
    expect((await post(callers.owner, { intent: "accept", callId: "x" })).outcome).toBe("not-found");
  });
});
