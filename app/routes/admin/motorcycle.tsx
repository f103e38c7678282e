import { useId } from "react";
import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/motorcycle";
import { FormAlert, Notice, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, translate, type Language } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import {
  applyImport,
  catalogueCounts,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importRefused,
  previewImport,
  type ImportReport,
} from "#app/services/motorcycles/import.server";
import { actingFrom } from "#app/shell/auth.server";
import { domainAnswer } from "#app/shell/domain.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { catalogueImportForm } from "#app/services/admin/console-forms.schema";
import type { GuardName } from "#app/shell/guards";
import { readForm, uploadFormLimit } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "motorcycle.admin.title" };

/** The columns of our own layout, as the page lists them. */
const OWN_COLUMNS =
  "manufacturer, manufacturer_ko, model, model_ko, category, year, spec_url, displacement_cc, peak_power_hp, peak_power_ps, max_torque_nm, seat_height_mm, weight_kg, weight_type (dry|wet), tank_size_l, wheel_base_mm, cylinder_count, cooling (air|oil|airOil|liquid), engine_type, transmission (manual|cvt|semiAuto|dct|direct), gear_count, abs, traction_control (yes|no), front_tyre, rear_tyre, front_suspension, rear_suspension, lighting";

/** How many changed and refused rows the page lists; the counts cover them all. */
const LISTED_ROWS = 200;

/** Administrators (with two-step verification) import into the catalogue; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:site");
  return { counts: await catalogueCounts(getRuntime().db, actor), maxRows: IMPORT_MAX_ROWS };
}

/** The report as the page shows it: counts, and the first rows of each list with their reasons in words. */
function reportView(language: Language, report: ImportReport) {
  return {
    layout: translate(language, `motorcycle.admin.layoutName.${report.layout}`),
    added: report.added,
    changed: report.changed,
    unchanged: report.unchanged,
    refused: report.refused.length,
    changes: report.changes.slice(0, LISTED_ROWS).map((change) => ({
      line: change.line,
      name: `${change.manufacturer} ${change.model} ${change.year}`,
      fields: change.fields.map((field) => translate(language, `motorcycle.admin.field.${field}`)),
    })),
    moreChanges: Math.max(0, report.changes.length - LISTED_ROWS),
    refusals: report.refused.slice(0, LISTED_ROWS).map((refusal) => ({
      line: refusal.line,
      name: refusal.label,
      reasons: refusal.reasons.map((reason) =>
        translate(language, `motorcycle.admin.reason.${reason.code}`, {
          column: reason.column ?? "",
          line: reason.line ?? 0,
        }),
      ),
    })),
    moreRefusals: Math.max(0, report.refused.length - LISTED_ROWS),
  };
}

function importFailure(language: Language, error: unknown, values: { text: string; sourceUrl: string }) {
  const { status, error: body } = domainAnswer(language, error);
  return data({ ok: false as const, error: body, values }, { status });
}

