import { useT } from "#app/i18n/react";
import type { MarketStatus } from "#app/db/schema";

const badgeStyles: Record<MarketStatus, string> = {
  selling: "bg-emerald-700 text-white",
  buying: "bg-sky-700 text-white",
  reserved: "bg-amber-800 text-white",
  soldOut: "bg-neutral-700 text-white",
  bought: "bg-neutral-700 text-white",
};

/** The trade status as a badge (the completed mark of a sold or bought listing). */
export function StatusBadge({ status }: { status: MarketStatus }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-bold ${badgeStyles[status]}`}
      data-status={status}
    >
      {t(`market.status.${status}`)}
    </span>
  );
}

/** A price in won, or 나눔 for a free giveaway. */
export function PriceText({ price, className = "" }: { price: number; className?: string }) {
  const t = useT();
  return <span className={className}>{price === 0 ? t("market.free") : t("market.price", { price })}</span>;
}
