import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import {
  ledgerTransaction,
  motorcycle,
  motorcycleModel,
  motorcycleReport,
  notification,
  transitionLog,
} from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";
import { memberPointsCode } from "#app/services/ledger/accounts.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { insertMotorcycle, testCatalogue } from "#tests/setup/motorcycles";
import { createTestRuntime } from "#tests/setup/runtime";
import {
  acceptReport,
  latestReportYear,
  listReports,
  myReports,
  rejectReport,
  submitReport,
} from "./reports.server";
import { decisionSchema, reportKeyOf, reportSchema, type ModelYearFigures } from "./report.schema";
import { parseWithZod } from "@conform-to/zod/v4";

let db: Database;
const clock = new FixedClock(new Date("2026-11-20T03:00:00Z"));
let admin: TestMember;

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
  admin = await insertAdmin(db);
  await insertMotorcycle(db, clock, "forza350");
  await insertMotorcycle(db, clock, "mt07");
});

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const report = (overrides: Partial<Parameters<typeof submitReport>[3]> = {}) => ({
  manufacturer: "Honda",
  model: "CB 650R",
  releaseYear: 2024,
  specUrl: "https://www.honda.co.kr/motorcycle/cb650r",
  ...overrides,
});

/** Figures of a middleweight naked bike that pass the plausibility checks. */
const figures = (overrides: Partial<ModelYearFigures> = {}): ModelYearFigures => ({
  manufacturerKo: "혼다",
  modelEn: "CB650R",
  modelKo: "CB650R",
  category: "naked",
  specUrl: "https://www.honda.co.kr/motorcycle/cb650r",
  specs: {
    ...testCatalogue.mt07.specs,
    displacementCc: 649,
    peakPowerHp: 93.9,
    peakPowerPs: 95.2,
    cylinderCount: 4,
    engineType: "DOHC inline four",
  },
  ...overrides,
});

const reportRow = async (id: number) =>
  (await db.select().from(motorcycleReport).where(eq(motorcycleReport.id, id)))[0]!;

const notes = (recipientId: string) =>
  db
    .select({ type: notification.type, params: notification.params, link: notification.link })
    .from(notification)
    .where(eq(notification.recipientId, recipientId))
    .orderBy(asc(notification.id));

const rewards = (reportId: number) =>
  db
    .select({ id: ledgerTransaction.id, kind: ledgerTransaction.kind })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.idempotencyKey, `motorcycle-report:${reportId}`));

const points = (member: TestMember) => balanceOf(db, memberPointsCode(member.id)).catch(() => 0);

/** A schema's refusals of a submission, field by field (none when it passed). */
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === "error" ? (submission.error ?? undefined) : undefined;

describe("the report form's schema", () => {
  const parse = (fields: Record<string, string>) =>
    parseWithZod(new URLSearchParams(fields), { schema: reportSchema(2027) });
  const valid = {
    manufacturer: "Harley-Davidson",
    model: "Pan America 1250",
    releaseYear: "2027",
    specUrl: "https://www.harley-davidson.com/pan-america",
  };

  it("accepts English names, a year up to next year and an https spec page", () => {
    const parsed = parse(valid);
    expect(parsed.status).toBe("success");
    expect(parse({ ...valid, manufacturer: "  Royal   Enfield ", model: "R 1250 GS+" }).status).toBe(
      "success",
    );
  });

  it.each([
    ["manufacturer", "혼다", "garage.error.report_manufacturer_invalid"],
    ["manufacturer", "Honda!", "garage.error.report_manufacturer_invalid"],
    ["model", "포르자 350", "garage.error.report_model_invalid"],
    ["model", "Forza_350", "garage.error.report_model_invalid"],
    ["model", "x".repeat(61), "garage.error.report_model_invalid"],
    ["releaseYear", "2028", "garage.error.report_year_invalid"],
    ["releaseYear", "1899", "garage.error.report_year_invalid"],
    ["releaseYear", "20.5", "garage.error.report_year_invalid"],
    ["specUrl", "http://www.honda.co.kr/forza", "garage.error.report_url_invalid"],
    ["specUrl", "honda.co.kr/forza", "garage.error.report_url_invalid"],
    ["specUrl", "javascript:alert(1)", "garage.error.report_url_invalid"],
  ])("refuses %s %j", (field, value, message) => {
    const parsed = parse({ ...valid, [field]: value });
    expect(parsed.status).toBe("error");
    expect(errorsOf(parsed)?.[field]).toEqual([message]);
  });

  it("names every missing field at once", () => {
    const parsed = parse({});
    expect(Object.keys(errorsOf(parsed) ?? {}).sort()).toEqual([
      "manufacturer",
      "model",
      "releaseYear",
      "specUrl",
    ]);
  });
});

