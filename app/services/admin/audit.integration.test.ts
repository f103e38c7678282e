import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAudit } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { StaffActor } from "#app/services/actor";
import { isStaff } from "#app/services/permissions";
import { isDomainError } from "#app/services/errors";
import { signUpCallers, startRouteRuntime, type Callers } from "#tests/setup/route-actions";
import { recordAdminAct, searchAdminAudit } from "./audit.server";
import { auditQuerySchema } from "./audit.schema";

let runtime: Runtime;
let callers: Callers;
let admin: StaffActor;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  const actor = callers.admin.actor;
  if (!isStaff(actor)) throw new Error("the callers' administrator acts as one");
  admin = actor;
});

const at = (iso: string) => ({ now: () => new Date(iso) });

async function record(
  subjectId: string,
  when = "2026-11-20T03:00:00Z",
  address: string | null = "203.0.113.9",
) {
  await runInTransaction(runtime.db, at(when), (uow) =>
    recordAdminAct(
      uow,
      admin,
      { action: "jobs.retry", subject: { kind: "job", id: subjectId }, before: { attempts: 5 }, after: {} },
      { address },
    ),
  );
}

const rowsOf = (subjectId: string) =>
  runtime.db.select().from(adminAudit).where(eq(adminAudit.subjectId, subjectId));

/** The error the database raised, whatever the driver wrapped it in. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String((cause as { message?: string } | undefined)?.message ?? (error as Error).message);
  }
  return "accepted";
}

describe("the audit log", () => {
  it("records an act with who did it, from where and when, in the act's own unit of work", async () => {
    await record("101");
    expect(await rowsOf("101")).toEqual([
      expect.objectContaining({
        adminId: callers.admin.id,
        adminName: callers.admin.nickname,
        role: "admin",
        action: "jobs.retry",
        subjectKind: "job",
        before: { attempts: 5 },
        address: "203.0.113.9",
        at: new Date("2026-11-20T03:00:00Z"),
      }),
    ]);
    // An act that fails after its record leaves no record.
    await expect(
      runInTransaction(runtime.db, at("2026-11-20T04:00:00Z"), async (uow) => {
        await recordAdminAct(uow, admin, { action: "jobs.retry", subject: { kind: "job", id: "102" } });
        throw new Error("the act failed");
      }),
    ).rejects.toThrow("the act failed");
    expect(await rowsOf("102")).toEqual([]);
  });

  it("refuses every UPDATE, DELETE and TRUNCATE in the database, whoever connects", async () => {
    await record("201");
    const [before] = await rowsOf("201");
    const update = await refusal(
      runtime.db.execute(sql`update admin_audit set reason = 'covered up' where subject_id = '201'`),
    );
    expect(update).toMatch(/append-only: UPDATE refused/);
    const remove = await refusal(runtime.db.execute(sql`delete from admin_audit where subject_id = '201'`));
    expect(remove).toMatch(/append-only: DELETE refused/);
    const truncate = await refusal(runtime.db.execute(sql`truncate admin_audit`));
    expect(truncate).toMatch(/append-only: TRUNCATE refused/);
    expect(await rowsOf("201")).toEqual([before]);
  });

  it("is searched by administrator, subject and Seoul days, newest first, by administrators only", async () => {
    await record("301", "2026-10-01T14:59:00Z"); // 23:59 on 1 October in Seoul
    await record("301", "2026-10-01T15:00:00Z"); // 00:00 on 2 October
    await record("302", "2026-10-03T01:00:00Z");
    const search = (query: Record<string, string>) =>
      searchAdminAudit(runtime.db, admin, auditQuerySchema.parse(query));

    const bySubject = await search({ kind: "job", subject: "301" });
    expect(bySubject.rows.map((row) => row.at.toISOString())).toEqual([
      "2026-10-01T15:00:00.000Z",
      "2026-10-01T14:59:00.000Z",
    ]);
    const secondDay = await search({ from: "2026-10-02", to: "2026-10-02" });
    expect(secondDay.rows.map((row) => row.subjectId)).toEqual(["301"]);
    const fromSecond = await search({ from: "2026-10-02", to: "2026-10-03" });
    expect(fromSecond.rows.map((row) => row.subjectId)).toEqual(["302", "301"]);
    expect((await search({ admin: callers.admin.id, subject: "302" })).rows).toHaveLength(1);
    expect((await search({ admin: callers.owner.id })).rows).toEqual([]);
    // Nonsense in the address is left out, as an empty field is.
    expect(auditQuerySchema.parse({ from: "2026-02-30", kind: "<script>", page: "-1" })).toEqual({
      page: 1,
    });

    for (const actor of [callers.owner.actor, callers.adminWithoutTwoFactor.actor]) {
      const refused = await searchAdminAudit(runtime.db, actor, { page: 1 }).catch((error: unknown) => error);
      expect(isDomainError(refused, "admin") && refused.code).toBe("forbidden");
    }
  });
});