/**
 * "preview" reads the chosen file (or the pasted text) and answers what importing it would do, writing nothing;
 * "import" applies exactly the previewed text, which the preview hands back with its digest.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:site");
  const language = languageFromPath(new URL(request.url).pathname);
  // The chosen file, or the previewed text it hands back (each up to the import limit).
  const form = await readForm(request, uploadFormLimit(2, IMPORT_MAX_BYTES));
  const submission = parseSubmission(form, catalogueImportForm);
  if (submission.status !== "success") {
    const { error } = refusedForm(language, submission).data;
    return data({ ok: false as const, error, values: { text: "", sourceUrl: "" } }, { status: 400 });
  }
  const { intent, sourceUrl, text: pasted, previewed, digest, file } = submission.value;
  const values = { text: intent === "preview" ? pasted : "", sourceUrl };
  const { db, clock } = getRuntime();
  try {
    if (intent === "import") {
      const report = await applyImport(
        db,
        clock,
        actor,
        previewed,
        { sourceUrl, previewedDigest: digest },
        actingFrom(request),
      );
      return {
        ok: true as const,
        intent: "import" as const,
        report: reportView(language, report),
        previewed: null,
        values,
      };
    }
    let text = pasted;
    if (file && file.size > 0) {
      // Refused before reading it: the service checks the text's size too.
      if (file.size > IMPORT_MAX_BYTES) throw importRefused("too_large", { max: 2 });
      text = await file.text();
    }
    const report = await previewImport(db, clock, actor, text, { sourceUrl });
    return {
      ok: true as const,
      intent: "preview" as const,
      report: reportView(language, report),
      previewed: report.added + report.changed > 0 ? { text, sourceUrl, digest: report.digest } : null,
      values,
    };
  } catch (error) {
    return importFailure(language, error, values);
  }
}

type ActionData = Awaited<ReturnType<typeof action>>;
type Report = Extract<ActionData, { ok: true }>["report"];

function Counts({ counts }: { counts: Route.ComponentProps["loaderData"]["counts"] }) {
  const t = useT();
  const items = [
    ["manufacturers", counts.manufacturers],
    ["models", counts.models],
    ["modelYears", counts.modelYears],
  ] as const;
  return (
    <section aria-labelledby="catalogue-counts" className="space-y-2">
      <h2 id="catalogue-counts" className="text-lg font-bold">
        {t("motorcycle.admin.countsHeading")}
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center" data-testid="catalogue-counts">
        {items.map(([key, value]) => (
          <div key={key} className="rounded-xl border border-subtle p-3">
            <dt className="text-muted text-xs">{t(`motorcycle.admin.${key}`)}</dt>
            <dd className="text-xl font-extrabold">{t("motorcycle.admin.count", { count: value })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ReportSection({ intent, report }: { intent: "preview" | "import"; report: Report }) {
  const t = useT();
  const headingId = useId();
  const totals = [
    ["added", report.added],
    ["changed", report.changed],
    ["unchanged", report.unchanged],
    ["refused", report.refused],
  ] as const;
  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="import-report">
      <h2 id={headingId} className="text-lg font-bold">
        {t(intent === "preview" ? "motorcycle.admin.previewHeading" : "motorcycle.admin.importHeading")}
      </h2>
      <Notice>
        {intent === "preview" ? t("motorcycle.admin.previewNote") : t("motorcycle.admin.imported")}{" "}
        {t("motorcycle.admin.layout", { layout: report.layout })}
      </Notice>
      <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        {totals.map(([key, value]) => (
          <div key={key} className="rounded-xl border border-subtle p-3">
            <dt className="text-muted text-xs">{t(`motorcycle.admin.${key}`)}</dt>
            <dd
              className={`text-xl font-extrabold ${key === "refused" && value > 0 ? "text-rose-700 dark:text-rose-300" : ""}`}
            >
              {t("motorcycle.admin.count", { count: value })}
            </dd>
          </div>
        ))}
      </dl>
      {report.changes.length > 0 ? (
        <RowsTable
          caption={t("motorcycle.admin.changesHeading")}
          detailHeading={t("motorcycle.admin.fields")}
          rows={report.changes.map((change) => ({
            line: change.line,
            name: change.name,
            details: change.fields,
          }))}
          more={report.moreChanges}
          inline
        />
      ) : null}
      {report.refusals.length > 0 ? (
        <RowsTable
          caption={t("motorcycle.admin.refusedHeading")}
          detailHeading={t("motorcycle.admin.reasons")}
          rows={report.refusals.map((refusal) => ({
            line: refusal.line,
            name: refusal.name,
            details: refusal.reasons,
          }))}
          more={report.moreRefusals}
        />
      ) : null}
    </section>
  );
}

function RowsTable({
  caption,
  detailHeading,
  rows,
  more,
  inline = false,
}: {
  caption: string;
  detailHeading: string;
  rows: { line: number; name: string; details: string[] }[];
  more: number;
  inline?: boolean;
}) {
  const t = useT();
  const captionId = useId();
  const cell = "border-b border-subtle p-2 text-left align-top";
  return (
    <div className="space-y-1">
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:rounded-xl sm:border sm:border-subtle sm:px-0"
      >
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption id={captionId} className="p-2 text-left font-semibold">
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={`${cell} w-16 font-semibold`}>
                {t("motorcycle.admin.line")}
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                {t("motorcycle.admin.row")}
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                {detailHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line}>
                <td className={`${cell} tabular-nums`}>{row.line}</td>
                <th scope="row" className={`${cell} font-normal`}>
                  {row.name || "—"}
                </th>
                <td className={cell}>
                  {inline ? (
                    row.details.join(", ")
                  ) : (
                    <ul className="list-disc space-y-0.5 pl-4">
                      {row.details.map((detail, index) => (
                        <li key={index}>{detail}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? <p className="text-muted text-xs">{t("motorcycle.admin.more", { count: more })}</p> : null}
    </div>
  );
}

export default function AdminMotorcycle({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const values = result?.values;
  const succeeded = result?.ok ? result : undefined;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("motorcycle.admin.title")}</h1>
      <p className="text-muted text-sm">{t("motorcycle.admin.intro")}</p>
      <Counts counts={loaderData.counts} />

      <section aria-labelledby="import-form" className="space-y-3">
        <h2 id="import-form" className="text-lg font-bold">
          {t("motorcycle.admin.formHeading")}
        </h2>
        <details className="rounded-xl border border-subtle p-3 text-sm">
          <summary className="cursor-pointer font-semibold">{t("motorcycle.admin.layoutsHeading")}</summary>
          <p className="mt-2 break-words">{t("motorcycle.admin.layoutOwn", { columns: OWN_COLUMNS })}</p>
          <p className="mt-2">{t("motorcycle.admin.layoutBikez")}</p>
        </details>
        <Form method="post" encType="multipart/form-data" className="space-y-3" noValidate>
          <FormAlert error={result && !result.ok ? result.error : undefined} />
          <input type="hidden" name="intent" value="preview" />
          <div className="space-y-1">
            <label htmlFor="import-file" className="block text-sm font-semibold">
              {t("motorcycle.admin.file")}
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby="import-file-hint"
              className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-subtle file:px-3"
            />
            <p id="import-file-hint" className="text-muted text-xs">
              {t("motorcycle.admin.fileHint", { max: loaderData.maxRows })}
            </p>
          </div>
          <div className="space-y-1">
            <label htmlFor="import-text" className="block text-sm font-semibold">
              {t("motorcycle.admin.paste")}
            </label>
            <textarea
              id="import-text"
              name="text"
              rows={6}
              spellCheck={false}
              defaultValue={values?.text}
              aria-describedby="import-text-hint"
              className="surface block w-full rounded-lg border border-subtle px-3 py-2 font-mono text-xs"
            />
            <p id="import-text-hint" className="text-muted text-xs">
              {t("motorcycle.admin.pasteHint")}
            </p>
          </div>
          <div className="space-y-1">
            <label htmlFor="import-source" className="block text-sm font-semibold">
              {t("motorcycle.admin.sourceUrl")}
            </label>
            <input
              id="import-source"
              name="sourceUrl"
              type="url"
              inputMode="url"
              placeholder="https://"
              defaultValue={values?.sourceUrl}
              aria-describedby="import-source-hint"
              className="surface block min-h-11 w-full rounded-lg border border-subtle px-3"
            />
            <p id="import-source-hint" className="text-muted text-xs">
              {t("motorcycle.admin.sourceUrlHint")}
            </p>
          </div>
          <SubmitButton variant="secondary">{t("motorcycle.admin.preview")}</SubmitButton>
        </Form>
      </section>

      {succeeded ? (
        <div aria-live="polite" className="space-y-4">
          <ReportSection intent={succeeded.intent} report={succeeded.report} />
          {succeeded.intent === "preview" ? (
            succeeded.previewed ? (
              <Form method="post" encType="multipart/form-data">
                <input type="hidden" name="intent" value="import" />
                <input type="hidden" name="previewed" value={succeeded.previewed.text} />
                <input type="hidden" name="sourceUrl" value={succeeded.previewed.sourceUrl} />
                <input type="hidden" name="digest" value={succeeded.previewed.digest} />
                <SubmitButton>{t("motorcycle.admin.import")}</SubmitButton>
              </Form>
            ) : (
              <p className="text-muted">{t("motorcycle.admin.nothingToImport")}</p>
            )
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
