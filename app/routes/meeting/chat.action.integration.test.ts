import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meeting, meetingMessage, meetingMessageReport, noShowReport } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { AdjustableClock } from "#app/platform/clock.server";
import { toSeoulInput } from "#app/platform/seoul-calendar";
import { phoneJpeg } from "#app/services/uploads/test-images";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import {
  callAction,
  callLoader,
  callWithRequest,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as chatPage from "./chat";

let runtime: Runtime;
let callers: Callers;
const clock = new AdjustableClock();
const HOUR = 60 * 60_000;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
});

/** A fresh meeting in which `owner` is the provider and `other` the requester. */
async function openMeeting(options: Parameters<typeof insertMeeting>[3] = {}) {
  const { owner: provider, other: requester } = callers;
  const id = await insertMeeting(
    runtime.db,
    clock,
    { requesterId: requester.id, providerId: provider.id },
    options,
  );
  const [row] = await runtime.db.select().from(meeting).where(eq(meeting.id, id));
  return row!;
}

const post = (as: SignedInMember | null, code: string, form: Record<string, string>) =>
  callAction(chatPage.action, {
    path: `/meeting/repair/chat?room=${code}`,
    params: { kind: "repair" },
    form,
    as,
  });

const load = (as: SignedInMember | null, search: string) =>
  callLoader(chatPage.loader, { path: `/meeting/repair/chat${search}`, params: { kind: "repair" }, as });

const row = async (id: number) => (await runtime.db.select().from(meeting).where(eq(meeting.id, id)))[0]!;
const errorCode = (data: unknown) => (data as { error?: { code?: string } }).error?.code;

/** A third member, neither side of the meetings here. */
let stranger: SignedInMember;
beforeAll(async () => {
  stranger = await signUpMember(runtime);
});

describe("/meeting/{kind}/chat, entering", () => {
  it("shows the room to its sides and an acting administrator, and refuses everybody else", async () => {
    const subject = await openMeeting();
    const { owner: provider, other: requester, admin, adminWithoutTwoFactor } = callers;
    for (const side of [provider, requester, admin]) {
      const answer = await load(side, `?room=${subject.code}`);
      expect(answer).toMatchObject({ outcome: "done", data: { mode: "room", room: { code: subject.code } } });
    }
    const refused = await load(stranger, `?room=${subject.code}`);
    expect(refused).toMatchObject({
      status: 403,
      data: { mode: "refused", error: { code: "no_permission" } },
    });
    expect((refused.data as { error: { message: string } }).error.message).toBe(
      "채팅방에 입장할 권한이 없습니다.",
    );
    // Without two-step verification an administrator reads as a plain member (the page's guard asks them to turn it on).
    expect((await load(adminWithoutTwoFactor, `?room=${subject.code}`)).status).toBe(403);
    expect((await load(null, `?room=${subject.code}`)).outcome).toBe("sign-in");
    const malformed = await load(provider, "?room=bad");
    expect(malformed).toMatchObject({ status: 404, data: { error: { code: "room_code_invalid" } } });
    expect((malformed.data as { error: { message: string } }).error.message).toBe(
      "채팅방 코드를 확인해주세요.",
    );
    const otherKind = await callLoader(chatPage.loader, {
      path: `/meeting/owner/chat?room=${subject.code}`,
      params: { kind: "owner" },
      as: provider,
    });
    expect(otherKind.location).toBe(`/meeting/repair/chat?room=${subject.code}`);
  });

  it("lists the member's conversations of the kind with unread counts", async () => {
    const subject = await openMeeting();
    const { owner: provider, other: requester } = callers;
    await post(requester, subject.code, { intent: "send", clientId: "list-check-0001", text: "안녕하세요" });
    const answer = await load(provider, "");
    const items = (answer.data as { mode: string; items: { code: string; unread: number }[] }).items;
    expect(items.find((item) => item.code === subject.code)).toMatchObject({ unread: 2 });
    expect((await load(stranger, "")).data).toMatchObject({ mode: "list", items: [] });
  });

  it("writes nothing when a room is loaded: it stays unread until the page posts its read mark", async () => {
    const subject = await openMeeting();
    const { owner: provider, other: requester } = callers;
    await post(requester, subject.code, {
      intent: "send",
      clientId: "get-read-check-1",
      text: "확인 부탁드려요",
    });
    const unread = async () =>
      ((await load(provider, "")).data as { items: { code: string; unread: number }[] }).items.find(
        (item) => item.code === subject.code,
      )?.unread;

    const opened = await load(provider, `?room=${subject.code}`);
    const { room, history } = opened.data as {
      room: { readUpTo: number };
      history: { messages: { id: number }[] };
    };
    expect(room.readUpTo).toBe(0);
    expect(await unread()).toBe(2);

    const last = String(history.messages.at(-1)!.id);
    expect(await post(provider, subject.code, { intent: "read", messageId: last })).toMatchObject({
      data: { ok: true, lastReadMessageId: Number(last) },
    });
    expect(await unread()).toBe(0);
    expect(
      ((await load(provider, `?room=${subject.code}`)).data as { room: { readUpTo: number } }).room.readUpTo,
    ).toBe(Number(last));
  });
});

