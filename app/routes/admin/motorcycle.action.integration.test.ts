import fs from "node:fs";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAudit, motorcycle, motorcycleManufacturer, motorcycleModel } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { importDigest } from "#app/services/motorcycles/import.server";
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
import * as motorcycleAdminPage from "./motorcycle";

const ownCsv = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../../tests/fixtures/motorcycle-import-own.csv"),
  "utf8",
);

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

/** The catalogue imports on the audit log, oldest first. */
const imports = () =>
  runtime.db
    .select({ adminId: adminAudit.adminId, subjectId: adminAudit.subjectId, after: adminAudit.after })
    .from(adminAudit)
    .where(eq(adminAudit.action, "motorcycle.catalogue.import"))
    .orderBy(asc(adminAudit.id));

async function catalogueSize() {
  const [[makers], [models], [years]] = await Promise.all([
    runtime.db.select({ n: count() }).from(motorcycleManufacturer),
    runtime.db.select({ n: count() }).from(motorcycleModel),
    runtime.db.select({ n: count() }).from(motorcycle),
  ]);
  return { manufacturers: makers!.n, models: models!.n, modelYears: years!.n };
}

/** Everyone but an administrator (the catalogue is the site's, not a moderator's), with what each is answered. */
function refusedCallers(): [string, SignedInMember | null, Outcome][] {
  return [
    ...refusedWithout(callers, "moderator", "finance"),
    ["a member without the first-login profile", callers.firstLogin, "first-login"],
  ];
}

const previewForm = (text: string, sourceUrl = "") => ({ intent: "preview", text, sourceUrl });
const importForm = (text: string, sourceUrl = "") => ({
  intent: "import",
  previewed: text,
  sourceUrl,
  digest: importDigest(text, sourceUrl),
});

interface Answer {
  ok: boolean;
  intent: "preview" | "import";
  report: {
    layout: string;
    added: number;
    changed: number;
    unchanged: number;
    refused: number;
    changes: { line: number; name: string; fields: string[] }[];
    refusals: { line: number; name: string; reasons: string[] }[];
  };
  previewed: { text: string; sourceUrl: string; digest: string } | null;
  error?: { code: string; message: string };
  values: { text: string; sourceUrl: string };
}

