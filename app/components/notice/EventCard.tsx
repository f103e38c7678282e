import type { EventState } from "#app/services/notice/tabs";
import { LocalLink, useT } from "#app/i18n/react";

export interface EventCardData {
  id: number;
  title: string;
  summary: string;
  imageUrl: string | null;
  /** Already formatted in Korean time. */
  startsAt: string;
  endsAt: string;
  state: EventState;
  participantCount: number;
  participated: boolean;
}

const stateStyles: Record<EventState, string> = {
  upcoming: "bg-sky-100 text-sky-900",
  active: "bg-emerald-100 text-emerald-900",
  ended: "bg-slate-200 text-slate-800",
};

export function EventStateBadge({ state }: { state: EventState }) {
  const t = useT();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${stateStyles[state]}`}>
      {t(`notice.event.state.${state}`)}
    </span>
  );
}

export function EventCard({ event }: { event: EventCardData }) {
  const t = useT();
  return (
    <article className="surface flex h-full flex-col overflow-hidden rounded-xl border border-subtle">
      {event.imageUrl ? (
        <img src={event.imageUrl} alt="" className="aspect-[2/1] w-full object-cover" loading="lazy" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <EventStateBadge state={event.state} />
          {event.participated ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-white">
              {t("notice.event.participatedBadge")}
            </span>
          ) : null}
        </div>
        <h2 className="text-lg font-bold">
          <LocalLink to={`/event/${event.id}`} className="hover:underline">
            {event.title}
          </LocalLink>
        </h2>
        <p className="text-muted line-clamp-2 text-sm">{event.summary}</p>
        <dl className="mt-auto flex flex-wrap gap-x-2 text-sm">
          <dt className="font-semibold">{t("notice.event.periodLabel")}</dt>
          <dd>{t("notice.event.period", { start: event.startsAt, end: event.endsAt })}</dd>
        </dl>
        <p className="text-sm">{t("notice.event.participants", { count: event.participantCount })}</p>
      </div>
    </article>
  );
}
