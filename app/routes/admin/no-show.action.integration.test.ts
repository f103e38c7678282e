import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAudit, meetingBan, noShowReport } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { MINUTE_MS } from "#app/platform/seoul-calendar";
import type { Runtime } from "#app/platform/runtime.server";
import { reportNoShow } from "#app/services/meetings/conduct/no-shows.server";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import {
  callAction,
  callLoader,
  refusedCallers as refusedWithout,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type Outcome,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as page from "./no-show";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock: new FixedClock(new Date("2026-03-02T01:00:00Z")) });
  callers = await signUpCallers(runtime);
});

/** A pending report by the owner of a fresh meeting against a new member. */
async function pendingReport() {
  const absent = await signUpMember(runtime);
  const meetingId = await insertMeeting(
    runtime.db,
    runtime.clock,
    { requesterId: callers.owner.id, providerId: absent.id },
    { status: "reserved", appointmentAt: new Date(runtime.clock.now().getTime() - 30 * MINUTE_MS) },
  );
  const { id } = await reportNoShow(runtime.db, runtime.clock, callers.owner.actor, meetingId, "안 왔어요");
  return { id, absent };
}

const reportStatus = async (id: number) =>
  (await runtime.db.select().from(noShowReport).where(eq(noShowReport.id, id)))[0]!.status;
const bansOf = (memberId: string) =>
  runtime.db.select().from(meetingBan).where(eq(meetingBan.memberId, memberId));
const post = (as: SignedInMember | null, form: Record<string, string>) =>
  callAction(page.action, { path: "/admin/no-show", form, as });

/** Everyone without the permission to moderate content (the owner is the reporter): finance included. */
const refusedCallers = (): [string, SignedInMember | null, Outcome][] => refusedWithout(callers, "finance");

/** The audit log's rows about one no-show report. */
const decisionsOn = (id: number) =>
  runtime.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectKind, "no_show_report"), eq(adminAudit.subjectId, String(id))));

describe("/admin/no-show", () => {
  it("shows the queue to staff who moderate content only (404 to a member, finance)", async () => {
    const { id } = await pendingReport();
    const load = (as: SignedInMember | null) => callLoader(page.loader, { path: "/admin/no-show", as });
    for (const [who, as, outcome] of refusedCallers()) expect((await load(as)).outcome, who).toBe(outcome);
    expect((await load(callers.admin)).outcome).toBe("done");
    const shown = await load(callers.moderator);
    expect(shown.data).toMatchObject({
      reports: expect.arrayContaining([
        expect.objectContaining({ id, status: "pending", decisions: ["confirm", "dismiss", "penalise"] }),
      ]),
    });
  });

  it("confirms for staff who moderate content only, banning once, on record as a moderator", async () => {
    const { id, absent } = await pendingReport();
    for (const [who, as, outcome] of refusedCallers()) {
      for (const intent of ["confirm", "dismiss", "penalise"])
        expect((await post(as, { intent, id: String(id) })).outcome, `${who} ${intent}`).toBe(outcome);
    }
    expect(await reportStatus(id)).toBe("pending");
    expect(await bansOf(absent.id)).toEqual([]);
    expect(await decisionsOn(id)).toEqual([]);

    expect(await post(callers.moderator, { intent: "confirm", id: String(id) })).toMatchObject({
      outcome: "done",
      location: "/admin/no-show",
      flashed: true,
    });
    expect(await reportStatus(id)).toBe("confirmed");
    expect(await bansOf(absent.id)).toHaveLength(1);
    expect(await decisionsOn(id)).toEqual([
      expect.objectContaining({
        adminId: callers.moderator.id,
        role: "moderator",
        action: "meeting.no_show.decide",
      }),
    ]);
    const again = await post(callers.admin, { intent: "confirm", id: String(id) });
    expect(again.data).toMatchObject({ error: { code: "report_closed" }, id: String(id) });
    expect(await bansOf(absent.id)).toHaveLength(1);
  });

  it("penalises the reporter, refuses an unknown decision, and lifts bans for staff who moderate only", async () => {
    const { id } = await pendingReport();
    expect((await post(callers.admin, { intent: "ban", id: String(id) })).data).toMatchObject({
      error: { code: "decision_invalid" },
    });
    expect((await post(callers.admin, { intent: "penalise", id: String(id) })).outcome).toBe("done");
    expect(await reportStatus(id)).toBe("penalised");
    const [ban] = await bansOf(callers.owner.id);
    expect(ban).toMatchObject({ reason: "maliciousReport", step: 1, liftedAt: null });
    for (const [who, as, outcome] of refusedCallers())
      expect((await post(as, { intent: "lift", id: String(ban!.id) })).outcome, who).toBe(outcome);
    expect((await bansOf(callers.owner.id))[0]!.liftedAt).toBeNull();
    expect((await post(callers.admin, { intent: "lift", id: String(ban!.id) })).outcome).toBe("done");
    expect((await bansOf(callers.owner.id))[0]!.liftedAt).not.toBeNull();
    // The decision and the lift are on record, once each: the refused calls left nothing.
    expect(await decisionsOn(id)).toEqual([
      expect.objectContaining({
        action: "meeting.no_show.decide",
        adminId: callers.admin.id,
        before: expect.objectContaining({ status: "pending" }),
        after: expect.objectContaining({
          status: "penalised",
          decision: "penalise",
          bannedMember: callers.owner.id,
        }),
      }),
    ]);
    const lifted = await runtime.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "meeting.ban.lift"), eq(adminAudit.subjectId, callers.owner.id)));
    expect(lifted).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ ban: ban!.id, reason: "maliciousReport" }),
      }),
    ]);
  });
});
