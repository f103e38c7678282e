import type { Area } from "#app/db/seed/types";
import { LocalLink, useT } from "#app/i18n/react";
import { isLiveArea } from "./areas";

/** A navigation entry: a link when its area has shipped, otherwise a muted label marked coming soon. */
export function MenuLink({
  to,
  area,
  label,
  className = "",
  onNavigate,
}: {
  to: string;
  area: Area;
  label: string;
  className?: string;
  onNavigate?: () => void;
}) {
  const t = useT();
  if (isLiveArea(area)) {
    return (
      <LocalLink to={to} className={`hover:underline ${className}`} onClick={onNavigate} prefetch="intent">
        {label}
      </LocalLink>
    );
  }
  return (
    <span className={`text-muted inline-flex items-center gap-1 ${className}`} aria-disabled="true">
      {label}
      <span className="rounded border border-subtle px-1 text-[0.7rem] leading-4">{t("nav.comingSoon")}</span>
    </span>
  );
}
