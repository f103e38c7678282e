import { randomUUID } from "node:crypto";
import { useActionData, useLocation } from "react-router";
import type { Route } from "./+types/community";
import { FormAlert } from "#app/components/ui/fields";
import {
  AnnouncementForm,
  DeleteButton,
  EventForm,
  FaqForm,
  type FormValues,
} from "#app/components/notice/AdminForms";
import { EventStateBadge } from "#app/components/notice/EventCard";
import { TabNav } from "#app/components/notice/TabNav";
import { languageFromPath, localizePath, translate, type Language } from "#app/i18n";
import { formatDate, formatDateTime } from "#app/i18n/calendar";
import { toSeoulInput } from "#app/platform/seoul-calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { alreadySubmitted, submitOnce } from "#app/services/content/submit-once.server";
import {
  announcementsForAdmin,
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from "#app/services/notice/announcements.server";
import { createEvent, deleteEvent, eventsForAdmin, updateEvent } from "#app/services/notice/events.server";
import { createFaqEntry, deleteFaqEntry, faqForAdmin, updateFaqEntry } from "#app/services/notice/faq.server";
import { faqTabs } from "#app/services/notice/tabs";
import { actingFrom } from "#app/shell/auth.server";
import { parseIntentSubmission, refusedForm, typedTexts } from "#app/shell/form.server";
import { communityFormSchema } from "#app/services/admin/console-forms.schema";
import { redirectWithFlash } from "#app/shell/flash.server";
import { domainFailure } from "#app/shell/domain.server";
import type { GuardName } from "#app/shell/guards";
import { formLimits, idOrNull, notFound, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "notice.admin.title" };

const sections = ["announce", "faq", "event"] as const;
type Section = (typeof sections)[number];
const isSection = (value: unknown): value is Section => sections.includes(value as Section);

async function sectionData(actor: Actor, section: Section, language: Language) {
  const { db, clock } = getRuntime();
  if (section === "announce") {
    const rows = await announcementsForAdmin(db, actor);
    return {
      announcements: rows.map((row) => ({
        id: row.id,
        tab: row.tab,
        title: row.title,
        pinned: row.pinned,
        contentHtml: row.contentHtml,
        createdAt: formatDate(language, row.createdAt),
      })),
    };
  }
  if (section === "faq") return { faq: await faqForAdmin(db, actor) };
  const rows = await eventsForAdmin(db, clock, actor);
  return {
    events: rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      contentHtml: row.contentHtml,
      state: row.state,
      participantCount: row.participantCount,
      period: translate(language, "notice.event.period", {
        start: formatDateTime(language, row.startsAt),
        end: formatDateTime(language, row.endsAt),
      }),
      startsAtInput: toSeoulInput(row.startsAt),
      endsAtInput: toSeoulInput(row.endsAt),
    })),
  };
}

/** Administrators (with two-step verification) manage announcements, FAQ entries and events; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:site");
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") ?? "announce";
  if (!isSection(tab)) notFound();
  return {
    section: tab,
    editId: idOrNull(url.searchParams.get("edit")),
    // The new entry form's one-time token; a refused save keeps it (the page is not loaded again after a refusal).
    token: randomUUID(),
    announcements: [],
    faq: [],
    events: [],
    ...(await sectionData(actor, tab, languageFromPath(url.pathname))),
  };
}

/** The section and the verb of each intent. */
const sectionOf = {
  "announce.save": ["announce", "save"],
  "announce.delete": ["announce", "delete"],
  "faq.save": ["faq", "save"],
  "faq.delete": ["faq", "delete"],
  "event.save": ["event", "save"],
  "event.delete": ["event", "delete"],
} as const satisfies Record<string, readonly [Section, "save" | "delete"]>;

const fieldsOf: Record<Section, string[]> = {
  announce: ["tab", "title", "content", "pinned"],
  faq: ["tab", "index", "questionKo", "answerKo", "questionEn", "answerEn"],
  event: ["title", "summary", "content", "startsAt", "endsAt"],
};

