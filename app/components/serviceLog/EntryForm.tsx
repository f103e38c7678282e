import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Field, type SchemaField } from "#app/components/ui/Field";
import { SubmitButton } from "#app/components/ui/fields";
import { serviceWorks } from "#app/services/service-log/works";
import { formatDay } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { LinkableMeeting, ServiceLogEntryView } from "#app/services/service-log/service-log.server";

const SCHEMA = () => import("#app/services/service-log/service-log.schema");

function Messages({ errors, id }: { errors: string[] | undefined; id?: string }) {
  const messages = useMessages()(errors);
  if (messages.length === 0) return null;
  return (
    <p id={id} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {messages.join(" ")}
    </p>
  );
}

const control = "surface block min-h-11 w-full rounded-lg border border-subtle px-3";

/** A select bound to a schema field, labelled, its messages under it. */
function SelectField({
  field,
  label,
  hint,
  children,
  defaultValue,
}: {
  field: SchemaField;
  label: string;
  hint?: string;
  children: React.ReactNode;
  defaultValue: string;
}) {
  const messages = useMessages()(field.errors);
  const described = [hint ? `${field.id}-hint` : null, messages.length > 0 ? field.errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={field.defaultValue ?? defaultValue}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={described || undefined}
        className={control}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${field.id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
      {messages.length > 0 ? <Messages errors={field.errors} id={field.errorId} /> : null}
    </div>
  );
}

type Mode =
  | { kind: "add"; token: string; meetings: LinkableMeeting[] }
  | { kind: "edit"; entry: ServiceLogEntryView; title: string; cancelTo: string };

/**
 * The add and edit form of a log entry. Works without JavaScript (a plain post); with it, the schema checks the
 * fields before sending. Adding may name a repair meeting, whose day, expert and paid amount fill the fields left
 * empty.
 */
export function EntryForm({
  mode,
  today,
  lastResult,
}: {
  mode: Mode;
  today: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  const language = useLanguage();
  const entry = mode.kind === "edit" ? mode.entry : null;
  const [form, fields] = useSchemaForm(() => SCHEMA().then((schemas) => schemas.serviceLogSchema(today)), {
    lastResult,
    defaultValue: entry
      ? {
          doneOn: entry.doneOn,
          mileageKm: entry.mileageKm === null ? undefined : String(entry.mileageKm),
          work: entry.work,
          note: entry.note,
          costWon: entry.costWon === null ? undefined : String(entry.costWon),
          shop: entry.shop,
        }
      : { doneOn: today },
  });
  const all = fields as unknown as Record<string, SchemaField>;
  return (
    <Form
      method="post"
      className="space-y-3 rounded-xl border border-subtle p-4"
      aria-label={mode.kind === "edit" ? mode.title : t("serviceLog.add.title")}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={mode.kind} />
      {mode.kind === "add" ? <input type="hidden" name="token" value={mode.token} /> : null}
      {entry ? <input type="hidden" name="entryId" value={entry.id} /> : null}
      <Messages errors={form.errors} />
      {mode.kind === "add" && mode.meetings.length > 0 ? (
        <SelectField
          field={all.meetingId!}
          label={t("serviceLog.field.meeting")}
          hint={t("serviceLog.field.meetingHint")}
          defaultValue=""
        >
          <option value="">{t("serviceLog.field.meetingNone")}</option>
          {mode.meetings.map((meeting) => (
            <option key={meeting.id} value={meeting.id}>
              {meeting.paidWon === null
                ? t("serviceLog.field.meetingOption", {
                    day: formatDay(language, meeting.day),
                    expert: meeting.expert,
                  })
                : t("serviceLog.field.meetingPaid", {
                    day: formatDay(language, meeting.day),
                    expert: meeting.expert,
                    won: meeting.paidWon,
                  })}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t("serviceLog.field.doneOn")}
          field={all.doneOn}
          type="date"
          max={today}
          min="1900-01-01"
        />
        <SelectField field={all.work!} label={t("serviceLog.field.work")} defaultValue="oil">
          {serviceWorks.map((work) => (
            <option key={work} value={work}>
              {t(`serviceLog.work.${work}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("serviceLog.field.mileageKm")}
          field={all.mileageKm}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
        />
        <Field
          label={t("serviceLog.field.costWon")}
          field={all.costWon}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={9}
        />
      </div>
      <Field label={t("serviceLog.field.shop")} field={all.shop} maxLength={50} />
      <Field
        label={t("serviceLog.field.note")}
        hint={t("serviceLog.field.noteHint")}
        field={all.note}
        maxLength={200}
      />
      {mode.kind === "edit" ? (
        <div className="grid grid-cols-2 gap-2">
          <LocalLink
            to={mode.cancelTo}
            className="surface inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
          >
            {t("serviceLog.edit.cancel")}
          </LocalLink>
          <SubmitButton>{t("serviceLog.edit.submit")}</SubmitButton>
        </div>
      ) : (
        <SubmitButton>{t("serviceLog.add.submit")}</SubmitButton>
      )}
    </Form>
  );
}
