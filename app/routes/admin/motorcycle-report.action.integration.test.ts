import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAudit, motorcycleReport } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { memberPointsCode } from "#app/services/ledger/accounts.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import { submitReport } from "#app/services/motorcycles/reports.server";
import { insertMotorcycle } from "#tests/setup/motorcycles";
import {
  callAction,
  callLoader,
  refusedCallers as refusedWithout,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type Outcome,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as adminPage from "./motorcycle-report";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

let reports = 0;
async function newReport() {
  reports += 1;
  return submitReport(runtime.db, runtime.clock, callers.owner.actor, {
    manufacturer: "Triumph",
    model: `Trident ${600 + reports}`,
    releaseYear: 2024,
    specUrl: "https://www.triumphmotorcycles.co.kr/trident",
  });
}

const row = async (id: number) =>
  (await runtime.db.select().from(motorcycleReport).where(eq(motorcycleReport.id, id)))[0]!;

/** What the audit log says about one report: each act, who and in which role, and why. */
const audited = (id: number) =>
  runtime.db
    .select({
      action: adminAudit.action,
      adminId: adminAudit.adminId,
      role: adminAudit.role,
      reason: adminAudit.reason,
    })
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectKind, "motorcycle_report"), eq(adminAudit.subjectId, String(id))))
    .orderBy(asc(adminAudit.id));

const points = () => balanceOf(runtime.db, memberPointsCode(callers.owner.id)).catch(() => 0);

/**
 * Everyone without the permission to moderate content (the owner is the reporter), with what each is answered:
 * nobody of them decides anything.
 */
function refusedCallers(): [string, SignedInMember | null, Outcome][] {
  return [
    ...refusedWithout(callers, "finance"),
    ["a member without the first-login profile", callers.firstLogin, "first-login"],
  ];
}

const post = (as: SignedInMember | null, form: Record<string, string>) =>
  callAction(adminPage.action, { path: "/admin/motorcycle-report", form, as });

const acceptForm = (id: number, fields: Record<string, string> = {}) => ({
  intent: "accept",
  id: String(id),
  manufacturer: "Triumph",
  year: "2024",
  manufacturerKo: "트라이엄프",
  modelEn: "Trident 660",
  modelKo: "트라이던트 660",
  category: "naked",
  specUrl: "https://www.triumphmotorcycles.co.kr/trident",
  displacementCc: "660",
  peakPowerHp: "79.9",
  peakPowerPs: "81",
  seatHeightMm: "805",
  weightType: "wet",
  weightKg: "189",
  abs: "yes",
  ...fields,
});

describe("/admin/motorcycle-report (deciding missing-model reports)", () => {
  it("shows the queue to staff who moderate content only (404 to a member, finance)", async () => {
    const { id } = await newReport();
    const load = (as: SignedInMember | null) =>
      callLoader(adminPage.loader, { path: "/admin/motorcycle-report", as });
    for (const [who, as, outcome] of refusedCallers()) expect((await load(as)).outcome, who).toBe(outcome);
    expect((await load(callers.admin)).outcome).toBe("done");
    const page = await load(callers.moderator);
    expect(page.outcome).toBe("done");
    expect(page.data).toMatchObject({
      reports: expect.arrayContaining([
        expect.objectContaining({ id, status: "submitted", transitions: ["accept", "reject"] }),
      ]),
    });
  });

  it("accepts with figures for staff who moderate content only, granting the reporter 200 P once", async () => {
    const { id } = await newReport();
    for (const [who, as, outcome] of refusedCallers()) {
      expect((await post(as, acceptForm(id))).outcome, who).toBe(outcome);
      expect((await post(as, { intent: "reject", id: String(id), reason: "중복" })).outcome, who).toBe(
        outcome,
      );
    }
    expect((await row(id)).status).toBe("submitted");
    expect(await audited(id)).toEqual([]);
    const before = await points();

    const accepted = await post(callers.moderator, acceptForm(id));
    expect(accepted).toMatchObject({ outcome: "done", location: "/admin/motorcycle-report", flashed: true });
    expect(await row(id)).toMatchObject({ status: "accepted", decidedBy: callers.moderator.id });
    expect((await row(id)).motorcycleId).not.toBeNull();
    expect(await points()).toBe(before + 200);

    // Sent again (a second tab, a resent form): refused, nothing paid twice.
    const again = await post(callers.admin, acceptForm(id));
    expect(again.data).toMatchObject({ error: { code: "transition_not_allowed" }, reportId: String(id) });
    expect(await points()).toBe(before + 200);
    expect(await audited(id)).toEqual([
      { action: "motorcycle.report.accept", adminId: callers.moderator.id, role: "moderator", reason: null },
    ]);
  });

  it("names the implausible or missing figure next to its field, changing nothing", async () => {
    const { id } = await newReport();
    const refused = await post(callers.admin, acceptForm(id, { peakPowerPs: "40", displacementCc: "" }));
    expect(refused.outcome).toBe("invalid");
    expect(refused.data).toMatchObject({
      reportId: String(id),
      intent: "accept",
      lastResult: {
        error: {
          displacementCc: ["garage.error.accept_figures_required"],
          peakPowerPs: ["modelReport.problem.hp_ps_mismatch"],
        },
      },
    });
    expect((await row(id)).status).toBe("submitted");
  });

  it("accepts as an existing model year", async () => {
    const { id } = await newReport();
    const existing = await insertMotorcycle(runtime.db, runtime.clock, "mt07");
    const before = await points();
    expect(
      (await post(callers.admin, { intent: "existing", id: String(id), motorcycleId: String(existing.id) }))
        .outcome,
    ).toBe("done");
    expect(await row(id)).toMatchObject({ status: "accepted", motorcycleId: existing.id });
    expect(await points()).toBe(before + 200);
  });

  it("rejects only with a reason", async () => {
    const { id } = await newReport();
    const missing = await post(callers.admin, { intent: "reject", id: String(id), reason: "  " });
    expect(missing.outcome).toBe("invalid");
    expect(missing.data).toMatchObject({
      lastResult: { error: { reason: ["garage.error.reject_reason_required"] } },
    });
    const rejected = await post(callers.admin, {
      intent: "reject",
      id: String(id),
      reason: "공식 페이지가 아닙니다",
    });
    expect(rejected.outcome).toBe("done");
    expect(await row(id)).toMatchObject({ status: "rejected", decisionReason: "공식 페이지가 아닙니다" });
    expect(await audited(id)).toEqual([
      {
        action: "motorcycle.report.reject",
        adminId: callers.admin.id,
        role: "admin",
        reason: "공식 페이지가 아닙니다",
      },
    ]);
  });
});
