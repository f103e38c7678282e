import BadgeCheck from "lucide-react/icons/badge-check";
import Handshake from "lucide-react/icons/handshake";
import ImageOff from "lucide-react/icons/image-off";
import Sparkles from "lucide-react/icons/sparkles";
import type { ReactNode } from "react";
import type { Language } from "#app/i18n";
import { LocalLink, LocalNavLink, useLanguage, useT } from "#app/i18n/react";
import type { ReviewCard as ReviewCardRow, ReviewedMotorcycle } from "#app/services/reviews/list.server";
import { ratingItems, type RatingValue } from "#app/services/reviews/items";
import type { ReviewRatingItem, ReviewTag } from "#app/db/schema";

/** A model year's name in the page's language: "혼다 포르자 350" / "Honda Forza 350". */
export function modelName(
  language: Language,
  motorcycle: Pick<ReviewedMotorcycle, "nameKo" | "nameEn" | "manufacturerKo" | "manufacturerEn">,
) {
  return language === "ko"
    ? `${motorcycle.manufacturerKo} ${motorcycle.nameKo}`
    : `${motorcycle.manufacturerEn} ${motorcycle.nameEn}`;
}

/** "포르자 350 · 2023년식", linking to the model's page. */
export function MotorcycleTitle({
  motorcycle,
  link = false,
}: {
  motorcycle: ReviewedMotorcycle;
  link?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const name = modelName(language, motorcycle);
  return (
    <span>
      {link ? (
        <LocalLink to={`/motorcycle/${motorcycle.modelId}`} className="hover:underline">
          {name}
        </LocalLink>
      ) : (
        name
      )}{" "}
      <span className="text-muted font-normal">
        · {t("review.motorcycle.year", { year: motorcycle.year })}
      </span>
    </span>
  );
}

/** The label of a score: 7 → "좋음". */
export function scaleLabel(t: ReturnType<typeof useT>, value: number) {
  return value >= 1 && value <= 10 ? t(`review.scale.r${value as RatingValue}`) : String(value);
}

/** An average score with one decimal. */
export const scoreText = (score: number) => (Math.round(score * 10) / 10).toFixed(1);

/** The "owner" badge (the author has the model in their garage) and the owner-meeting badge. */
export function ReviewBadges({ owner, ownerMeeting }: { owner: boolean; ownerMeeting: boolean }) {
  const t = useT();
  if (!owner && !ownerMeeting) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {owner ? (
        <span
          title={t("review.card.ownerTitle")}
          data-owner-badge
          className="inline-flex items-center gap-1 rounded-md bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white"
        >
          <BadgeCheck aria-hidden className="size-3.5" />
          {t("review.card.owner")}
          <span className="sr-only">: {t("review.card.ownerTitle")}</span>
        </span>
      ) : null}
      {ownerMeeting ? (
        <span className="inline-flex items-center gap-1 rounded-md bg-sky-700 px-2 py-0.5 text-xs font-bold text-white">
          <Handshake aria-hidden className="size-3.5" />
          {t("review.card.ownerMeeting")}
        </span>
      ) : null}
    </span>
  );
}

export function TagList({ tags }: { tags: readonly ReviewTag[] }) {
  const t = useT();
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag} className="surface-muted rounded-full border border-subtle px-2 py-0.5 text-xs">
          {t(`review.tag.${tag}`)}
        </li>
      ))}
    </ul>
  );
}

/** The nine ratings as labelled bars ("제동 ▇▇▇▇▇▇▇ 7점 · 좋음"). */
export function RatingBars({
  ratings,
  texts,
}: {
  ratings: Partial<Record<ReviewRatingItem, number>>;
  texts?: Partial<Record<ReviewRatingItem, string>>;
}) {
  const t = useT();
  return (
    <dl className="space-y-3">
      {ratingItems.map((item) => {
        const value = ratings[item] ?? 0;
        const text = texts?.[item]?.trim();
        return (
          // A group of a <dl> may hold only its terms and descriptions, so the layout is the group's own grid.
          <div key={item} className="grid grid-cols-[1fr_auto] items-baseline gap-x-2 gap-y-1">
            <dt className="text-sm font-semibold">{t(`review.item.${item}`)}</dt>
            <dd className="text-muted text-sm">
              {t("review.scaleOption", { value, label: scaleLabel(t, value) })}
            </dd>
            <dd className="col-span-2">
              <div
                role="meter"
                aria-label={t(`review.item.${item}`)}
                aria-valuemin={1}
                aria-valuemax={10}
                aria-valuenow={value}
                aria-valuetext={t("review.scaleOption", { value, label: scaleLabel(t, value) })}
                className="surface-muted h-2.5 overflow-hidden rounded-full border border-subtle"
              >
                <div className="h-full rounded-full bg-primary" style={{ width: `${value * 10}%` }} />
              </div>
            </dd>
            {text ? <dd className="col-span-2 whitespace-pre-wrap break-words text-sm">{text}</dd> : null}
          </div>
        );
      })}
    </dl>
  );
}

