import BadgeCheck from "lucide-react/icons/badge-check";
import MapPin from "lucide-react/icons/map-pin";
import MessageCircle from "lucide-react/icons/message-circle";
import Star from "lucide-react/icons/star";
import { Avatar } from "#app/components/ui/Avatar";
import type { MessageKey } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ExpertCard as ExpertCardData } from "#app/services/meetings/finder/finder.server";
import { ReputationBadge } from "#app/components/reputation/ReputationBadge";
import { REPUTATION_START } from "#app/services/reputation/rules";

export type { ExpertCardData };

/** The labels of reference codes (repair skills, rescue skills, pickup items) by code. */
export type CodeLabels = Record<string, { ko: string; en: string }>;

/** The request page of an expert's skill. */
export function requestPath(card: ExpertCardData, listingId?: number | null) {
  const listing = listingId ? `&listing=${listingId}` : "";
  return `/meeting/${card.skill.kind}/request?skill=${card.skill.id}${listing}`;
}

/** The names of the days of the week, Sunday (0) first. */
const dayKeys = [
  "finder.card.days.0",
  "finder.card.days.1",
  "finder.card.days.2",
  "finder.card.days.3",
  "finder.card.days.4",
  "finder.card.days.5",
  "finder.card.days.6",
] as const satisfies readonly MessageKey[];

/** "월·수·금 10:00–18:00", "On call", or null when the expert gave no hours. */
function useAvailabilityText() {
  const t = useT();
  return (availability: ExpertCardData["skill"]["availability"]): string | null => {
    if (availability.onCall) return t("finder.card.onCall");
    if (availability.days.length === 0) return null;
    const days = [...availability.days]
      .sort((a, b) => a - b)
      .flatMap((day) => {
        const key = dayKeys[day];
        return key ? [t(key)] : [];
      })
      .join(t("finder.card.daySeparator"));
    if (!availability.from || !availability.to) return days;
    return t("finder.card.hours", { days, from: availability.from, to: availability.to });
  };
}

/** The price guide as a card shows it: free, per hour, or per trip for rescue and pickup. */
function usePriceText() {
  const t = useT();
  return (skill: ExpertCardData["skill"]): string | null => {
    if (skill.priceGuide === null) return null;
    if (skill.priceGuide === 0) return t("finder.card.free");
    const perTrip = skill.kind === "rescue" || skill.kind === "pickup";
    return t(perTrip ? "finder.card.pricePerTrip" : "finder.card.price", { price: skill.priceGuide });
  };
}

/**
 * An expert as the finder lists them: avatar, nickname and business badge, the skill, the district and distance
 * (never an address), the feedback score and response rate, and the way to request a meeting.
 */
export function ExpertCard({
  card,
  codeLabels,
  reputation = REPUTATION_START,
  listingId,
}: {
  card: ExpertCardData;
  codeLabels: CodeLabels;
  /** The expert's manner temperature (the start value when the page has none for them). */
  reputation?: number;
  /** The listing the request is an inspection of (ADR 069). */
  listingId?: number | null;
}) {
  const t = useT();
  const language = useLanguage();
  const availabilityText = useAvailabilityText();
  const priceText = usePriceText();
  const { skill } = card;
  const hours = availabilityText(skill.availability);
  const price = priceText(skill);
  const tags = [
    ...(skill.model ? [skill.model[language]] : []),
    ...(skill.repairLevel ? [t(`finder.card.repairLevel.${skill.repairLevel}`)] : []),
    ...skill.codes.map((code) => codeLabels[code]?.[language] ?? code),
    ...(skill.outsideRepair ? [t("finder.card.outsideRepair")] : []),
    ...(skill.truck ? [t("finder.card.truck")] : []),
  ];
  return (
    <article
      className="surface flex flex-col gap-3 rounded-xl border border-subtle p-4"
      aria-label={card.nickname}
    >
      <header className="flex items-center gap-3">
        <Avatar name={card.nickname} src={card.avatarUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 className="flex items-center gap-1 font-semibold">
            <span className="truncate">{card.nickname}</span>
            {card.business && (
              <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-white">
                <BadgeCheck aria-hidden className="size-3" />
                {t("finder.card.business")}
              </span>
            )}
          </h3>
          <p className="text-muted flex items-center gap-1 text-sm">
            <MapPin aria-hidden className="size-4 shrink-0" />
            <span className="truncate">{card.district[language]}</span>
            <span aria-hidden>·</span>
            <span className="shrink-0">{t("finder.card.distance", { km: card.distanceKm })}</span>
          </p>
          <ReputationBadge memberId={card.memberId} score={reputation} />
        </div>
      </header>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t(`finder.kind.${skill.kind}`)}>
          {tags.map((tag) => (
            <li key={tag} className="rounded-full border border-subtle px-2 py-0.5 text-xs">
              {tag}
            </li>
          ))}
        </ul>
      )}
      {skill.entries.length > 0 && <p className="text-sm">{skill.entries.join(" · ")}</p>}
      <ul className="text-muted grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
        <li className="flex items-center gap-1">
          <Star aria-hidden className="size-4 shrink-0" />
          <span>
            {card.feedback.score === null
              ? t("finder.card.noFeedback")
              : t("finder.card.score", { score: card.feedback.score, count: card.feedback.count })}
          </span>
        </li>
        <li className="flex items-center gap-1">
          <MessageCircle aria-hidden className="size-4 shrink-0" />
          <span>
            {card.responseRate === null
              ? t("finder.card.noResponseRate")
              : t("finder.card.responseRate", { rate: card.responseRate })}
          </span>
        </li>
        {price && <li>{price}</li>}
        {hours && <li>{hours}</li>}
      </ul>
      <LocalLink
        to={requestPath(card, listingId)}
        aria-label={t("finder.card.requestTo", { nickname: card.nickname })}
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white"
      >
        {t("finder.card.request")}
      </LocalLink>
    </article>
  );
}
