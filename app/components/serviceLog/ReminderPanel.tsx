import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Field, type SchemaField } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import type { Language } from "#app/i18n";
import { formatDay } from "#app/i18n/calendar";
import { useT } from "#app/i18n/react";
import type { ReminderStatus } from "#app/services/service-log/reminders";

const SCHEMA = () => import("#app/services/service-log/service-log.schema");

const stateStyle: Record<ReminderStatus["state"], string> = {
  off: "text-muted",
  none: "text-muted",
  ok: "text-emerald-800 dark:text-emerald-200",
  soon: "text-amber-800 dark:text-amber-200",
  due: "text-rose-800 dark:text-rose-200",
};

/** What a reminder says: its state, and when or at what mileage it is due. */
function ReminderLine({ status, language }: { status: ReminderStatus; language: Language }) {
  const t = useT();
  const when =
    status.dueOn === null
      ? null
      : status.dueKm === null
        ? t("serviceLog.reminder.dueDate", { date: formatDay(language, status.dueOn) })
        : t("serviceLog.reminder.due", { date: formatDay(language, status.dueOn), km: status.dueKm });
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2" data-reminder={status.work}>
      <span className="font-semibold">{t(`serviceLog.work.${status.work}`)}</span>
      <span className="text-sm">
        <strong className={stateStyle[status.state]} data-reminder-state={status.state}>
          {t(`serviceLog.reminder.state.${status.state}`)}
        </strong>
        {when && status.state !== "off" ? <span className="text-muted"> · {when}</span> : null}
      </span>
    </li>
  );
}

/** The bike's periodic work with its state, and the owner's intervals (shown folded). */
export function ReminderPanel({
  reminders,
  language,
  today,
  lastResult,
  error,
}: {
  reminders: ReminderStatus[];
  today: string;
  language: Language;
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
}) {
  const t = useT();
  const defaults = Object.fromEntries(
    reminders.flatMap((status) => [
      [`${status.work}Enabled`, status.interval.enabled ? "on" : ""],
      [`${status.work}Months`, String(status.interval.months)],
      [`${status.work}Km`, String(status.interval.km)],
    ]),
  );
  const [form, fields] = useSchemaForm(() => SCHEMA().then((schemas) => schemas.serviceLogSchema(today)), {
    lastResult,
    defaultValue: defaults,
  });
  const all = fields as unknown as Record<string, SchemaField>;
  const formMessages = useMessages()(form.errors);
  return (
    <section aria-labelledby="service-reminders" className="space-y-3">
      <h2 id="service-reminders" className="text-lg font-bold">
        {t("serviceLog.reminder.heading")}
      </h2>
      <p className="text-muted text-sm">{t("serviceLog.reminder.intro")}</p>
      <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
        {reminders.map((status) => (
          <ReminderLine key={status.work} status={status} language={language} />
        ))}
      </ul>
      <details className="rounded-xl border border-subtle p-4" open={Boolean(lastResult || error)}>
        <summary className="min-h-11 cursor-pointer content-center font-semibold">
          {t("serviceLog.reminder.settings")}
        </summary>
        <Form method="post" className="mt-3 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="reminders" />
          <FormAlert error={error} />
          {formMessages.length > 0 ? (
            <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
              {formMessages.join(" ")}
            </p>
          ) : null}
          {reminders.map((status) => {
            const work = t(`serviceLog.work.${status.work}`);
            return (
              <fieldset key={status.work} className="grid gap-3 sm:grid-cols-3">
                <legend className="sr-only">{work}</legend>
                <label className="flex min-h-11 items-center gap-2 text-sm font-semibold sm:self-end">
                  <input
                    type="checkbox"
                    name={`${status.work}Enabled`}
                    defaultChecked={status.interval.enabled}
                    className="size-5"
                  />
                  {t("serviceLog.reminder.enabled", { work })}
                </label>
                <Field
                  label={t("serviceLog.reminder.months", { work })}
                  field={all[`${status.work}Months`]}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  maxLength={3}
                  required
                />
                <Field
                  label={t("serviceLog.reminder.km", { work })}
                  field={all[`${status.work}Km`]}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  maxLength={6}
                  required
                />
              </fieldset>
            );
          })}
          <SubmitButton>{t("serviceLog.reminder.submit")}</SubmitButton>
        </Form>
      </details>
    </section>
  );
}