describe("reporting a missing model", () => {
  it("files a report under its normalised key, and lets the reporter see it", async () => {
    const member = await insertMember(db);
    const { id } = await submitReport(db, clock, member, report({ model: "  CB  500X " }));
    expect(await reportRow(id)).toMatchObject({
      reporterId: member.id,
      manufacturer: "Honda",
      model: "CB 500X",
      status: "submitted",
      normalizedKey: reportKeyOf("honda", "cb500x", 2024),
    });
    expect((await myReports(db, member.id)).map((row) => row.id)).toEqual([id]);
  });

  it("refuses a model year the catalogue has, however it is spelled", async () => {
    const member = await insertMember(db);
    for (const spelling of [
      { manufacturer: "Honda", model: "Forza 350", releaseYear: 2023 },
      { manufacturer: "HONDA", model: "forza350", releaseYear: 2023 },
      { manufacturer: "Yamaha", model: "MT 07", releaseYear: 2024 },
    ]) {
      expect(await outcome(submitReport(db, clock, member, report(spelling)))).toBe(
        "garage.report_in_catalogue",
      );
    }
    // Another year of a known model is missing, so it may be reported.
    expect(
      await outcome(submitReport(db, clock, member, report({ model: "Forza 350", releaseYear: 2025 }))),
    ).toBe("ok");
  });

  it("refuses a second open report of one model year, by anyone, with the model named", async () => {
    const first = await insertMember(db);
    const second = await insertMember(db);
    await submitReport(db, clock, first, report({ model: "Rebel 1100", releaseYear: 2023 }));
    const refusal = await submitReport(
      db,
      clock,
      second,
      report({ manufacturer: "honda", model: "REBEL-1100", releaseYear: 2023 }),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: "report_open_exists",
      details: { params: { model: "honda REBEL-1100 (2023)" } },
    });
  });

  it("checks the fields again for callers that are not the form", async () => {
    const member = await insertMember(db);
    expect(await outcome(submitReport(db, clock, member, report({ manufacturer: "혼다" })))).toBe(
      "garage.report_manufacturer_invalid",
    );
    expect(
      await outcome(submitReport(db, clock, member, report({ releaseYear: latestReportYear(clock) + 1 }))),
    ).toBe("garage.report_year_invalid");
    expect(await outcome(submitReport(db, clock, member, report({ specUrl: "ftp://honda.co.kr/x" })))).toBe(
      "garage.report_url_invalid",
    );
  });

  it(
    "files exactly one of many concurrent reports of one model year",
    { tags: ["concurrency"] },
    async () => {
      const members = await Promise.all(Array.from({ length: 8 }, () => insertMember(db)));
      const results = await Promise.all(
        members.map((member) =>
          outcome(submitReport(db, clock, member, report({ model: "Gold Wing", releaseYear: 2024 }))),
        ),
      );
      expect(results.filter((result) => result === "ok")).toHaveLength(1);
      expect(results.filter((result) => result === "garage.report_open_exists")).toHaveLength(7);
    },
  );
});