/** What a refusal shows again: every section's fields, and which form it belongs to. */
const typedFields = new Set(["intent", "id", ...Object.values(fieldsOf).flat()]);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:site");
  const language = languageFromPath(new URL(request.url).pathname);
  // Announcements and events are rich text.
  const form = await readForm(request, formLimits.richText);
  const { refusal, submission } = parseIntentSubmission(form, communityFormSchema, language);
  if (refusal) return refusal;
  const typed = typedTexts(submission, typedFields);
  if (submission.status !== "success") return refusedForm(language, submission, typed);
  const input = submission.value;
  const [section, verb] = sectionOf[input.intent];
  const values: FormValues = Object.fromEntries(fieldsOf[section].map((name) => [name, typed[name] ?? ""]));
  const { db, clock } = getRuntime();
  const from = actingFrom(request);
  // A new entry is saved once however often its form is sent: a second press waits for the first and lands on the
  // same page. Edits and deletes come to the same end when repeated.
  const once = <T,>(token: string, write: (uow: UnitOfWork) => Promise<T>) =>
    submitOnce(db, clock, { memberId: actor.id, token }, write);
  try {
    switch (input.intent) {
      case "announce.delete":
        await deleteAnnouncement(db, clock, actor, input.id, from);
        break;
      case "faq.delete":
        await deleteFaqEntry(db, clock, actor, input.id, from);
        break;
      case "event.delete":
        await deleteEvent(db, clock, actor, input.id, from);
        break;
      case "announce.save": {
        const { id, token, tab, title, content, pinned } = input;
        const announcement = { tab, title, contentHtml: content, pinned };
        if (id) await updateAnnouncement(db, clock, actor, id, announcement, from);
        else await once(token, (uow) => createAnnouncement(uow, clock, actor, announcement, from));
        break;
      }
      case "faq.save": {
        const { id, token, intent: _intent, ...entry } = input;
        if (id) await updateFaqEntry(db, clock, actor, id, entry, from);
        else await once(token, (uow) => createFaqEntry(uow, clock, actor, entry, from));
        break;
      }
      case "event.save": {
        const { id, token, title, summary, content, startsAt, endsAt } = input;
        const event = { title, summary, contentHtml: content, startsAt, endsAt };
        if (id) await updateEvent(db, clock, actor, id, event, from);
        else await once(token, (uow) => createEvent(uow, clock, actor, event, from));
        break;
      }
    }
  } catch (error) {
    // The same new entry, already saved from another process, ends as its first press did.
    if (!alreadySubmitted(error))
      return domainFailure(language, error, {
        ...values,
        intent: input.intent,
        id: input.id ? String(input.id) : "",
      });
  }
  return redirectWithFlash(`${localizePath(language, "/admin/community")}?tab=${section}`, {
    key: verb === "delete" ? "notice.admin.deleted" : "notice.admin.saved",
  });
}

