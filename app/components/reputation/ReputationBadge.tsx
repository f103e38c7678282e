import Thermometer from "lucide-react/icons/thermometer";
import { LocalLink, useT } from "#app/i18n/react";
import { REPUTATION_MAX, reputationTone, type ReputationTone } from "#app/services/reputation/rules";

/** Where a member's reputation is explained: its inputs as counts. */
const reputationPath = (memberId: string) => `/profile/${encodeURIComponent(memberId)}/reputation`;

/** The temperature's colours: text readable on either theme, and the bar's fill. */
const toneClasses: Record<ReputationTone, { text: string; fill: string }> = {
  cold: { text: "text-sky-700 dark:text-sky-300", fill: "bg-sky-500" },
  mild: { text: "text-teal-700 dark:text-teal-300", fill: "bg-teal-500" },
  warm: { text: "text-orange-700 dark:text-orange-300", fill: "bg-orange-500" },
  hot: { text: "text-red-700 dark:text-red-300", fill: "bg-red-500" },
};

/** The thermometer's bar, filled to the score and coloured by its tone; decoration beside the written score. */
export function ReputationMeter({ score, wide = false }: { score: number; wide?: boolean }) {
  const tone = toneClasses[reputationTone(score)];
  return (
    <span
      aria-hidden="true"
      className={`surface-muted inline-block overflow-hidden rounded-full ${wide ? "h-2.5 w-32" : "h-1.5 w-8"}`}
    >
      <span
        className={`block h-full rounded-full ${tone.fill}`}
        style={{ width: `${Math.round((score / REPUTATION_MAX) * 100)}%` }}
      />
    </span>
  );
}

/**
 * A member's manner temperature as a small thermometer: the score (one decimal) and a bar filled to it, coloured
 * from cold to hot, linking to the "why" view. Screen readers hear the score and where the link goes.
 */
export function ReputationBadge({ memberId, score }: { memberId: string; score: number }) {
  const t = useT();
  const degrees = score.toFixed(1);
  return (
    <LocalLink
      to={reputationPath(memberId)}
      aria-label={t("reputation.badge", { score: degrees })}
      data-reputation={degrees}
      className={`inline-flex min-h-6 items-center gap-1 rounded-full border border-subtle px-2 text-xs font-bold whitespace-nowrap hover:underline ${toneClasses[reputationTone(score)].text}`}
    >
      <Thermometer className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">{t("reputation.degrees", { score: degrees })}</span>
      <ReputationMeter score={score} />
    </LocalLink>
  );
}
