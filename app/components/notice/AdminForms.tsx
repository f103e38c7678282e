import { useId, type ComponentProps, type ReactNode } from "react";
import { Form } from "react-router";
import { Field } from "#app/components/ui/Field";
import { SubmitButton } from "#app/components/ui/fields";
import { RichTextEditor } from "#app/components/editor/RichTextEditor";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { LocalLink, useT } from "#app/i18n/react";
import {
  ANNOUNCEMENT_TITLE_MAX,
  announcementTabs,
  EVENT_SUMMARY_MAX,
  EVENT_TITLE_MAX,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  faqTabs,
} from "#app/services/notice/tabs";

/** What a form shows: the values typed before a failed submit, else the stored values of the item being edited. */
export type FormValues = Record<string, string>;

function TextArea({ label, hint, ...props }: { label: string; hint?: string } & ComponentProps<"textarea">) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="surface block w-full rounded-lg border border-subtle px-3 py-2"
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Select({
  label,
  options,
  ...props
}: { label: string; options: { value: string; label: string }[] } & ComponentProps<"select">) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        className="surface block min-h-11 w-full rounded-lg border border-subtle px-3"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The create-or-edit form of one section, with a way out of editing. A new item's form carries the page's one-time
 * token, so a double submit saves one item.
 */
function EditorShell({
  heading,
  intent,
  id,
  token,
  cancelTo,
  children,
}: {
  heading: string;
  intent: string;
  id?: string;
  token: string;
  cancelTo: string;
  children: ReactNode;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="surface space-y-3 rounded-xl border border-subtle p-4">
      <h2 id={headingId} className="text-lg font-bold">
        {heading}
      </h2>
      <Form method="post" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value={intent} />
        {id ? (
          <input type="hidden" name="id" value={id} />
        ) : (
          <input type="hidden" name="token" value={token} />
        )}
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <div className="w-40">
            <SubmitButton>{t("notice.admin.save")}</SubmitButton>
          </div>
          {id ? (
            <LocalLink to={cancelTo} className="text-link text-sm font-semibold hover:underline">
              {t("notice.admin.cancelEdit")}
            </LocalLink>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

export function AnnouncementForm({ values, id, token }: { values: FormValues; id?: string; token: string }) {
  const t = useT();
  return (
    <EditorShell
      heading={t(id ? "notice.admin.announce.editing" : "notice.admin.announce.new")}
      intent="announce.save"
      id={id}
      token={token}
      cancelTo="/admin/community?tab=announce"
    >
      <Select
        label={t("notice.admin.announce.tab")}
        name="tab"
        defaultValue={values.tab || announcementTabs[0]}
        options={announcementTabs.map((tab) => ({ value: tab, label: t(`notice.announce.tab.${tab}`) }))}
      />
      <Field
        label={t("notice.admin.announce.title")}
        name="title"
        required
        maxLength={ANNOUNCEMENT_TITLE_MAX}
        defaultValue={values.title}
      />
      <RichTextEditor
        name="content"
        label={t("notice.admin.announce.content")}
        defaultValue={values.content}
        required
      />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name="pinned" defaultChecked={values.pinned === "on"} className="size-5" />
        {t("notice.admin.announce.pinned")}
      </label>
      {id ? null : <p className="text-muted text-xs">{t("notice.admin.announce.notifyHint")}</p>}
    </EditorShell>
  );
}

export function FaqForm({ values, id, token }: { values: FormValues; id?: string; token: string }) {
  const t = useT();
  return (
    <EditorShell
      heading={t(id ? "notice.admin.faq.editing" : "notice.admin.faq.new")}
      intent="faq.save"
      id={id}
      token={token}
      cancelTo="/admin/community?tab=faq"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={t("notice.admin.faq.tab")}
          name="tab"
          defaultValue={values.tab || faqTabs[0]}
          options={faqTabs.map((tab) => ({ value: tab, label: t(`notice.faq.tab.${tab}`) }))}
        />
        <Field
          label={t("notice.admin.faq.index")}
          hint={t("notice.admin.faq.indexHint")}
          name="index"
          type="number"
          inputMode="numeric"
          min={0}
          max={9999}
          defaultValue={values.index || "0"}
        />
      </div>
      <Field
        label={t("notice.admin.faq.questionKo")}
        name="questionKo"
        lang="ko"
        required
        maxLength={FAQ_QUESTION_MAX}
        defaultValue={values.questionKo}
      />
      <TextArea
        label={t("notice.admin.faq.answerKo")}
        name="answerKo"
        lang="ko"
        rows={4}
        required
        maxLength={FAQ_ANSWER_MAX}
        defaultValue={values.answerKo}
      />
      <Field
        label={t("notice.admin.faq.questionEn")}
        name="questionEn"
        lang="en"
        required
        maxLength={FAQ_QUESTION_MAX}
        defaultValue={values.questionEn}
      />
      <TextArea
        label={t("notice.admin.faq.answerEn")}
        name="answerEn"
        lang="en"
        rows={4}
        required
        maxLength={FAQ_ANSWER_MAX}
        defaultValue={values.answerEn}
      />
    </EditorShell>
  );
}

export function EventForm({ values, id, token }: { values: FormValues; id?: string; token: string }) {
  const t = useT();
  return (
    <EditorShell
      heading={t(id ? "notice.admin.event.editing" : "notice.admin.event.new")}
      intent="event.save"
      id={id}
      token={token}
      cancelTo="/admin/community?tab=event"
    >
      <Field
        label={t("notice.admin.event.title")}
        name="title"
        required
        maxLength={EVENT_TITLE_MAX}
        defaultValue={values.title}
      />
      <TextArea
        label={t("notice.admin.event.summary")}
        name="summary"
        rows={2}
        required
        maxLength={EVENT_SUMMARY_MAX}
        defaultValue={values.summary}
      />
      <RichTextEditor
        name="content"
        label={t("notice.admin.event.content")}
        defaultValue={values.content}
        required
      />
      <p className="text-muted text-xs">{t("notice.admin.event.contentHint")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t("notice.admin.event.startsAt")}
          name="startsAt"
          type="datetime-local"
          required
          defaultValue={values.startsAt}
        />
        <Field
          label={t("notice.admin.event.endsAt")}
          name="endsAt"
          type="datetime-local"
          required
          defaultValue={values.endsAt}
        />
      </div>
      <p className="text-muted text-xs">{t("notice.admin.event.timeHint")}</p>
    </EditorShell>
  );
}

/** A delete button that asks first. */
export function DeleteButton({
  intent,
  id,
  confirmText,
}: {
  intent: string;
  id: number;
  confirmText: string;
}) {
  const t = useT();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <ConfirmButton
        className="min-h-9 rounded-md border border-rose-300 px-3 text-sm font-semibold text-rose-800 dark:text-rose-300"
        confirm={{ title: confirmText, action: t("notice.admin.delete") }}
      >
        {t("notice.admin.delete")}
      </ConfirmButton>
    </Form>
  );
}
