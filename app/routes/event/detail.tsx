import { Form, useActionData } from "react-router";
import type { Route } from "./+types/detail";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { EventStateBadge } from "#app/components/notice/EventCard";
import { RichContent } from "#app/components/notice/RichContent";
import { languageFromPath, translate } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { getViewer } from "#app/platform/viewer.server";
import { getEvent, participateInEvent } from "#app/services/notice/events.server";
import { formatDateTime } from "#app/i18n/calendar";
import { requireActor } from "#app/shell/auth.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { domainFailure } from "#app/shell/domain.server";
import { idOrNull, missingPage } from "#app/shell/input.server";

/** An id no event can have reads as an unknown event (0 is never an id). */
const eventId = (value: string) => idOrNull(value) ?? 0;

/** Open to visitors; a deleted or missing event answers 404 with a page that says so. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const language = languageFromPath(pathname);
  const viewer = await getViewer(request);
  const { db, clock } = getRuntime();
  const event = await getEvent(db, clock, eventId(params.id), viewer?.id ?? null);
  if (!event) {
    return missingPage({
      event: null,
      signedIn: Boolean(viewer),
      pageTitle: translate(language, "notice.event.missingTitle"),
    });
  }
  return {
    event: {
      ...event,
      startsAt: formatDateTime(language, event.startsAt),
      endsAt: formatDateTime(language, event.endsAt),
    },
    signedIn: Boolean(viewer),
    pageTitle: event.title,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const { pathname } = new URL(request.url);
  const language = languageFromPath(pathname);
  const { db, clock } = getRuntime();
  try {
    await participateInEvent(db, clock, actor.id, eventId(params.id));
  } catch (error) {
    return domainFailure(language, error);
  }
  return redirectWithFlash(pathname, { key: "notice.event.joined" });
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const { event, signedIn } = loaderData;
  if (!event) {
    return (
      <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <h1 className="text-2xl font-extrabold">{t("notice.event.missingTitle")}</h1>
        <p className="text-muted">{t("notice.event.missingText")}</p>
        <LocalLink to="/event" className="text-link font-semibold hover:underline">
          {t("notice.event.backToList")}
        </LocalLink>
      </section>
    );
  }
  const path = `/event/${event.id}`;
  return (
    <article className="mx-auto max-w-3xl space-y-5">
      <LocalLink to={`/event?tab=${event.state}`} className="text-link text-sm hover:underline">
        ← {t("notice.event.backToList")}
      </LocalLink>
      <header className="space-y-2 border-b border-subtle pb-4">
        <div className="flex flex-wrap items-center gap-2">
          <EventStateBadge state={event.state} />
          {event.participated ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-white">
              {t("notice.event.participatedBadge")}
            </span>
          ) : null}
        </div>
        <h1 className="text-2xl font-extrabold">{event.title}</h1>
        <p className="text-muted">{event.summary}</p>
        <dl className="flex flex-wrap gap-x-2 text-sm">
          <dt className="font-semibold">{t("notice.event.periodLabel")}</dt>
          <dd>{t("notice.event.period", { start: event.startsAt, end: event.endsAt })}</dd>
        </dl>
        <p className="text-sm" data-testid="participant-count">
          {t("notice.event.participants", { count: event.participantCount })}
        </p>
      </header>
      <RichContent html={event.contentHtml} />
      <section aria-label={t("notice.event.participate")} className="space-y-3 border-t border-subtle pt-5">
        <FormAlert error={result?.error} />
        {event.state === "upcoming" ? (
          <p className="text-muted">{t("notice.event.startsOn", { date: event.startsAt })}</p>
        ) : event.state === "ended" ? (
          <p className="text-muted">{t("notice.event.endedText")}</p>
        ) : event.participated ? (
          <p className="font-semibold">{t("notice.event.alreadyJoined")}</p>
        ) : signedIn ? (
          <Form method="post" className="max-w-xs">
            <SubmitButton>{t("notice.event.participate")}</SubmitButton>
          </Form>
        ) : (
          <LocalLink
            to={`/login?redirectTo=${encodeURIComponent(path)}`}
            className="inline-flex min-h-11 items-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
          >
            {t("notice.event.signInToJoin")}
          </LocalLink>
        )}
      </section>
    </article>
  );
}
