import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert, Notice } from "#app/components/ui/fields";
import type { InspectionItem, InspectionSystem } from "#app/db/schema";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import {
  conditionField,
  INSPECTION_NOTE_MAX,
  INSPECTION_PHOTOS_MAX,
  INSPECTION_SUMMARY_MAX,
  noteField,
} from "#app/services/inspection/inspection.schema";
import type { InspectionReport, InspectionView } from "#app/services/inspection/inspections.server";
import { reportConditions, reportVerdicts } from "#app/services/inspection/terms";
import { InspectionReportBody } from "./InspectionReport";

export type InspectionActionData =
  { error?: { code: string; message: string }; values?: Record<string, string> } | undefined;

const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold disabled:opacity-60";
const primary =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white disabled:opacity-60";
const inputClass = "surface block min-h-11 w-full rounded-lg border border-subtle px-3";

/** /inspection/{id}: the inspection's facts, the steps the reader may take, and its report (or the expert's form). */
export function InspectionPage({
  data,
  result,
}: {
  data: { inspection: InspectionView; now: string };
  result?: InspectionActionData;
}) {
  const t = useT();
  const language = useLanguage();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { inspection } = data;
  const values = result?.values;
  const { steps, role, status } = inspection;

  return (
    <section className="mx-auto w-full max-w-2xl space-y-5 p-4">
      <header className="space-y-2">
        <h1 className="text-2xl font-extrabold">{t("inspection.page.heading")}</h1>
        <p className="text-sm font-semibold">{t(`inspection.status.${status}`)}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">{t("inspection.page.listing")}</dt>
          <dd>
            <LocalLink to={inspection.listing.path} className="text-link underline">
              {inspection.listing.title}
            </LocalLink>
          </dd>
          <dt className="font-semibold">{t("inspection.page.people")}</dt>
          <dd>
            {t("inspection.role.buyer")} {inspection.buyer} · {t("inspection.role.seller")}{" "}
            {inspection.seller} · {t("inspection.role.expert")} {inspection.expert}
          </dd>
          <dt className="font-semibold">{t("inspection.page.time")}</dt>
          <dd>
            {formatDateTime(language, inspection.proposedAt)}
            {inspection.answeredAt ? (
              <span className="text-muted ml-2">
                {t("inspection.page.answeredAt", { date: formatDateTime(language, inspection.answeredAt) })}
              </span>
            ) : null}
          </dd>
        </dl>
        {inspection.chatPath ? (
          <LocalLink
            to={inspection.chatPath}
            className="text-link inline-block text-sm font-semibold underline"
          >
            {t("inspection.page.chat")}
          </LocalLink>
        ) : null}
      </header>

      <FormAlert error={result?.error} />
      <WaitingNote inspection={inspection} />

      {steps.includes("agree") || steps.includes("decline") || steps.includes("publish") ? (
        <Form method="post" className="flex flex-wrap gap-2">
          {steps.includes("agree") ? (
            <button type="submit" name="intent" value="agree" disabled={busy} className={primary}>
              {t("inspection.page.agree")}
            </button>
          ) : null}
          {steps.includes("decline") ? (
            <ConfirmButton
              name="intent"
              value="decline"
              disabled={busy}
              className={button}
              confirm={{ title: t("inspection.page.declineConfirm"), action: t("inspection.page.decline") }}
            >
              {t("inspection.page.decline")}
            </ConfirmButton>
          ) : null}
          {steps.includes("publish") ? (
            <div className="space-y-1">
              <ConfirmButton
                name="intent"
                value="publish"
                disabled={busy}
                className={primary}
                confirm={{ title: t("inspection.page.publishConfirm"), action: t("inspection.page.publish") }}
              >
                {t("inspection.page.publish")}
              </ConfirmButton>
              <p className="text-muted text-xs">{t("inspection.page.publishHint")}</p>
            </div>
          ) : null}
        </Form>
      ) : null}

      {steps.includes("propose") ? <ProposeForm busy={busy} value={values?.at} /> : null}

      {inspection.canWrite ? (
        <ReportForm report={inspection.report} values={values} busy={busy} />
      ) : inspection.report ? (
        <section aria-labelledby="inspection-report" className="space-y-3">
          <h2 id="inspection-report" className="text-lg font-bold">
            {t("inspection.report.heading")}
          </h2>
          {inspection.report.submittedAt ? (
            <p className="text-muted text-sm">
              {t("inspection.report.submittedAt", {
                date: formatDateTime(language, inspection.report.submittedAt),
              })}
            </p>
          ) : (
            <p className="text-muted text-sm">{t("inspection.report.draft")}</p>
          )}
          <InspectionReportBody report={inspection.report} headingLevel={2} />
        </section>
      ) : role !== null && status === "agreed" ? (
        <p className="text-muted text-sm">{t("inspection.page.notSubmitted")}</p>
      ) : null}
    </section>
  );
}

/** What the reader is waiting for, when it is someone else's turn. */
function WaitingNote({ inspection }: { inspection: InspectionView }) {
  const t = useT();
  const { status, role } = inspection;
  if (status === "proposed" && role !== "seller")
    return <Notice>{t("inspection.page.waitingSeller")}</Notice>;
  if (status === "agreed" && role !== "expert") return <Notice>{t("inspection.page.waitingReport")}</Notice>;
  if (status === "submitted" && role !== "seller")
    return <Notice>{t("inspection.page.waitingPublish")}</Notice>;
  return null;
}

