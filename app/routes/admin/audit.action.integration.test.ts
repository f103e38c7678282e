import { beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { isStaff } from "#app/services/permissions";
import { recordAdminAct } from "#app/services/admin/audit.server";
import {
  callLoader,
  refusedCallers,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as auditPage from "./audit";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  const admin = callers.admin.actor;
  if (!isStaff(admin)) throw new Error("the callers' administrator acts as one");
  for (const [id, iso] of [
    ["7", "2026-11-02T01:00:00Z"],
    ["8", "2026-11-03T01:00:00Z"],
  ] as const) {
    await runInTransaction(runtime.db, { now: () => new Date(iso) }, (uow) =>
      recordAdminAct(uow, admin, {
        action: "jobs.retry",
        subject: { kind: "job", id },
        reason: "원인을 고쳤습니다",
        before: { kind: "mail.send", attempts: 5 },
      }),
    );
  }
});

interface AuditPage {
  rows: {
    subjectId: string;
    adminName: string;
    role: string;
    action: string;
    at: string;
    reason: string;
    before: string;
  }[];
  hasNext: boolean;
}

const load = (as: SignedInMember | null, path = "/admin/audit") => callLoader(auditPage.loader, { path, as });

describe("/admin/audit", () => {
  it("shows the log to staff who read the audit only: an administrator and finance, not a moderator", async () => {
    for (const [who, as, outcome] of refusedCallers(callers, "moderator"))
      expect((await load(as)).outcome, who).toBe(outcome);
    expect((await load(callers.finance)).outcome).toBe("done");
    const seen = await load(callers.admin);
    expect(seen.outcome).toBe("done");
    expect((seen.data as AuditPage).rows).toEqual([
      expect.objectContaining({
        subjectId: "8",
        adminName: callers.admin.nickname,
        role: "admin",
        action: "jobs.retry",
        at: "2026.11.03 10:00",
        reason: "원인을 고쳤습니다",
        before: "kind: mail.send, attempts: 5",
      }),
      expect.objectContaining({ subjectId: "7" }),
    ]);
  });

  it("searches by subject and Seoul day, and reads nonsense in the address as no condition", async () => {
    const bySubject = await load(callers.admin, "/admin/audit?kind=job&subject=7");
    expect((bySubject.data as AuditPage).rows.map((row) => row.subjectId)).toEqual(["7"]);
    const byDay = await load(callers.admin, "/en/admin/audit?from=2026-11-03&to=2026-11-03");
    expect((byDay.data as AuditPage).rows).toEqual([
      expect.objectContaining({ subjectId: "8", at: "Nov 3, 2026, 10:00 AM" }),
    ]);
    const nonsense = await load(callers.admin, "/admin/audit?from=yesterday&page=0&kind=%3Cb%3E");
    expect(nonsense.outcome).toBe("done");
    expect((nonsense.data as AuditPage).rows).toHaveLength(2);
  });

  it("names the real role of whoever acted: a moderator's act is on record as a moderator's", async () => {
    const moderator = callers.moderator.actor;
    if (!isStaff(moderator)) throw new Error("the callers' moderator acts as staff");
    await runInTransaction(runtime.db, { now: () => new Date("2026-11-04T01:00:00Z") }, (uow) =>
      recordAdminAct(uow, moderator, { action: "meeting.ban.lift", subject: { kind: "ban", id: "9" } }),
    );
    const byBan = await load(callers.finance, "/admin/audit?kind=ban&subject=9");
    expect((byBan.data as AuditPage).rows).toEqual([
      expect.objectContaining({ subjectId: "9", adminName: callers.moderator.nickname, role: "moderator" }),
    ]);
  });
});
