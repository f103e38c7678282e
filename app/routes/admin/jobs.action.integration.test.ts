import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAudit, job } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import {
  callAction,
  callLoader,
  refusedCallers,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as jobsAdminPage from "./jobs";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

async function failedJob() {
  const at = new Date("2026-11-22T10:00:00Z");
  const [row] = await runtime.db
    .insert(job)
    .values({
      kind: "event.notifyStarted",
      payload: {},
      status: "failed",
      attempts: 5,
      lastError: "connection reset",
      runAt: at,
      createdAt: at,
      finishedAt: at,
    })
    .returning({ id: job.id });
  return row!.id;
}

/** What the audit log holds about one job. */
function auditOf(id: number) {
  return runtime.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.subjectId, String(id)));
}

async function status(id: number) {
  const [row] = await runtime.db.select({ status: job.status }).from(job).where(eq(job.id, id));
  return row!.status;
}

describe("/admin/jobs (failed jobs)", () => {
  const post = (as: SignedInMember | null, id: number) =>
    callAction(jobsAdminPage.action, { path: "/admin/jobs", form: { id: String(id) }, as });

  it("lists failed jobs with their error, attempts and time to an administrator only", async () => {
    const id = await failedJob();
    const load = (as: SignedInMember | null, path = "/admin/jobs") =>
      callLoader(jobsAdminPage.loader, { path, as });
    for (const [who, as, outcome] of refusedCallers(callers, "moderator", "finance"))
      expect((await load(as)).outcome, who).toBe(outcome);
    const seen = await load(callers.admin);
    expect(seen.outcome).toBe("done");
    expect((seen.data as { jobs: unknown[] }).jobs).toContainEqual({
      id,
      kind: "event.notifyStarted",
      lastError: "connection reset",
      attempts: 5,
      failedAt: "2026.11.22 19:00",
    });
    const english = await load(callers.admin, "/en/admin/jobs");
    expect(
      (english.data as { jobs: { id: number; failedAt: string }[] }).jobs.find((one) => one.id === id),
    ).toMatchObject({ failedAt: "Nov 22, 2026, 7:00 PM" });
  });

  it("runs a failed job again for an administrator only (not a moderator or finance), once", async () => {
    const id = await failedJob();
    for (const [who, as, outcome] of refusedCallers(callers, "moderator", "finance")) {
      expect((await post(as, id)).outcome, who).toBe(outcome);
      expect(await status(id), who).toBe("failed");
      expect(await auditOf(id), who).toEqual([]);
    }
    const retried = await post(callers.admin, id);
    expect(retried).toMatchObject({ outcome: "done", location: "/admin/jobs", flashed: true });
    expect(await status(id)).toBe("pending");
    // The retry is on record: who, what, and the job as it was.
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        adminId: callers.admin.id,
        adminName: callers.admin.nickname,
        role: "admin",
        action: "jobs.retry",
        subjectKind: "job",
        before: { kind: "event.notifyStarted", attempts: 5, lastError: "connection reset" },
      }),
    ]);
    // The second click finds nothing to retry, and records nothing.
    const again = await post(callers.admin, id);
    expect(again.outcome).toBe("invalid");
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      error: { code: "not_failed", message: "이미 다시 실행되었거나 실패한 작업이 아닙니다." },
    });
    expect(await auditOf(id)).toHaveLength(1);
  });
});