describe("/admin/motorcycle (catalogue import)", () => {
  const post = (as: SignedInMember | null, form: Record<string, string>, at = "/admin/motorcycle") =>
    callAction(motorcycleAdminPage.action, { path: at, form, as });

  it("shows the catalogue's counts to an administrator only", async () => {
    const load = (as: SignedInMember | null) =>
      callLoader(motorcycleAdminPage.loader, { path: "/admin/motorcycle", as });
    for (const [who, as, outcome] of refusedCallers()) expect((await load(as)).outcome, who).toBe(outcome);
    const seen = await load(callers.admin);
    expect(seen.outcome).toBe("done");
    expect(seen.data).toMatchObject({ counts: await catalogueSize() });
  });

  it("refuses everyone else, for the preview and the import alike, and writes nothing", async () => {
    const before = await catalogueSize();
    for (const [who, as, outcome] of refusedCallers()) {
      expect((await post(as, previewForm(ownCsv))).outcome, who).toBe(outcome);
      expect((await post(as, importForm(ownCsv))).outcome, who).toBe(outcome);
    }
    expect(await catalogueSize()).toEqual(before);
    expect(await imports()).toEqual([]);
  });

  it("previews without writing, with localised reasons, then imports exactly what was previewed, once", async () => {
    const before = await catalogueSize();
    const previewed = await post(callers.admin, previewForm(ownCsv));
    expect(previewed.outcome).toBe("done");
    const preview = previewed.data as Answer;
    expect(preview.report).toMatchObject({
      layout: "우리 형식",
      added: 4,
      changed: 0,
      unchanged: 0,
      refused: 5,
    });
    expect(preview.report.refusals[0]).toEqual({
      line: 6,
      name: "CBR500R 2024",
      reasons: ["manufacturer 값이 없습니다."],
    });
    expect(preview.report.refusals[1]!.reasons).toEqual(["시트고는 600–1,000mm여야 합니다."]);
    expect(preview.previewed).toEqual({ text: ownCsv, sourceUrl: "", digest: importDigest(ownCsv) });
    expect(await catalogueSize()).toEqual(before);

    // The import form carries the previewed text and its digest; a different text is refused.
    const tampered = await post(callers.admin, {
      ...importForm(ownCsv),
      previewed: ownCsv.replace(",780,", ",781,"),
    });
    expect(tampered.outcome).toBe("invalid");
    expect((tampered.data as Answer).error).toEqual({
      code: "preview_mismatch",
      message: "미리보기한 내용과 다릅니다. 다시 미리보기한 뒤 가져오세요.",
    });
    expect(await catalogueSize()).toEqual(before);

    const imported = await post(callers.admin, {
      intent: "import",
      previewed: preview.previewed!.text,
      sourceUrl: preview.previewed!.sourceUrl,
      digest: preview.previewed!.digest,
    });
    expect(imported.outcome).toBe("done");
    expect((imported.data as Answer).report).toMatchObject({
      added: 4,
      changed: 0,
      unchanged: 0,
      refused: 5,
    });
    expect(await catalogueSize()).toEqual({
      manufacturers: before.manufacturers + 4,
      models: before.models + 4,
      modelYears: before.modelYears + 4,
    });

    // A second click on the same import adds nothing.
    const again = await post(callers.admin, importForm(ownCsv));
    expect((again.data as Answer).report).toMatchObject({ added: 0, changed: 0, unchanged: 4 });
    // Both are on the audit log, with what each wrote.
    expect(await imports()).toEqual([
      {
        adminId: callers.admin.id,
        subjectId: importDigest(ownCsv),
        after: expect.objectContaining({ added: 4, changed: 0, unchanged: 0, refused: 5 }),
      },
      {
        adminId: callers.admin.id,
        subjectId: importDigest(ownCsv),
        after: expect.objectContaining({ added: 0, changed: 0, unchanged: 4, refused: 5 }),
      },
    ]);
    expect(await catalogueSize()).toEqual({
      manufacturers: before.manufacturers + 4,
      models: before.models + 4,
      modelYears: before.modelYears + 4,
    });
  });

  it("lists a changed figure in English on /en, and offers no import when nothing would change", async () => {
    const edited = ownCsv.replace(",780,184,wet,", ",781,184,wet,");
    const answer = (await post(callers.admin, previewForm(edited), "/en/admin/motorcycle")).data as Answer;
    expect(answer.report).toMatchObject({ layout: "our layout", added: 0, changed: 1, unchanged: 3 });
    expect(answer.report.changes).toEqual([
      { line: 2, name: "Honda Forza 350 2023", fields: ["Seat height"] },
    ]);
    expect(answer.report.refusals[4]!.reasons).toEqual([
      "Unknown category.",
      "traction_control cannot be read.",
    ]);
    const unchanged = (await post(callers.admin, previewForm(ownCsv))).data as Answer;
    expect(unchanged.report).toMatchObject({ added: 0, changed: 0, unchanged: 4 });
    expect(unchanged.previewed).toBeNull();
  });

  it("refuses a bad file with a localised message and keeps what was typed", async () => {
    const before = await catalogueSize();
    const bikez = "Brand,Model,Year,Category\nHonda,PCX 125,2021,Scooter\n";
    const refused = await post(
      callers.admin,
      previewForm(bikez, "http://bikez.com/"),
      "/en/admin/motorcycle",
    );
    expect(refused.outcome).toBe("invalid");
    expect(refused.data).toMatchObject({
      ok: false,
      error: { code: "source_url_invalid", message: "The source URL must be an https address." },
      values: { text: bikez, sourceUrl: "http://bikez.com/" },
    });
    const unknown = await post(callers.admin, previewForm("a,b\n1,2\n"));
    expect((unknown.data as Answer).error?.code).toBe("layout_unknown");
    expect(await catalogueSize()).toEqual(before);
  });
});