export default function AdminCommunity({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const { section, editId, token } = loaderData;
  // After a failed save the form shows what was typed; otherwise the item being edited, or nothing.
  const failedSave = result && result.values.intent === `${section}.save` ? result.values : undefined;
  const editing = failedSave?.id ? Number(failedSave.id) : editId;

  let editor;
  if (section === "announce") {
    const item = loaderData.announcements.find((row) => row.id === editing);
    const values =
      failedSave ??
      (item
        ? { tab: item.tab, title: item.title, content: item.contentHtml, pinned: item.pinned ? "on" : "" }
        : {});
    editor = <AnnouncementForm values={values} id={item ? String(item.id) : undefined} token={token} />;
  } else if (section === "faq") {
    const item = loaderData.faq.find((row) => row.id === editing);
    const values = failedSave ?? (item ? { ...item, id: String(item.id), index: String(item.index) } : {});
    editor = <FaqForm values={values} id={item ? String(item.id) : undefined} token={token} />;
  } else {
    const item = loaderData.events.find((row) => row.id === editing);
    const values =
      failedSave ??
      (item
        ? {
            title: item.title,
            summary: item.summary,
            content: item.contentHtml,
            startsAt: item.startsAtInput,
            endsAt: item.endsAtInput,
          }
        : {});
    editor = <EventForm values={values} id={item ? String(item.id) : undefined} token={token} />;
  }

  const rowClass = "flex flex-wrap items-center justify-between gap-3 px-4 py-3";
  const editLink = (id: number) => (
    <LocalLink
      to={`/admin/community?tab=${section}&edit=${id}`}
      className="inline-flex min-h-9 items-center rounded-md border border-subtle px-3 text-sm font-semibold"
    >
      {t("notice.admin.edit")}
    </LocalLink>
  );

  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-extrabold">{t("notice.admin.title")}</h1>
      <TabNav
        label={t("notice.admin.sectionsLabel")}
        path="/admin/community"
        current={section}
        tabs={sections.map((value) => ({ value, label: t(`notice.admin.section.${value}`) }))}
      />
      <FormAlert error={result?.error} />
      {/* A new key after each successful save empties the form for the next item. */}
      <div key={`${section}:${editing ?? "new"}:${failedSave ? "kept" : location.key}`}>{editor}</div>

      {section === "announce" ? (
        <section aria-labelledby="admin-announce-list" className="space-y-2">
          <h2 id="admin-announce-list" className="text-lg font-bold">
            {t("notice.admin.announce.list")}
          </h2>
          {loaderData.announcements.length === 0 ? (
            <p className="text-muted">{t("notice.admin.announce.empty")}</p>
          ) : (
            <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
              {loaderData.announcements.map((item) => (
                <li key={item.id} className={rowClass}>
                  <div>
                    <p className="text-muted text-xs">
                      {t(`notice.announce.tab.${item.tab}`)} · {item.createdAt}
                      {item.pinned ? ` · ${t("notice.announce.pinned")}` : null}
                    </p>
                    <LocalLink
                      to={`/announce/${item.tab}/${item.id}`}
                      className="font-semibold hover:underline"
                    >
                      {item.title}
                    </LocalLink>
                  </div>
                  <div className="flex gap-2">
                    {editLink(item.id)}
                    <DeleteButton
                      intent="announce.delete"
                      id={item.id}
                      confirmText={t("notice.admin.announce.deleteConfirm", { title: item.title })}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {section === "faq" ? (
        <section aria-labelledby="admin-faq-list" className="space-y-4">
          <h2 id="admin-faq-list" className="text-lg font-bold">
            {t("notice.admin.faq.list")}
          </h2>
          {faqTabs.map((tab) => {
            const entries = loaderData.faq.filter((entry) => entry.tab === tab);
            return (
              <section key={tab} aria-labelledby={`admin-faq-${tab}`} className="space-y-2">
                <h3 id={`admin-faq-${tab}`} className="font-bold">
                  {t(`notice.faq.tab.${tab}`)}
                </h3>
                {entries.length === 0 ? (
                  <p className="text-muted text-sm">{t("notice.admin.faq.empty")}</p>
                ) : (
                  <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
                    {entries.map((entry) => (
                      <li key={entry.id} className={rowClass}>
                        <div className="min-w-0 flex-1">
                          <p className="font-semibold">
                            <span className="text-muted mr-2 text-xs">{entry.index}</span>
                            {entry.questionKo}
                          </p>
                          <p className="text-muted text-sm" lang="en">
                            {entry.questionEn}
                          </p>
                        </div>
                        <div className="flex gap-2">
                          {editLink(entry.id)}
                          <DeleteButton
                            intent="faq.delete"
                            id={entry.id}
                            confirmText={t("notice.admin.faq.deleteConfirm", { question: entry.questionKo })}
                          />
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </section>
      ) : null}

      {section === "event" ? (
        <section aria-labelledby="admin-event-list" className="space-y-2">
          <h2 id="admin-event-list" className="text-lg font-bold">
            {t("notice.admin.event.list")}
          </h2>
          {loaderData.events.length === 0 ? (
            <p className="text-muted">{t("notice.admin.event.empty")}</p>
          ) : (
            <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
              {loaderData.events.map((item) => (
                <li key={item.id} className={rowClass}>
                  <div className="space-y-1">
                    <p className="flex flex-wrap items-center gap-2 text-xs">
                      <EventStateBadge state={item.state} />
                      <span className="text-muted">{item.period}</span>
                      <span className="text-muted">
                        {t("notice.event.participants", { count: item.participantCount })}
                      </span>
                    </p>
                    <LocalLink to={`/event/${item.id}`} className="font-semibold hover:underline">
                      {item.title}
                    </LocalLink>
                  </div>
                  <div className="flex gap-2">
                    {editLink(item.id)}
                    <DeleteButton
                      intent="event.delete"
                      id={item.id}
                      confirmText={t("notice.admin.event.deleteConfirm", { title: item.title })}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </section>
  );
}