/** One review in a list: photo, model and year, author, average, badges, tags and sparks. */
export function ReviewCard({ row, children }: { row: ReviewCardRow; children?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  return (
    <li className="border-b border-subtle py-3 last:border-b-0">
      <article className="flex gap-3" data-review-id={row.id}>
        <div className="surface-muted flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg">
          {row.thumbnailUrl ? (
            <img
              src={row.thumbnailUrl}
              alt=""
              width={80}
              height={80}
              loading="lazy"
              className="size-full object-cover"
            />
          ) : (
            <ImageOff className="text-muted size-6" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="font-bold">
            <LocalLink to={`/review/motorcycle/detail?id=${row.id}`} className="hover:underline">
              {modelName(language, row.motorcycle)}
            </LocalLink>{" "}
            <span className="text-muted text-sm font-normal">
              · {t("review.motorcycle.year", { year: row.motorcycle.year })}
            </span>
          </h2>
          <p className="text-muted flex flex-wrap items-center gap-x-2 text-xs">
            <span>{row.author.nickname}</span>
            <span aria-label={t("review.card.averageLabel", { score: scoreText(row.ratingAverage) })}>
              {t("review.card.average", { score: scoreText(row.ratingAverage) })}
            </span>
            <span className="inline-flex items-center gap-0.5">
              <Sparkles aria-hidden className="size-3.5" />
              {t("review.card.sparks", { count: row.sparkCount })}
            </span>
          </p>
          <p className="line-clamp-2 text-sm break-words">{row.disadvantage}</p>
          <ReviewBadges owner={row.owner} ownerMeeting={row.ownerMeeting} />
          <TagList tags={row.tags} />
          {children}
        </div>
      </article>
    </li>
  );
}

/** The owner reviews' own menu: hot, all, by characteristics, write, mine. */
export function ReviewNav() {
  const t = useT();
  const links = [
    ["/review/motorcycle/hot", "review.nav.hot"],
    ["/review/motorcycle/list", "review.nav.list"],
    ["/review/motorcycle/search", "review.nav.search"],
    ["/review/motorcycle/write/search", "review.nav.write"],
    ["/review/motorcycle/my", "review.nav.my"],
  ] as const;
  return (
    <nav aria-label={t("review.nav.label")} className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 px-1 text-sm font-semibold whitespace-nowrap">
        {links.map(([to, label]) => (
          <li key={to}>
            <LocalNavLink
              to={to}
              end
              className="inline-flex min-h-10 items-center rounded-full border border-subtle px-3 aria-[current=page]:bg-primary aria-[current=page]:text-white"
            >
              {t(label)}
            </LocalNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Keyset pages that keep the list's other parameters (model, order, characteristics). */
export function ReviewPageLinks({
  path,
  params,
  next,
  later,
  nextLabel,
  firstLabel,
}: {
  path: string;
  params: Record<string, string>;
  next: string | null;
  later: boolean;
  nextLabel: string;
  firstLabel: string;
}) {
  const t = useT();
  if (!next && !later) return null;
  const query = (cursor?: string) => {
    const search = new URLSearchParams(params);
    if (cursor) search.set("cursor", cursor);
    const text = search.toString();
    return text ? `${path}?${text}` : path;
  };
  return (
    <nav aria-label={t("comment.pages")} className="flex justify-between gap-3 text-sm font-semibold">
      {later ? (
        <LocalLink to={query()} className="min-h-10 rounded-lg border border-subtle px-4 py-2">
          {firstLabel}
        </LocalLink>
      ) : (
        <span />
      )}
      {next ? (
        <LocalLink to={query(next)} className="min-h-10 rounded-lg border border-subtle px-4 py-2">
          {nextLabel}
        </LocalLink>
      ) : null}
    </nav>
  );
}
