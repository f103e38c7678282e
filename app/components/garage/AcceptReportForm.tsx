import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Field, type SchemaField } from "#app/components/ui/Field";
import { SubmitButton } from "#app/components/ui/fields";
import type { MotorcycleCategory } from "#app/db/schema";
import type { koModelReport } from "#app/i18n/areas/modelReport.ko";
import { useT } from "#app/i18n/react";
import { figureChoices, REPORT_REWARD_POINTS } from "#app/services/motorcycles/report.schema";

/** What the accept form starts from: the report and what the catalogue already knows of its names. */
export interface AcceptFormReport {
  id: number;
  manufacturer: string;
  releaseYear: number;
  specUrl: string;
  suggestion: {
    manufacturerKo: string;
    modelEn: string;
    modelKo: string;
    category: MotorcycleCategory | null;
  };
}

const numberFields = [
  ["displacementCc", "numeric"],
  ["peakPowerHp", "decimal"],
  ["peakPowerPs", "decimal"],
  ["maxTorqueNm", "decimal"],
  ["seatHeightMm", "numeric"],
  ["weightKg", "decimal"],
  ["tankSizeL", "decimal"],
  ["wheelBaseMm", "numeric"],
  ["cylinderCount", "numeric"],
  ["gearCount", "numeric"],
] as const;

const textFields = [
  "engineType",
  "frontTyre",
  "rearTyre",
  "frontSuspension",
  "rearSuspension",
  "lighting",
] as const;

/** A labelled select of a schema form's field, its messages under it. */
function SelectField({ label, field, children }: { label: string; field: SchemaField; children: ReactNode }) {
  const messages = useMessages()(field.errors);
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={field.defaultValue ?? ""}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length > 0 ? field.errorId : undefined}
        className="surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600"
      >
        {children}
      </select>
      {messages.length > 0 ? (
        <div id={field.errorId} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The administrator's figures for a reported model year: names and category, then the published figures (the ones
 * they know), checked in the browser by the schema the action parses, plausibility included.
 */
export function AcceptReportForm({
  report,
  latestYear,
  lastResult,
}: {
  report: AcceptFormReport;
  latestYear: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  const messages = useMessages();
  const [form, fields] = useSchemaForm(
    () =>
      import("#app/services/motorcycles/report.schema").then((schemas) => schemas.decisionSchema(latestYear)),
    {
      lastResult,
      defaultValue: {
        manufacturerKo: report.suggestion.manufacturerKo,
        modelEn: report.suggestion.modelEn,
        modelKo: report.suggestion.modelKo,
        category: report.suggestion.category ?? undefined,
        specUrl: report.specUrl,
      },
    },
  );
  const field = (name: string) => (fields as unknown as Record<string, SchemaField>)[name]!;
  const label = (name: keyof typeof koModelReport.admin.fields) => t(`modelReport.admin.fields.${name}`);
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="id" value={report.id} />
      <input type="hidden" name="manufacturer" value={report.manufacturer} />
      <input type="hidden" name="year" value={report.releaseYear} />
      {form.errors ? (
        <p role="alert" className="text-sm text-rose-700">
          {messages(form.errors).join(" ")}
        </p>
      ) : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-bold">{t("modelReport.admin.names")}</legend>
        <Field label={label("manufacturerKo")} field={field("manufacturerKo")} required />
        <Field label={label("modelEn")} field={field("modelEn")} lang="en" required />
        <Field label={label("modelKo")} field={field("modelKo")} required />
        <SelectField label={label("category")} field={field("category")}>
          <option value="">—</option>
          {figureChoices.categories.map((code) => (
            <option key={code} value={code}>
              {t(`modelReport.category.${code}`)}
            </option>
          ))}
        </SelectField>
        <Field label={label("specUrl")} field={field("specUrl")} type="url" required />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-bold">{t("modelReport.admin.figures")}</legend>
        <p className="text-muted text-xs">{t("modelReport.admin.acceptHint")}</p>
        <div className="grid grid-cols-2 gap-3">
          {numberFields.map(([name, mode]) => (
            <Field key={name} label={label(name)} field={field(name)} inputMode={mode} />
          ))}
          <SelectField label={label("weightType")} field={field("weightType")}>
            <option value="">{t("modelReport.admin.unknown")}</option>
            {figureChoices.weightTypes.map((code) => (
              <option key={code} value={code}>
                {t(`modelReport.admin.weightType.${code}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={label("cooling")} field={field("cooling")}>
            <option value="">{t("modelReport.admin.unknown")}</option>
            {figureChoices.coolings.map((code) => (
              <option key={code} value={code}>
                {t(`modelReport.admin.cooling.${code}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={label("transmission")} field={field("transmission")}>
            <option value="">{t("modelReport.admin.unknown")}</option>
            {figureChoices.transmissions.map((code) => (
              <option key={code} value={code}>
                {t(`modelReport.admin.transmission.${code}`)}
              </option>
            ))}
          </SelectField>
          {(["abs", "tractionControl"] as const).map((name) => (
            <SelectField key={name} label={label(name)} field={field(name)}>
              <option value="">{t("modelReport.admin.unknown")}</option>
              <option value="yes">{t("modelReport.admin.yes")}</option>
              <option value="no">{t("modelReport.admin.no")}</option>
            </SelectField>
          ))}
        </div>
        {textFields.map((name) => (
          <Field key={name} label={label(name)} field={field(name)} maxLength={80} />
        ))}
      </fieldset>
      <SubmitButton>{t("modelReport.admin.acceptSubmit", { points: REPORT_REWARD_POINTS })}</SubmitButton>
    </Form>
  );
}