describe("/meeting/{kind}/chat, sending and reading", () => {
  it("stores a participant's message once per client id, and refuses everybody else", async () => {
    const subject = await openMeeting();
    const { owner: provider, other: requester, admin, adminWithoutTwoFactor } = callers;
    const form = { intent: "send", clientId: "action-send-0001", text: "010-1234-5678로 연락 주세요" };
    const first = await post(requester, subject.code, form);
    expect(first).toMatchObject({ outcome: "done", data: { ok: true, message: { flagged: true } } });
    const again = await post(requester, subject.code, form);
    expect((again.data as { message: { id: number } }).message.id).toBe(
      (first.data as { message: { id: number } }).message.id,
    );
    expect((await post(provider, subject.code, { ...form, clientId: "action-send-0002" })).outcome).toBe(
      "done",
    );

    expect((await post(null, subject.code, form)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, subject.code, form)).outcome).toBe("two-step");
    const strangers = await post(stranger, subject.code, { ...form, clientId: "action-send-0003" });
    expect(strangers.status).toBe(403);
    expect(errorCode(strangers.data)).toBe("no_permission");
    const admins = await post(admin, subject.code, { ...form, clientId: "action-send-0004" });
    expect(errorCode(admins.data)).toBe("admin_read_only");
    const empty = await post(requester, subject.code, {
      intent: "send",
      clientId: "action-send-0005",
      text: " ",
    });
    expect(empty).toMatchObject({
      status: 400,
      data: { error: { code: "text_required" }, values: { text: " " } },
    });
    const stored = await runtime.db
      .select()
      .from(meetingMessage)
      .where(eq(meetingMessage.meetingId, subject.id));
    expect(stored.filter((m) => m.kind === "text")).toHaveLength(2);
  });

  it("marks reads and takes reports from the sides only", async () => {
    const subject = await openMeeting();
    const { owner: provider, other: requester, admin } = callers;
    const sent = await post(provider, subject.code, {
      intent: "send",
      clientId: "report-check-01",
      text: "광고",
    });
    const messageId = String((sent.data as { message: { id: number } }).message.id);
    expect(await post(requester, subject.code, { intent: "read", messageId })).toMatchObject({
      data: { ok: true, lastReadMessageId: Number(messageId) },
    });
    expect(errorCode((await post(stranger, subject.code, { intent: "read", messageId })).data)).toBe(
      "no_permission",
    );
    expect(
      errorCode((await post(stranger, subject.code, { intent: "report", messageId, reason: "x" })).data),
    ).toBe("message_not_found");
    expect(
      errorCode((await post(admin, subject.code, { intent: "report", messageId, reason: "x" })).data),
    ).toBe("message_not_found");
    expect(
      errorCode((await post(provider, subject.code, { intent: "report", messageId, reason: "x" })).data),
    ).toBe("report_own");
    expect(
      (await post(requester, subject.code, { intent: "report", messageId, reason: "스팸" })).data,
    ).toMatchObject({
      ok: true,
      notice: "신고가 접수되었습니다.",
    });
    const reports = await runtime.db
      .select()
      .from(meetingMessageReport)
      .where(eq(meetingMessageReport.meetingId, subject.id));
    expect(reports).toHaveLength(1);
  });
});