/** The buyer or the expert proposes another time, in Korean time. */
function ProposeForm({ busy, value }: { busy: boolean; value?: string }) {
  const t = useT();
  const id = useId();
  return (
    <Form method="post" className="space-y-2 rounded-xl border border-subtle p-4">
      <label htmlFor={id} className="block text-sm font-semibold">
        {t("inspection.page.proposeAt")}
      </label>
      <input
        id={id}
        name="at"
        type="datetime-local"
        required
        defaultValue={value ?? ""}
        aria-describedby={`${id}-hint`}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="text-muted text-xs">
        {t("inspection.page.proposeHint")}
      </p>
      <button type="submit" name="intent" value="propose" disabled={busy} className={button}>
        {t("inspection.page.propose")}
      </button>
    </Form>
  );
}

/** One system of the checklist: its condition as radio buttons and a note. */
function SystemFields({ item, values }: { item: InspectionItem; values?: Record<string, string> }) {
  const t = useT();
  const id = useId();
  const system: InspectionSystem = item.system;
  const name = t(`inspection.system.${system}`);
  const condition = values?.[conditionField(system)] ?? item.condition;
  return (
    <fieldset className="space-y-2 rounded-lg border border-subtle p-3">
      <legend className="px-1 font-semibold">{name}</legend>
      <div
        role="radiogroup"
        aria-label={t("inspection.form.condition", { system: name })}
        className="flex flex-wrap gap-2"
      >
        {reportConditions.map((value) => (
          <label
            key={value}
            className="inline-flex min-h-10 items-center gap-1 rounded-lg border border-subtle px-2 text-sm"
          >
            <input
              type="radio"
              name={conditionField(system)}
              value={value}
              defaultChecked={condition === value}
            />
            {t(`inspection.condition.${value}`)}
          </label>
        ))}
      </div>
      <label htmlFor={`${id}-note`} className="block text-xs font-semibold">
        {t("inspection.form.note", { system: name })}
      </label>
      <textarea
        id={`${id}-note`}
        name={noteField(system)}
        rows={2}
        maxLength={INSPECTION_NOTE_MAX}
        defaultValue={values?.[noteField(system)] ?? item.note}
        className={`${inputClass} py-2`}
      />
    </fieldset>
  );
}

/** The expert's report form: saved as a draft any number of times, then submitted once (after a confirmation). */
function ReportForm({
  report,
  values,
  busy,
}: {
  report: InspectionReport | null;
  values?: Record<string, string>;
  busy: boolean;
}) {
  const t = useT();
  const id = useId();
  const checklist = report?.checklist ?? [];
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {t("inspection.form.heading")}
      </h2>
      {report?.savedAt ? <p className="text-muted text-sm">{t("inspection.report.draft")}</p> : null}
      <div className="space-y-3">
        <h3 className="font-semibold">{t("inspection.form.systems")}</h3>
        {checklist.map((item) => (
          <SystemFields key={item.system} item={item} values={values} />
        ))}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-verdict`} className="block text-sm font-semibold">
          {t("inspection.verdict.label")}
        </label>
        <select
          id={`${id}-verdict`}
          name="verdict"
          defaultValue={values?.verdict ?? report?.verdict ?? ""}
          className={inputClass}
        >
          <option value="">{t("inspection.verdict.none")}</option>
          {reportVerdicts.map((verdict) => (
            <option key={verdict} value={verdict}>
              {t(`inspection.verdict.${verdict}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-summary`} className="block text-sm font-semibold">
          {t("inspection.form.summary")}
        </label>
        <textarea
          id={`${id}-summary`}
          name="summary"
          rows={4}
          maxLength={INSPECTION_SUMMARY_MAX}
          aria-describedby={`${id}-summary-hint`}
          defaultValue={values?.summary ?? report?.summary ?? ""}
          className={`${inputClass} py-2`}
        />
        <p id={`${id}-summary-hint`} className="text-muted text-xs">
          {t("inspection.form.summaryHint", { max: INSPECTION_SUMMARY_MAX })}
        </p>
      </div>
      {report && report.photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2">
          {report.photos.map((photo, index) => (
            <li key={photo.url} className="space-y-1">
              <img
                src={photo.url}
                width={photo.width}
                height={photo.height}
                alt={t("inspection.report.photoAlt", { index: index + 1 })}
                className="aspect-square w-full rounded-lg object-cover"
              />
              <label className="flex items-center gap-1 text-xs">
                <input type="checkbox" name="keep" value={photo.url} defaultChecked />
                {t("inspection.form.keep")}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="space-y-1">
        <label htmlFor={`${id}-photos`} className="block text-sm font-semibold">
          {t("inspection.form.photos")}
        </label>
        <input
          id={`${id}-photos`}
          name="photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-describedby={`${id}-photos-hint`}
          className="block w-full text-sm"
        />
        <p id={`${id}-photos-hint`} className="text-muted text-xs">
          {t("inspection.form.photosHint", { max: INSPECTION_PHOTOS_MAX })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="save" disabled={busy} className={button}>
          {busy ? t("inspection.form.saving") : t("inspection.form.save")}
        </button>
        <ConfirmButton
          name="intent"
          value="submit"
          disabled={busy}
          className={primary}
          confirm={{ title: t("inspection.form.submitConfirm"), action: t("inspection.form.submit") }}
        >
          {t("inspection.form.submit")}
        </ConfirmButton>
      </div>
    </Form>
  );
}