describe("deciding a report", () => {
  it("lets only an acting administrator decide, and lists the queue for them only", async () => {
    const reporter = await insertMember(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const { id } = await submitReport(db, clock, reporter, report({ model: "NT1100", releaseYear: 2024 }));
    for (const actor of [reporter, adminWithoutTwoFactor]) {
      expect(await outcome(acceptReport(db, clock, actor, id, { figures: figures() }))).toBe(
        "garage.report_forbidden",
      );
      expect(await outcome(rejectReport(db, clock, actor, id, "중복"))).toBe("garage.report_forbidden");
      expect(await outcome(listReports(db, actor))).toBe("garage.report_forbidden");
    }
    expect((await reportRow(id)).status).toBe("submitted");
    const queue = await listReports(db, admin, { status: "submitted" });
    expect(queue.find((row) => row.id === id)).toMatchObject({
      reporterNickname: reporter.nickname,
      transitions: ["accept", "reject"],
      suggestion: { manufacturerKo: "혼다", modelEn: "NT1100", modelKo: "" },
    });
  });

  it("accepts with the figures: adds the model year, links it, pays 200 P once and notifies the reporter", async () => {
    const reporter = await insertMember(db);
    const { id } = await submitReport(db, clock, reporter, report());
    clock.advance(60_000);
    const { motorcycleId } = await acceptReport(db, clock, admin, id, { figures: figures() });

    const [added] = await db
      .select({
        id: motorcycle.id,
        source: motorcycle.source,
        year: motorcycle.modelYear,
        slug: motorcycleModel.slug,
      })
      .from(motorcycle)
      .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
      .where(eq(motorcycle.id, motorcycleId));
    expect(added).toMatchObject({ source: "report", year: 2024, slug: "cb650r" });
    expect(await reportRow(id)).toMatchObject({
      status: "accepted",
      motorcycleId,
      decidedBy: admin.id,
      decidedAt: clock.now(),
    });
    expect(await points(reporter)).toBe(200);
    expect(await rewards(id)).toEqual([expect.objectContaining({ kind: "report_reward" })]);
    expect(await notes(reporter.id)).toEqual([
      {
        type: "motorcycleReportAccepted",
        params: { model: "Honda CB 650R (2024)", points: 200 },
        link: "/report/motorcycle",
      },
    ]);
    const log = await db
      .select({
        transition: transitionLog.transition,
        role: transitionLog.actorKind,
        by: transitionLog.actorId,
      })
      .from(transitionLog)
      .where(and(eq(transitionLog.machine, "motorcycle_report"), eq(transitionLog.subjectId, String(id))));
    expect(log).toEqual([{ transition: "accept", role: "admin", by: admin.id }]);

    // Accepting again is refused by the machine and pays nothing more; so is rejecting a decided report.
    expect(await outcome(acceptReport(db, clock, admin, id, { figures: figures() }))).toBe(
      "machine.transition_not_allowed",
    );
    expect(await outcome(rejectReport(db, clock, admin, id, "늦음"))).toBe("machine.transition_not_allowed");
    expect(await points(reporter)).toBe(200);
    expect(await rewards(id)).toHaveLength(1);
    // The model year is in the catalogue now: reporting it again is refused.
    expect(await outcome(submitReport(db, clock, await insertMember(db), report()))).toBe(
      "garage.report_in_catalogue",
    );
  });

  it("pays once when two acceptances race", { tags: ["concurrency"] }, async () => {
    const reporter = await insertMember(db);
    const { id } = await submitReport(db, clock, reporter, report({ model: "CBR650R", releaseYear: 2024 }));
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        outcome(acceptReport(db, clock, admin, id, { figures: figures({ modelEn: "CBR650R" }) })),
      ),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(results.filter((result) => result !== "ok")).toEqual([
      "machine.transition_not_allowed",
      "machine.transition_not_allowed",
    ]);
    expect(await points(reporter)).toBe(200);
    expect(await rewards(id)).toHaveLength(1);
    expect(
      (await notes(reporter.id)).filter((note) => note.type === "motorcycleReportAccepted"),
    ).toHaveLength(1);
  });

  it("accepts as a model year the catalogue already has, without adding one", async () => {
    const reporter = await insertMember(db);
    const { id } = await submitReport(db, clock, reporter, report({ model: "Forza 350", releaseYear: 2026 }));
    const existing = await insertMotorcycle(db, clock, { ...testCatalogue.forza350, year: 2026 });
    const before = (await db.select({ id: motorcycle.id }).from(motorcycle)).length;
    expect(await acceptReport(db, clock, admin, id, { motorcycleId: existing.id })).toEqual({
      motorcycleId: existing.id,
    });
    expect((await db.select({ id: motorcycle.id }).from(motorcycle)).length).toBe(before);
    expect(await points(reporter)).toBe(200);
    expect(await outcome(acceptReport(db, clock, admin, 999_999, { motorcycleId: existing.id }))).toBe(
      "machine.not_found",
    );
  });

  it("refuses figures that are missing or implausible, changing nothing", async () => {
    const reporter = await insertMember(db);
    const { id } = await submitReport(
      db,
      clock,
      reporter,
      report({ model: "Hornet 750", releaseYear: 2024 }),
    );
    const missing = figures({ modelEn: "Hornet 750" });
    missing.specs = { ...missing.specs, displacementCc: null };
    expect(await outcome(acceptReport(db, clock, admin, id, { figures: missing }))).toBe(
      "garage.accept_figures_required",
    );
    const implausible = figures({ modelEn: "Hornet 750" });
    implausible.specs = { ...implausible.specs, displacementCc: 755, peakPowerHp: 300, peakPowerPs: null };
    expect(await outcome(acceptReport(db, clock, admin, id, { figures: implausible }))).toBe(
      "garage.accept_implausible",
    );
    expect(await outcome(acceptReport(db, clock, admin, id, { motorcycleId: 999_999 }))).toBe(
      "garage.model_year_not_found",
    );
    expect(await reportRow(id)).toMatchObject({ status: "submitted", motorcycleId: null });
    expect(await points(reporter)).toBe(0);
    expect(await notes(reporter.id)).toEqual([]);
    // An electric model has no displacement and needs none.
    const electric = figures({ modelEn: "Hornet 750", category: "electric" });
    electric.specs = {
      ...electric.specs,
      displacementCc: null,
      cylinderCount: null,
      peakPowerHp: 20,
      peakPowerPs: null,
    };
    expect(await outcome(acceptReport(db, clock, admin, id, { figures: electric }))).toBe("ok");
  });

  it("rejects with a reason the reporter is told, and frees the model year for a new report", async () => {
    const reporter = await insertMember(db);
    const { id } = await submitReport(db, clock, reporter, report({ model: "X-ADV", releaseYear: 2025 }));
    expect(await outcome(rejectReport(db, clock, admin, id, "   "))).toBe("garage.reject_reason_required");
    expect(await outcome(rejectReport(db, clock, admin, id, "가".repeat(201)))).toBe(
      "garage.reject_reason_length",
    );
    expect((await reportRow(id)).status).toBe("submitted");
    await rejectReport(db, clock, admin, id, " 공식 제원 페이지가 아닙니다. ");
    expect(await reportRow(id)).toMatchObject({
      status: "rejected",
      decisionReason: "공식 제원 페이지가 아닙니다.",
      decidedBy: admin.id,
    });
    expect(await notes(reporter.id)).toEqual([
      {
        type: "motorcycleReportRejected",
        params: { model: "Honda X-ADV (2025)", reason: "공식 제원 페이지가 아닙니다." },
        link: "/report/motorcycle",
      },
    ]);
    expect(await points(reporter)).toBe(0);
    const [logged] = await db
      .select({ reason: transitionLog.reason })
      .from(transitionLog)
      .where(and(eq(transitionLog.machine, "motorcycle_report"), eq(transitionLog.subjectId, String(id))));
    expect(logged?.reason).toBe("공식 제원 페이지가 아닙니다.");
    expect(
      await outcome(submitReport(db, clock, reporter, report({ model: "X-ADV", releaseYear: 2025 }))),
    ).toBe("ok");
    expect((await myReports(db, reporter.id)).map((row) => row.status)).toEqual(["submitted", "rejected"]);
  });
});

