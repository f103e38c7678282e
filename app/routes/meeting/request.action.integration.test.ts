import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meeting } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { HOUR_MS, toSeoulInput } from "#app/platform/seoul-calendar";
import { insertSkill, type MemberSkillRow } from "#app/services/meetings/meetings.fixtures";
import {
  callAction,
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as requestPage from "./request";

let runtime: Runtime;
let callers: Callers;
let provider: SignedInMember;
let coaching: MemberSkillRow;
let pickup: MemberSkillRow;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  provider = await signUpMember(runtime);
  coaching = await insertSkill(runtime.db, provider.id, "coaching", { entries: ["와인딩 코칭"] });
  pickup = await insertSkill(runtime.db, provider.id, "pickup", { codes: ["parts"] });
});

const coachingForm = (extra: Record<string, string> = {}) => ({
  kind: "coaching",
  skillId: String(coaching.id),
  goal: "코너링 자신감",
  experience: "2년, 주말 라이딩",
  memo: "주말이 좋아요",
  locationName: "여의도",
  ...extra,
});

const post = (as: SignedInMember | null, form: Record<string, string>, kind = "coaching") =>
  callAction(requestPage.action, {
    path: `/meeting/${kind}/request?skill=${form.skillId}`,
    params: { kind },
    form,
    as,
  });

const meetingsOf = (requesterId: string) =>
  runtime.db.select().from(meeting).where(eq(meeting.requesterId, requesterId));

describe("/meeting/{kind}/request", () => {
  it("shows the expert's summary and the kind's options to a member, and sends visitors to sign in", async () => {
    const path = `/meeting/pickup/request?skill=${pickup.id}`;
    expect(
      (await callLoader(requestPage.loader, { path, params: { kind: "pickup" }, as: null })).outcome,
    ).toBe("sign-in");
    expect(
      (
        await callLoader(requestPage.loader, {
          path,
          params: { kind: "pickup" },
          as: callers.adminWithoutTwoFactor,
        })
      ).outcome,
    ).toBe("two-step");
    const page = await callLoader(requestPage.loader, {
      path,
      params: { kind: "pickup" },
      as: callers.owner,
    });
    expect(page.data).toMatchObject({
      kind: "pickup",
      expert: { skillId: pickup.id, nickname: provider.nickname, areaName: "영등포구", business: false },
      options: [{ code: "parts", label: "부품" }],
    });
    expect(page.data).not.toHaveProperty("expert.providerId");
    const none = await callLoader(requestPage.loader, {
      path: "/meeting/coaching/request",
      params: { kind: "coaching" },
      as: callers.owner,
    });
    expect(none.data).toMatchObject({ expert: null, reason: "choose" });
    const wrongKind = await callLoader(requestPage.loader, {
      path: `/meeting/repair/request?skill=${coaching.id}`,
      params: { kind: "repair" },
      as: callers.owner,
    });
    expect(wrongKind.data).toMatchObject({ expert: null, reason: "unavailable" });
    expect(
      (
        await callLoader(requestPage.loader, {
          path: "/meeting/taxi/request",
          params: { kind: "taxi" },
          as: callers.owner,
        })
      ).outcome,
    ).toBe("not-found");
  });

  it("opens the meeting and goes to its chat for a member; refuses visitors, unfinished profiles and admins without 2FA", async () => {
    const { owner, other, admin, adminWithoutTwoFactor, firstLogin } = callers;
    expect((await post(null, coachingForm())).outcome).toBe("sign-in");
    expect((await post(firstLogin, coachingForm())).outcome).toBe("first-login");
    expect((await post(adminWithoutTwoFactor, coachingForm())).outcome).toBe("two-step");
    expect(await meetingsOf(adminWithoutTwoFactor.id)).toEqual([]);

    const sent = await post(owner, coachingForm());
    const [created] = await meetingsOf(owner.id);
    expect(created).toMatchObject({ kind: "coaching", providerId: provider.id, memo: "주말이 좋아요" });
    expect(sent).toMatchObject({ outcome: "done", location: `/meeting/coaching/chat?room=${created!.code}` });

    const again = await post(owner, coachingForm());
    expect(again).toMatchObject({
      status: 409,
      data: { error: { code: "open_exists" }, values: { goal: "코너링 자신감" } },
    });
    expect(await meetingsOf(owner.id)).toHaveLength(1);
    // Another member, and an administrator acting as one, ask the same expert for themselves.
    expect((await post(other, coachingForm())).outcome).toBe("done");
    expect((await post(admin, coachingForm())).outcome).toBe("done");
  });

  it("refuses the provider's request to their own skill, keeping what was typed", async () => {
    const own = await post(provider, coachingForm());
    expect(own).toMatchObject({
      outcome: "refused",
      data: { error: { code: "own_skill" }, values: { goal: "코너링 자신감" } },
    });
    expect(await meetingsOf(provider.id)).toEqual([]);
  });

  it("answers bad input with each field's message and the typed values", async () => {
    const requester = await signUpMember(runtime);
    const bad = await post(requester, coachingForm({ goal: "", memo: "가".repeat(201) }));
    expect(bad).toMatchObject({
      status: 400,
      data: {
        lastResult: { error: { goal: ["meeting.error.text_required"], memo: ["meeting.error.memo_length"] } },
        values: { experience: "2년, 주말 라이딩" },
      },
    });
    const soon = await post(
      requester,
      {
        kind: "pickup",
        skillId: String(pickup.id),
        startAddress: "서울 영등포구 여의대로 1",
        destinationAddress: "서울 마포구 월드컵로 1",
        pickupAt: toSeoulInput(new Date(Date.now() + HOUR_MS / 2)),
        item: "parts",
        distanceKm: "8",
        minutes: "30",
      },
      "pickup",
    );
    expect(soon.data).toMatchObject({
      lastResult: { error: { pickupAt: ["meeting.error.pickup_too_soon"] } },
    });
    const ok = await post(
      requester,
      {
        kind: "pickup",
        skillId: String(pickup.id),
        startAddress: "서울 영등포구 여의대로 1",
        destinationAddress: "서울 마포구 월드컵로 1",
        pickupAt: toSeoulInput(new Date(Date.now() + 3 * HOUR_MS)),
        item: "parts",
        distanceKm: "8.5",
        minutes: "30",
      },
      "pickup",
    );
    expect(ok.outcome).toBe("done");
    expect(ok.location).toMatch(/^\/meeting\/pickup\/chat\?room=/);
    expect((await meetingsOf(requester.id))[0]?.request).toMatchObject({
      item: "parts",
      distanceKm: 8.5,
      minutes: 30,
    });
  });
});
