import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meeting, memberSkill } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { insertSkill, requestOf, type MemberSkillRow } from "#app/services/meetings/meetings.fixtures";
import { cancelMeeting, requestMeeting } from "#app/services/meetings/meeting/meetings.server";
import { sendRescueCall, withdrawRescueCall } from "#app/services/meetings/rescue/rescue.server";
import { paceRules } from "#app/services/pace/pace.server";
import {
  callAction,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as requestPage from "./request";
import * as rescuePage from "./rescue-call";

let runtime: Runtime;
let callers: Callers;
let coaching: MemberSkillRow;
const clock = new FixedClock(new Date("2026-05-11T01:00:00Z"));
const HERE = { latitude: 37.526618, longitude: 126.919666 };

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
  const expert = await signUpMember(runtime);
  coaching = await insertSkill(runtime.db, expert.id, "coaching");
  await runtime.db.insert(memberSkill).values({
    memberId: expert.id,
    kind: "rescue",
    areaName: "영등포구",
    latitude: HERE.latitude + 2 / 111.2,
    longitude: HERE.longitude,
    radiusKm: 10,
    availability: { days: [], from: null, to: null, onCall: true },
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
});

const coachingForm = () => ({
  kind: "coaching",
  skillId: String(coaching.id),
  goal: "코너링 자신감",
  experience: "2년",
  memo: "주말이 좋아요",
  locationName: "여의도",
});

const request = (as: SignedInMember | null, language: "ko" | "en" = "ko") =>
  callAction(requestPage.action, {
    path: `${language === "en" ? "/en" : ""}/meeting/coaching/request?skill=${coaching.id}`,
    params: { kind: "coaching" },
    form: coachingForm(),
    as,
  });

const rescue = (as: SignedInMember | null, language: "ko" | "en" = "ko") =>
  callAction(rescuePage.action, {
    path: `${language === "en" ? "/en" : ""}/meeting/rescue/call`,
    form: {
      intent: "send",
      situation: "체인이 끊어졌어요",
      latitude: String(HERE.latitude),
      longitude: String(HERE.longitude),
      areaName: "영등포구",
    },
    as,
  });

describe("the pace of meeting requests and rescue calls, through the pages' forms", () => {
  it("refuses a meeting request past the hour's pace with a localised message and the form as typed", async () => {
    const requester = await signUpMember(runtime);
    for (let n = 0; n < paceRules.meetingRequest.limit; n += 1) {
      const made = await requestMeeting(runtime.db, clock, requester.actor, requestOf(coaching, clock.now()));
      await cancelMeeting(runtime.db, clock, requester.actor, made.id, "일정이 바뀌었어요");
    }
    const refused = await request(requester);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      error: {
        code: "too_many_meeting_requests",
        message: "만남 신청은 1시간에 10번까지 보낼 수 있습니다. 60분 뒤에 다시 시도해 주세요.",
      },
      values: { goal: "코너링 자신감", memo: "주말이 좋아요" },
    });
    const english = await request(requester, "en");
    expect(english.data).toMatchObject({
      error: { message: "You can send up to 10 meeting requests an hour. Try again in 60 minutes." },
      values: { goal: "코너링 자신감" },
    });
    const made = await runtime.db.select().from(meeting).where(eq(meeting.requesterId, requester.id));
    expect(made).toHaveLength(paceRules.meetingRequest.limit);
    expect((await request(callers.other)).outcome).toBe("done");
    expect((await request(callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await request(null)).outcome).toBe("sign-in");
  });

  it("refuses a rescue call past the hour's pace with a localised message and the form as typed", async () => {
    const requester = await signUpMember(runtime);
    for (let n = 0; n < paceRules.rescueCall.limit; n += 1) {
      const call = await sendRescueCall(runtime.db, clock, requester.actor, { ...HERE, situation: "펑크" });
      await withdrawRescueCall(runtime.db, clock, requester.actor, call.id);
    }
    const refused = await rescue(requester);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      intent: "send",
      error: {
        code: "too_many_rescue_calls",
        message: "긴급 출동 요청은 1시간에 5번까지 보낼 수 있습니다. 60분 뒤에 다시 시도해 주세요.",
      },
      lastResult: { initialValue: { situation: "체인이 끊어졌어요" } },
    });
    const english = await rescue(requester, "en");
    expect(english.data).toMatchObject({
      error: { message: "You can send up to 5 rescue calls an hour. Try again in 60 minutes." },
    });
    expect((await rescue(callers.other)).outcome).toBe("done");
    expect((await rescue(callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await rescue(null)).outcome).toBe("sign-in");
  });
});