describe("the decision form's schema", () => {
  const parse = (fields: Record<string, string>) =>
    parseWithZod(new URLSearchParams(fields), { schema: decisionSchema(2027) });
  const accept = {
    intent: "accept",
    id: "5",
    manufacturer: "Honda",
    year: "2024",
    manufacturerKo: "혼다",
    modelEn: "CB650R",
    modelKo: "CB650R",
    category: "naked",
    specUrl: "https://www.honda.co.kr/motorcycle/cb650r",
    displacementCc: "649",
    peakPowerHp: "93.9",
    peakPowerPs: "95.2",
    abs: "yes",
  };

  it("turns the accept form into figures, unknown fields as null", () => {
    const parsed = parse(accept);
    expect(parsed.status).toBe("success");
    const value = parsed.status === "success" ? parsed.value : undefined;
    expect(value).toMatchObject({
      intent: "accept",
      id: 5,
      figures: {
        modelEn: "CB650R",
        specs: {
          displacementCc: 649,
          peakPowerHp: 93.9,
          peakPowerPs: 95.2,
          abs: true,
          tractionControl: null,
          seatHeightMm: null,
        },
      },
    });
  });

  it("names the field of a missing or implausible figure", () => {
    expect(errorsOf(parse({ ...accept, displacementCc: "" }))).toMatchObject({
      displacementCc: ["garage.error.accept_figures_required"],
    });
    expect(errorsOf(parse({ ...accept, peakPowerPs: "50" }))).toMatchObject({
      peakPowerPs: ["modelReport.problem.hp_ps_mismatch"],
    });
    expect(errorsOf(parse({ ...accept, seatHeightMm: "8.5" }))).toMatchObject({
      seatHeightMm: ["modelReport.admin.wholeNumber"],
    });
  });

  it("needs a reason of at most 200 characters to reject", () => {
    expect(errorsOf(parse({ intent: "reject", id: "5" }))).toMatchObject({
      reason: ["garage.error.reject_reason_required"],
    });
    expect(errorsOf(parse({ intent: "reject", id: "5", reason: "가".repeat(201) }))).toMatchObject({
      reason: ["garage.error.reject_reason_length"],
    });
    expect(parse({ intent: "reject", id: "5", reason: "중복 제보" }).status).toBe("success");
  });
});