describe("/meeting/{kind}/chat, a photo with words", () => {
  /** The composer's post with a photo and the words typed beside it, as a browser sends it (multipart). */
  async function postPhoto(as: SignedInMember | null, code: string, clientId: string, text: string) {
    const body = new FormData();
    body.set("intent", "send");
    body.set("clientId", clientId);
    body.set("text", text);
    body.set("image", new File([new Uint8Array(await phoneJpeg())], "dash.jpg", { type: "image/jpeg" }));
    const headers = new Headers(as ? { Cookie: as.cookie } : {});
    return callWithRequest(
      chatPage.action,
      new Request(`http://localhost:3999/meeting/repair/chat?room=${code}`, {
        method: "POST",
        headers,
        body,
      }),
      { kind: "repair" },
    );
  }

  it("stores the photo and the words as one message, once, for the sides only", async () => {
    const subject = await openMeeting();
    const { other: requester, adminWithoutTwoFactor } = callers;
    expect((await postPhoto(null, subject.code, "photo-words-0001", "경고등 사진입니다")).outcome).toBe(
      "sign-in",
    );
    expect((await postPhoto(adminWithoutTwoFactor, subject.code, "photo-words-0001", "x")).outcome).toBe(
      "two-step",
    );
    expect((await postPhoto(stranger, subject.code, "photo-words-0001", "x")).status).toBe(403);
    const sent = await postPhoto(requester, subject.code, "photo-words-0001", "  경고등 사진입니다 ");
    expect(sent).toMatchObject({
      outcome: "done",
      data: { ok: true, message: { kind: "image", body: "경고등 사진입니다", senderId: requester.id } },
    });
    expect(
      (await postPhoto(requester, subject.code, "photo-words-0001", "경고등 사진입니다")).data,
    ).toMatchObject({ message: { id: (sent.data as { message: { id: number } }).message.id } });
    const stored = await runtime.db
      .select()
      .from(meetingMessage)
      .where(eq(meetingMessage.meetingId, subject.id));
    expect(stored.filter((message) => message.kind !== "system")).toMatchObject([
      { kind: "image", body: "경고등 사진입니다", imageUrl: expect.stringMatching(/^\/uploads\//) },
    ]);
    const tooLong = await postPhoto(requester, subject.code, "photo-words-0002", "가".repeat(1001));
    expect(tooLong).toMatchObject({ outcome: "invalid", data: { error: { code: "text_length" } } });
    expect((await postPhoto(requester, subject.code, "photo-only-00001", "  ")).data).toMatchObject({
      message: { kind: "image", body: "" },
    });
  });
});

describe("/meeting/{kind}/chat, the meeting's actions", () => {
  it("places a meeting place sent without a point (a page without JavaScript) at its address's district", async () => {
    const subject = await openMeeting();
    const { owner: provider, other: requester } = callers;
    const typed = { intent: "setPlace", placeName: "모토정비", placeAddress: "서울 영등포구 여의대로 1" };
    expect((await post(null, subject.code, typed)).outcome).toBe("sign-in");
    expect((await post(callers.adminWithoutTwoFactor, subject.code, typed)).outcome).toBe("two-step");
    expect((await post(stranger, subject.code, typed)).status).toBe(403);
    expect((await post(requester, subject.code, typed)).outcome).toBe("refused");
    expect((await row(subject.id)).placeName).toBeNull();
    expect(await post(provider, subject.code, typed)).toMatchObject({ outcome: "done", data: { ok: true } });
    const placed = await row(subject.id);
    expect(placed).toMatchObject({ placeName: "모토정비", placeAddress: "서울 영등포구 여의대로 1" });
    expect(placed.placeLatitude).toBeCloseTo(37.52, 1);
    expect(placed.placeLongitude).toBeCloseTo(126.9, 1);
    const nowhere = await post(provider, subject.code, { ...typed, placeAddress: "없는동네 어딘가 1" });
    expect(nowhere).toMatchObject({
      data: {
        error: { code: "place_not_found" },
        values: { placeName: "모토정비", placeAddress: "없는동네 어딘가 1" },
      },
    });
    expect((await row(subject.id)).placeAddress).toBe("서울 영등포구 여의대로 1");
  });

  it("lets the provider arrange, reserve and close the meeting, and refuses the requester", async () => {
    const subject = await openMeeting();
    const { owner: provider, other: requester, admin, adminWithoutTwoFactor } = callers;
    const at = toSeoulInput(new Date(clock.now().getTime() + 2 * HOUR));
    const place = {
      intent: "setPlace",
      placeName: "모토정비",
      placeAddress: "서울 영등포구 여의대로 1",
      latitude: "37.5266",
      longitude: "126.9196",
    };
    const providerIntents: Record<string, string>[] = [
      { intent: "setAppointment", at },
      place,
      { intent: "reserve" },
    ];
    for (const form of providerIntents) {
      expect((await post(null, subject.code, form)).outcome).toBe("sign-in");
      expect((await post(adminWithoutTwoFactor, subject.code, form)).outcome).toBe("two-step");
      const strangers = await post(stranger, subject.code, form);
      expect(strangers.status).toBe(403);
      const requesters = await post(requester, subject.code, form);
      expect(requesters.outcome).toBe("refused");
      expect(requesters.data).toMatchObject({ values: { intent: form.intent } });
    }
    expect(await row(subject.id)).toMatchObject({ status: "chatting", appointmentAt: null, placeName: null });

    const past = await post(provider, subject.code, { intent: "setAppointment", at: "2001-01-01T10:00" });
    expect(past).toMatchObject({ outcome: "invalid", data: { values: { at: "2001-01-01T10:00" } } });
    for (const form of providerIntents)
      expect(await post(provider, subject.code, form)).toMatchObject({ outcome: "done", data: { ok: true } });
    expect(await row(subject.id)).toMatchObject({ status: "reserved", placeName: "모토정비" });

    expect(errorCode((await post(provider, subject.code, { intent: "end" })).data)).toBe("end_too_early");
    clock.advance(2 * HOUR);
    expect((await post(requester, subject.code, { intent: "end" })).outcome).toBe("refused");
    expect((await post(admin, subject.code, { intent: "end" })).outcome).toBe("done");
    expect(await row(subject.id)).toMatchObject({ status: "ended" });
    const closed = await post(provider, subject.code, {
      intent: "send",
      clientId: "after-end-0001",
      text: "감사합니다",
    });
    expect(errorCode(closed.data)).toBe("read_only");
  });

  it("answers an unknown intent and a malformed field with a localised 400, changing nothing", async () => {
    const subject = await openMeeting();
    const { owner: provider } = callers;
    for (const intent of ["", "delete"]) {
      const unknown = await post(provider, subject.code, { intent });
      expect(unknown).toMatchObject({
        status: 400,
        data: { error: { code: "invalid_access", message: "잘못된 접근입니다." } },
      });
    }
    const at = await post(provider, subject.code, { intent: "setAppointment", at: "다음 주 화요일" });
    expect(at).toMatchObject({
      status: 400,
      data: {
        error: { code: "invalid_form", message: "올바른 날짜와 시간을 입력해 주세요." },
        values: { intent: "setAppointment", at: "다음 주 화요일" },
      },
    });
    const place = await post(provider, subject.code, {
      intent: "setPlace",
      placeName: "모토정비",
      placeAddress: "서울 영등포구 여의대로 1",
      latitude: "북위 37도",
      longitude: "126.9196",
    });
    expect(place).toMatchObject({
      status: 400,
      data: { error: { code: "invalid_form", message: "만날 장소의 이름, 주소와 위치를 확인해 주세요." } },
    });
    const read = await post(provider, subject.code, { intent: "read", messageId: "0" });
    expect(read).toMatchObject({ status: 400, data: { error: { code: "invalid_form" } } });
    expect(await row(subject.id)).toMatchObject({ appointmentAt: null, placeName: null });
  });

  it("lets the requester cancel with a reason, keeping what was typed on a refusal", async () => {
    const subject = await openMeeting();
    const { other: requester } = callers;
    const tooLong = "가".repeat(201);
    expect((await post(requester, subject.code, { intent: "cancel", reason: tooLong })).data).toMatchObject({
      values: { intent: "cancel", reason: tooLong },
    });
    expect((await post(stranger, subject.code, { intent: "cancel", reason: "사정" })).status).toBe(403);
    expect(
      (await post(requester, subject.code, { intent: "cancel", reason: "일정이 바뀌었어요" })).outcome,
    ).toBe("done");
    expect(await row(subject.id)).toMatchObject({ status: "cancelled", cancelReason: "일정이 바뀌었어요" });
  });

  it("takes the provider's no-show report from 15 minutes after the appointment", async () => {
    const appointmentAt = new Date(clock.now().getTime() - 10 * 60_000);
    const subject = await openMeeting({ status: "reserved", appointmentAt });
    const { owner: provider, other: requester } = callers;
    const form = { intent: "reportNoShow", content: "30분을 기다렸지만 오지 않았습니다." };
    expect((await post(provider, subject.code, form)).status).toBeGreaterThanOrEqual(400);
    clock.advance(5 * 60_000);
    expect((await post(stranger, subject.code, form)).status).toBe(403);
    expect((await post(provider, subject.code, form)).outcome).toBe("done");
    const reports = await runtime.db
      .select()
      .from(noShowReport)
      .where(eq(noShowReport.meetingId, subject.id));
    expect(reports).toMatchObject([{ reporterId: provider.id, absentId: requester.id }]);
  });
});
