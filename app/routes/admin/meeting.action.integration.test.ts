import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meetingMessage, meetingMessageReport } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import {
  auditActsOn,
  callAction,
  callLoader,
  refusedCallers,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as page from "./meeting";

let runtime: Runtime;
let callers: Callers;
let meetingId: number;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  meetingId = await insertMeeting(
    runtime.db,
    runtime.clock,
    { requesterId: callers.owner.id, providerId: callers.other.id },
    { status: "reserved" },
  );
});

const load = (as: SignedInMember | null, query = "") =>
  callLoader(page.loader, { path: `/admin/meeting${query}`, as });

describe("/admin/meeting (read only)", () => {
  it("is for staff who moderate content only: even a side of the meeting gets 404, and finance", async () => {
    for (const query of ["", `?id=${meetingId}`]) {
      // The owner and the other member are the meeting's two sides.
      for (const [who, as, outcome] of refusedCallers(callers, "finance"))
        expect((await load(as, query)).outcome, `${query} ${who}`).toBe(outcome);
      expect((await load(callers.moderator, query)).outcome, query).toBe("done");
      expect((await load(callers.admin, query)).outcome, query).toBe("done");
    }
  });

  it("searches by a side's nickname and by state", async () => {
    const byNickname = await load(callers.admin, `?q=${encodeURIComponent(callers.owner.nickname)}`);
    expect(byNickname.data).toMatchObject({
      view: "list",
      items: [expect.objectContaining({ id: meetingId, requesterNickname: callers.owner.nickname })],
    });
    const ended = await load(callers.admin, `?q=${encodeURIComponent(callers.owner.nickname)}&status=ended`);
    expect(ended.data).toMatchObject({ items: [] });
    const nobody = await load(callers.admin, "?q=%25");
    expect(nobody.data).toMatchObject({ items: [] });
  });

  it("reads a meeting's chat in order with its system lines", async () => {
    const record = await load(callers.admin, `?id=${meetingId}`);
    expect(record.data).toMatchObject({
      view: "record",
      record: {
        meeting: { id: meetingId, status: "reserved" },
        chat: [expect.objectContaining({ kind: "system", event: "requestOpened" })],
        log: [],
      },
    });
    expect((await load(callers.admin, "?id=999999")).outcome).toBe("not-found");
  });

  it("puts each reading of a meeting's chat on the audit log, and nothing for a refused one", async () => {
    const read = () => auditActsOn(runtime, "meeting", meetingId);
    const before = (await read()).length;
    expect((await load(callers.finance, `?id=${meetingId}`)).outcome).toBe("not-found");
    expect(await read()).toHaveLength(before);
    await load(callers.moderator, `?id=${meetingId}`);
    expect((await read()).slice(before)).toEqual([
      { action: "meeting.record.read", adminId: callers.moderator.id, role: "moderator" },
    ]);
  });
});

describe("/admin/meeting: reported chat messages", () => {
  /** A message of the provider's that the requester reported. */
  async function openReport(): Promise<number> {
    const at = runtime.clock.now();
    const [message] = await runtime.db
      .insert(meetingMessage)
      .values({
        meetingId,
        kind: "text",
        senderId: callers.other.id,
        body: "계좌로 먼저 보내 주세요",
        createdAt: at,
      })
      .returning({ id: meetingMessage.id });
    const [report] = await runtime.db
      .insert(meetingMessageReport)
      .values({
        messageId: message!.id,
        meetingId,
        reporterId: callers.owner.id,
        reason: "외부 거래 유도",
        createdAt: at,
      })
      .returning({ id: meetingMessageReport.id });
    return report!.id;
  }
  const statusOf = async (id: number) =>
    (await runtime.db.select().from(meetingMessageReport).where(eq(meetingMessageReport.id, id)))[0]!.status;
  const post = (as: SignedInMember | null, form: Record<string, string>) =>
    callAction(page.action, { path: "/admin/meeting", form, as });

  it("lists open reports with the message and both nicknames to the acting administrator", async () => {
    const id = await openReport();
    const shown = await load(callers.admin);
    expect(shown.data).toMatchObject({
      messageReports: expect.arrayContaining([
        expect.objectContaining({
          id,
          meetingId,
          body: "계좌로 먼저 보내 주세요",
          senderNickname: callers.other.nickname,
          reporterNickname: callers.owner.nickname,
          reason: "외부 거래 유도",
        }),
      ]),
    });
  });

  it("closes a report for staff who moderate content only (not finance), once", async () => {
    const id = await openReport();
    // The owner reported the message; the other member sent it.
    for (const [who, as, outcome] of refusedCallers(callers, "finance"))
      expect((await post(as, { intent: "resolved", id: String(id) })).outcome, who).toBe(outcome);
    expect(await statusOf(id)).toBe("open");

    expect(await post(callers.moderator, { intent: "resolved", id: String(id) })).toMatchObject({
      outcome: "done",
      location: "/admin/meeting",
      flashed: true,
    });
    expect(await statusOf(id)).toBe("resolved");
    expect(await auditActsOn(runtime, "chat_report", id)).toEqual([
      { action: "meeting.chat_report.decide", adminId: callers.moderator.id, role: "moderator" },
    ]);
    expect((await load(callers.admin)).data).toMatchObject({
      messageReports: expect.not.arrayContaining([expect.objectContaining({ id })]),
    });
    expect((await post(callers.admin, { intent: "dismissed", id: String(id) })).data).toMatchObject({
      error: { code: "report_closed" },
      id: String(id),
    });
    expect(await statusOf(id)).toBe("resolved");
    expect(await auditActsOn(runtime, "chat_report", id)).toHaveLength(1);
  });

  it("refuses an unknown decision and an unknown report", async () => {
    const id = await openReport();
    expect((await post(callers.admin, { intent: "delete", id: String(id) })).data).toMatchObject({
      error: { code: "decision_invalid" },
    });
    expect((await post(callers.admin, { intent: "dismissed", id: "999999" })).data).toMatchObject({
      error: { code: "not_found" },
    });
    expect(await post(callers.admin, { intent: "dismissed", id: String(id) })).toMatchObject({
      outcome: "done",
    });
    expect(await statusOf(id)).toBe("dismissed");
  });
});
