import { LocalLink, useT } from "#app/i18n/react";
import type { ListingHoldNotice } from "#app/services/theft/holds.server";

/**
 * What the seller (or an administrator) of a listing held by the stolen-vehicle check reads on its page: a neutral
 * notice that it is hidden for a check, never why or at whose report.
 */
export function HoldNotice({ hold }: { hold: ListingHoldNotice | null }) {
  const t = useT();
  if (!hold?.hidden) return null;
  return (
    <div
      role="status"
      data-listing-hold="hidden"
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>{t("theft.notice.hidden")}</p>
      {hold.reviewPath ? (
        <LocalLink to={hold.reviewPath} className="font-semibold underline">
          {t("theft.notice.review")}
        </LocalLink>
      ) : null}
    </div>
  );
}
