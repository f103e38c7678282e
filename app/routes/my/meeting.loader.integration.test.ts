import { beforeAll, describe, expect, it } from "vitest";
import { meetingKinds } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { insertSkill, requestOf } from "#app/services/meetings/meetings.fixtures";
import { requestMeeting } from "#app/services/meetings/meeting/meetings.server";
import type { RequestDetail } from "#app/services/meetings/meeting/request-details";
import * as chatPage from "../meeting/chat";
import {
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as myMeeting from "./meeting";

let runtime: Runtime;
let callers: Callers;
let provider: SignedInMember;
let meetingId: number;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  provider = await signUpMember(runtime);
  const skill = await insertSkill(runtime.db, provider.id, "repair");
  meetingId = (
    await requestMeeting(
      runtime.db,
      runtime.clock,
      callers.owner.actor,
      requestOf(skill, runtime.clock.now()),
    )
  ).id;
});

const load = (as: SignedInMember | null, query = "") =>
  callLoader(myMeeting.loader, { path: `/my/meeting${query}`, as });

describe("/my/meeting", () => {
  it("sends visitors to sign in and administrators without two-step verification to turn it on", async () => {
    expect((await load(null)).outcome).toBe("sign-in");
    expect((await load(callers.adminWithoutTwoFactor, "?tab=repair&side=sent")).outcome).toBe("two-step");
  });

  it("shows the requester's sent meeting and the provider's received one, with the other side's nickname", async () => {
    const sent = await load(callers.owner, "?tab=repair&side=sent");
    expect(sent.data).toMatchObject({
      kind: "repair",
      side: "sent",
      items: [{ id: meetingId, status: "chatting", other: { id: provider.id, nickname: provider.nickname } }],
      nextCursor: null,
    });
    const received = await load(provider, "?tab=repair&side=received");
    expect(received.data).toMatchObject({
      items: [{ id: meetingId, other: { id: callers.owner.id, nickname: callers.owner.nickname } }],
    });
    expect((await load(provider, "?tab=repair&side=sent")).data).toMatchObject({ items: [] });
    expect((await load(callers.owner, "?tab=repair")).data).toMatchObject({ side: "received", items: [] });
  });

  it("shows nothing of others' meetings to another member or an administrator", async () => {
    for (const viewer of [callers.other, callers.admin])
      for (const side of ["sent", "received"])
        expect((await load(viewer, `?tab=repair&side=${side}`)).data).toMatchObject({ items: [] });
    expect((await load(callers.other, "?tab=bogus")).data).toMatchObject({ kind: "owner", items: [] });
  });
});

describe("what the rider asked, on the provider's side", () => {
  const wishAt = new Date("2031-05-01T01:30:00.000Z");
  /** The details each kind's request shows, in the request form's order, then the wish, the memo and the place. */
  const expected = (pickupAt: string): Record<string, RequestDetail[]> => ({
    owner: [{ name: "question", type: "text", text: "시트고가 어떤가요?" }],
    repair: [
      { name: "model", type: "text", text: "PCX 125" },
      { name: "repairOption", type: "label", label: { ko: "엔진오일 교환", en: "Oil Change" } },
      { name: "symptom", type: "text", text: "오일 경고등" },
    ],
    coaching: [
      { name: "goal", type: "text", text: "와인딩" },
      { name: "experience", type: "text", text: "2년" },
    ],
    rescue: [{ name: "situation", type: "text", text: "펑크" }],
    pickup: [
      { name: "startAddress", type: "text", text: "서울 영등포구 여의대로 1" },
      { name: "destinationAddress", type: "text", text: "서울 마포구 월드컵로 1" },
      { name: "pickupAt", type: "at", at: pickupAt },
      {
        name: "item",
        type: "label",
        label: { ko: "125cc 이하 오토바이", en: "Motorcycle (125cc or less)" },
      },
      { name: "distanceKm", type: "number", number: 8.5 },
      { name: "minutes", type: "number", number: 30 },
    ],
  });

  it("shows each kind's request in the received list and at the top of the room, to both sides", async () => {
    const rider = await signUpMember(runtime);
    const expert = await signUpMember(runtime);
    for (const kind of meetingKinds) {
      const skill = await insertSkill(runtime.db, expert.id, kind);
      const input = requestOf(skill, runtime.clock.now(), {
        wishAt,
        memo: "주차장 입구에서 뵈어요",
        ...(kind === "rescue" ? {} : { locationName: "여의도" }),
      });
      const { code } = await requestMeeting(runtime.db, runtime.clock, rider.actor, input);
      const pickupAt = "pickupAt" in input ? input.pickupAt.toISOString() : "";
      const details = [
        ...expected(pickupAt)[kind]!,
        { name: "wishAt", type: "at", at: wishAt.toISOString() },
        { name: "memo", type: "text", text: "주차장 입구에서 뵈어요" },
        { name: "locationName", type: "text", text: kind === "rescue" ? "여의도 한강공원" : "여의도" },
      ];

      const received = await load(expert, `?tab=${kind}&side=received`);
      expect(received.data, kind).toMatchObject({ items: [{ request: details }] });
      const sent = await load(rider, `?tab=${kind}&side=sent`);
      expect(sent.data, kind).toMatchObject({ items: [{ request: details }] });

      for (const side of [expert, rider]) {
        const room = await callLoader(chatPage.loader, {
          path: `/meeting/${kind}/chat?room=${code}`,
          params: { kind },
          as: side,
        });
        expect(room.data, kind).toMatchObject({ mode: "room", room: { request: details } });
      }
    }
  });
});
