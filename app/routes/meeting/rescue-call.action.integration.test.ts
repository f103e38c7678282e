import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { memberLocation, memberSkill, rescueCall } from "#app/db/schema";
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
import * as page from "./rescue-call";

let runtime: Runtime;
let callers: Callers;
let expert: SignedInMember;

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
  expert = await signUpMember(runtime);
  await onCallNear(expert, 2);
});

const post = (as: SignedInMember | null, form: Record<string, string>, path = "/meeting/rescue/call") =>
  callAction(page.action, { path, form, as });

const sendForm = (situation = "체인이 끊어졌어요") => ({
  intent: "send",
  situation,
  latitude: String(HERE.latitude),
  longitude: String(HERE.longitude),
  areaName: "영등포구",
});

const callsOf = (who: SignedInMember) =>
  runtime.db.select().from(rescueCall).where(eq(rescueCall.requesterId, who.id));

describe("/meeting/rescue/call (one-tap rescue)", () => {
  it("sends a call for a signed-in member who acts for themself only", async () => {
    const { owner, adminWithoutTwoFactor, firstLogin } = callers;
    expect((await post(null, sendForm())).outcome).toBe("sign-in");
    expect((await post(firstLogin, sendForm())).outcome).toBe("first-login");
    expect((await post(adminWithoutTwoFactor, sendForm())).outcome).toBe("two-step");
    expect(await callsOf(adminWithoutTwoFactor)).toEqual([]);

    expect(await post(owner, sendForm())).toMatchObject({
      outcome: "done",
      location: "/meeting/rescue/call",
      flashed: true,
    });
    expect(await callsOf(owner)).toMatchObject([
      { status: "open", situation: "체인이 끊어졌어요", areaName: "영등포구" },
    ]);
    const english = await post(owner, sendForm(), "/en/meeting/rescue/call");
    expect(english).toMatchObject({ outcome: "invalid", status: 409 });
    expect(english.data).toMatchObject({
      intent: "send",
      error: { code: "open_call_exists" },
      lastResult: { initialValue: { situation: "체인이 끊어졌어요" } },
    });

    const shown = await callLoader(page.loader, { path: "/meeting/rescue/call", as: owner });
    expect(shown.data).toMatchObject({
      call: { status: "open", reached: 1, declined: 0, accepted: null, canWithdraw: true },
    });
  });

  it("gives the form back with its messages when what was typed is refused", async () => {
    const { other } = callers;
    const empty = await post(other, sendForm("   "));
    expect(empty).toMatchObject({ outcome: "invalid", status: 400 });
    expect(empty.data).toMatchObject({
      lastResult: { error: { situation: ["rescue.error.situation_invalid"] } },
    });
    const nowhere = await post(other, { ...sendForm(), latitude: "", longitude: "abc" });
    expect(nowhere.data).toMatchObject({
      lastResult: {
        error: { latitude: ["rescue.error.location_invalid"], longitude: ["rescue.error.location_invalid"] },
      },
    });
    const tooLong = await post(other, sendForm("가".repeat(201)));
    expect(tooLong.data).toMatchObject({
      lastResult: { error: { situation: ["rescue.error.situation_invalid"] } },
    });
    expect(await callsOf(other)).toEqual([]);
  });

  it("says clearly when no expert is in range, and stores nothing", async () => {
    const lonely = await signUpMember(runtime);
    const far = await post(lonely, { ...sendForm(), latitude: "35.1796", longitude: "129.0756" });
    expect(far).toMatchObject({ outcome: "invalid", status: 409 });
    expect(far.data).toMatchObject({
      error: { code: "no_expert_nearby", message: expect.stringContaining("전문가") },
    });
    expect(await callsOf(lonely)).toEqual([]);
  });

  it("withdraws only the requester's own open call", async () => {
    const requester = await signUpMember(runtime);
    const { id } = await sendRescueCall(runtime.db, runtime.clock, requester.actor, {
      ...HERE,
      situation: "시동이 안 걸려요",
    });
    const form = { intent: "withdraw", callId: String(id) };
    const { other, admin, adminWithoutTwoFactor } = callers;
    expect((await post(null, form)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, form)).outcome).toBe("two-step");
    for (const stranger of [other, admin, expert])
      expect((await post(stranger, form)).outcome).toBe("not-found");
    expect(await myRescueCall(runtime.db, requester.actor)).toMatchObject({ status: "open" });

    expect(await post(requester, form)).toMatchObject({ outcome: "done", flashed: true });
    expect(await myRescueCall(runtime.db, requester.actor)).toMatchObject({ status: "withdrawn" });
    const again = await post(requester, form);
    expect(again).toMatchObject({ outcome: "invalid", status: 409 });
    expect(again.data).toMatchObject({ intent: "withdraw", error: { code: "call_closed" } });
  });

  it("starts from the member's main area, else the default point, and refuses visitors", async () => {
    expect((await callLoader(page.loader, { path: "/meeting/rescue/call", as: null })).outcome).toBe(
      "sign-in",
    );
    const plain = await signUpMember(runtime);
    expect((await callLoader(page.loader, { path: "/meeting/rescue/call", as: plain })).data).toMatchObject({
      call: null,
      fallback: { ...HERE, source: "default", areaName: "영등포구" },
    });
    await runtime.db.insert(memberLocation).values({
      userId: plain.id,
      position: 0,
      isMain: true,
      simpleAddress: "마포구",
      areaCode: "seoul-mapo",
      latitude: 37.5663,
      longitude: 126.9019,
    });
    const english = await callLoader(page.loader, { path: "/en/meeting/rescue/call", as: plain });
    expect(english.data).toMatchObject({
      fallback: { latitude: 37.5663, longitude: 126.9019, source: "mainArea", areaName: "Mapo-gu" },
    });
    const rows = await runtime.db
      .select()
      .from(memberLocation)
      .where(and(eq(memberLocation.userId, plain.id), eq(memberLocation.isMain, true)));
    expect(rows).toHaveLength(1);
  });
});
