import Heart from "lucide-react/icons/heart";
import ImageOff from "lucide-react/icons/image-off";
import MessageCircle from "lucide-react/icons/message-circle";
import { Blinded } from "#app/components/board/Blinded";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { listingPath, type MarketKind } from "#app/services/market/kinds";
import type { MarketStatus } from "#app/db/schema";
import { PriceText, StatusBadge } from "./ListingBits";

/** What a list shows of a listing: the loader adds the trade area's names (the gazetteer stays on the server). */
export interface ListingCardRow {
  id: number;
  kind: MarketKind;
  title: string;
  thumbnailUrl: string | null;
  price: number;
  status: MarketStatus;
  area: { ko: string; en: string } | null;
  likeCount: number;
  commentCount: number;
  bumpedAt: string;
  bumped: boolean;
  blinded: boolean;
}

/**
 * One listing in a list: its cover, title, district and time, price (나눔 when free) and trade status; a closed
 * trade's cover is greyed (its text keeps full contrast), and a hidden member's listing is blinded.
 */
export function ListingCard({
  row,
  now,
  showKind = false,
}: {
  row: ListingCardRow;
  now: string;
  showKind?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const closed = row.status === "soldOut" || row.status === "bought";
  return (
    <li className="border-b border-subtle py-3 last:border-b-0">
      <Blinded blinded={row.blinded}>
        <article className="flex gap-3" data-listing-status={row.status}>
          <div
            className={`surface-muted flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg ${closed ? "opacity-60 grayscale" : ""}`}
          >
            {row.thumbnailUrl ? (
              <img
                src={row.thumbnailUrl}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                className="size-full object-cover"
              />
            ) : (
              <ImageOff className="text-muted size-6" aria-hidden="true" />
            )}
          </div>
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="text-base leading-snug font-bold">
              <LocalLink
                to={listingPath(row.kind, row.id)}
                className="line-clamp-2 hover:underline focus-visible:underline"
              >
                {row.title}
              </LocalLink>
            </h2>
            <p className="text-muted flex flex-wrap gap-x-2 text-xs">
              {showKind ? <span>{t(`market.kind.${row.kind}`)}</span> : null}
              {row.area ? <span>{row.area[language]}</span> : null}
              <Time at={row.bumpedAt} now={now} />
              {row.bumped ? <span>{t("market.list.bumped")}</span> : null}
            </p>
            <p className="flex flex-wrap items-center gap-2">
              {row.status === "selling" || row.status === "buying" ? null : (
                <StatusBadge status={row.status} />
              )}
              <PriceText price={row.price} className="font-extrabold" />
            </p>
            <p className="text-muted flex gap-3 text-xs">
              <span className="inline-flex items-center gap-1">
                <MessageCircle className="size-3.5" aria-hidden="true" />
                {t("market.list.comments", { count: row.commentCount })}
              </span>
              <span className="inline-flex items-center gap-1">
                <Heart className="size-3.5" aria-hidden="true" />
                {t("market.list.likes", { count: row.likeCount })}
              </span>
            </p>
          </div>
        </article>
      </Blinded>
    </li>
  );
}
