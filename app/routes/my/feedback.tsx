import Star from "lucide-react/icons/star";
import type { Route } from "./+types/feedback";
import { Avatar } from "#app/components/ui/Avatar";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import {
  feedbackPath,
  feedbackSummary,
  pendingFeedback,
  receivedFeedback,
} from "#app/services/meetings/conduct/feedback.server";
import { requireActor } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "conduct.received.title" };

/** /my/feedback: feedback others gave me (a page at a time), my score, and meetings waiting for my own. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const cursor = new URL(request.url).searchParams.get("cursor");
  const { db } = getRuntime();
  const [received, summary, pending] = await Promise.all([
    receivedFeedback(db, actor, cursor),
    feedbackSummary(db, actor.id),
    cursor ? Promise.resolve([]) : pendingFeedback(db, actor),
  ]);
  return {
    paged: Boolean(cursor),
    summary,
    pending: pending.map((meeting) => ({
      id: meeting.id,
      kind: meeting.kind,
      nickname: meeting.other.nickname,
      path: feedbackPath(meeting.id),
    })),
    items: received.items.map((item) => ({
      id: item.id,
      kind: item.kind,
      verdict: item.verdict,
      rating: item.rating,
      content: item.content,
      photos: item.photos,
      author: item.author,
      createdAt: item.createdAt.toISOString(),
    })),
    nextCursor: received.nextCursor,
  };
}

export default function MyFeedback({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { summary, pending, items, nextCursor, paged } = loaderData;
  const former = t("conduct.received.formerMember");
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("conduct.received.title")}</h1>
        <p className="text-muted text-sm">
          {summary.average === null
            ? t("conduct.received.summaryNone")
            : t("conduct.received.summary", { average: summary.average.toFixed(1), count: summary.count })}
        </p>
      </header>

      {pending.length > 0 ? (
        <section aria-labelledby="feedback-pending" className="space-y-2">
          <h2 id="feedback-pending" className="text-lg font-bold">
            {t("conduct.received.pending")}
          </h2>
          <ul className="space-y-2">
            {pending.map((meeting) => (
              <li
                key={meeting.id}
                className="flex items-center justify-between gap-3 rounded-xl border border-subtle p-3"
              >
                <span className="text-sm">
                  {t("conduct.received.pendingItem", {
                    nickname: meeting.nickname ?? former,
                    kind: t(`conduct.kind.${meeting.kind}`),
                  })}
                </span>
                <LocalLink
                  to={meeting.path}
                  className="bg-primary inline-flex min-h-11 shrink-0 items-center rounded-lg px-4 text-sm font-semibold text-white"
                >
                  {t("conduct.received.give")}
                </LocalLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {items.length === 0 ? (
        <div className="space-y-1 rounded-xl border border-dashed border-subtle p-6 text-center">
          <p className="font-semibold">{t("conduct.received.empty")}</p>
          <p className="text-muted text-sm">{t("conduct.received.emptyHint")}</p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label={t("conduct.received.title")}>
          {items.map((item) => (
            <li
              key={item.id}
              className="space-y-2 rounded-xl border border-subtle p-4"
              data-verdict={item.verdict}
            >
              <div className="flex items-center gap-3">
                <Avatar name={item.author.nickname ?? former} src={item.author.avatarUrl} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">
                    {t("conduct.received.from", { nickname: item.author.nickname ?? former })}
                  </p>
                  <p className="text-muted text-xs">
                    {t(`conduct.kind.${item.kind}`)} · <Time at={item.createdAt} format="date" />
                  </p>
                </div>
                <span
                  className={`rounded-full px-2 py-1 text-xs font-semibold ${item.verdict === "problem" ? "bg-rose-100 text-rose-900" : "bg-emerald-100 text-emerald-900"}`}
                >
                  {t(`conduct.verdict.${item.verdict}`)}
                </span>
              </div>
              <p
                role="img"
                className="flex items-center gap-0.5"
                aria-label={t("conduct.received.rating", { rating: item.rating })}
              >
                {[1, 2, 3, 4, 5].map((n) => (
                  <Star
                    key={n}
                    aria-hidden
                    className={`size-4 ${n <= item.rating ? "fill-amber-400 text-amber-400" : "text-muted"}`}
                  />
                ))}
              </p>
              <p className="whitespace-pre-wrap break-words text-sm">{item.content}</p>
              {item.photos.length > 0 ? (
                <ul className="flex flex-wrap gap-2">
                  {item.photos.map((photo, index) => (
                    <li key={photo.url}>
                      <a href={photo.url} target="_blank" rel="noopener noreferrer">
                        <img
                          src={photo.url}
                          alt={t("conduct.received.photo", { index: index + 1 })}
                          width={photo.width}
                          height={photo.height}
                          loading="lazy"
                          className="size-20 rounded-lg object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {nextCursor || paged ? (
        <nav className="flex justify-center gap-3">
          {paged ? (
            <LocalLink
              to="/my/feedback"
              className="min-h-11 rounded-lg border border-subtle px-4 py-2 text-sm font-semibold"
            >
              {t("conduct.received.first")}
            </LocalLink>
          ) : null}
          {nextCursor ? (
            <LocalLink
              to={`/my/feedback?cursor=${encodeURIComponent(nextCursor)}`}
              className="min-h-11 rounded-lg border border-subtle px-4 py-2 text-sm font-semibold"
            >
              {t("conduct.received.more")}
            </LocalLink>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
