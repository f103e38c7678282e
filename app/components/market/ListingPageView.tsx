import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { splitPart } from "#app/components/ui/split-component";
import { Blinded } from "#app/components/board/Blinded";
import {
  BlindAuthorForm,
  PostByline,
  PostContent,
  PostFrame,
  PostUnavailable,
  useBlindedHere,
} from "#app/components/posts/PostPage";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert, Notice } from "#app/components/ui/fields";
import { Time } from "#app/components/ui/Time";
import { useLanguage, useT } from "#app/i18n/react";
import type { ArticleAuthor } from "#app/services/board/list.server";
import type { ArticleInteractions } from "#app/services/board/interaction-types";
import type { ListingInspectionPanel } from "#app/services/inspection/inspections.server";
import type { ListingView } from "#app/services/market/listings.server";
import type { ListingOffer, OwnOpenOffer } from "#app/services/market/offers.server";
import { takesOffers } from "#app/services/market/kinds";
import type { TradeReviewState } from "#app/services/market/reviews.server";
import type { ListingHoldNotice } from "#app/services/theft/holds.server";
import type { AttachedServiceLog } from "#app/services/service-log/listing-log.server";
import { PriceText, StatusBadge } from "./ListingBits";
import type { ListingFitView } from "#app/services/market/fits.server";

// The trade panels: few readers get any, so their code loads after the page's first load (ADR 045).
const panels = () => import("./ListingTradePanels");
const ManagePanel = await splitPart(() => panels().then((module) => module.ManagePanel));
const OffersReceived = await splitPart(() => panels().then((module) => module.OffersReceived));
const OfferForm = await splitPart(() => panels().then((module) => module.OfferForm));
const ReviewPanel = await splitPart(() => panels().then((module) => module.ReviewPanel));
const ListingInspections = await splitPart(() =>
  import("#app/components/inspection/InspectionReport").then((module) => module.ListingInspections),
);
// The seller's manner temperature (ADR 068) reads as a link; its code and catalogue area come after the first load.
const ReputationBadge = await splitPart(() =>
  import("#app/components/reputation/ReputationBadge").then((module) => module.ReputationBadge),
);
// Only the seller and the administrators of a held listing read its notice (ADR 070).
const HoldNotice = await splitPart(() =>
  import("#app/components/theft/HoldNotice").then((module) => module.HoldNotice),
);
// A vehicle listing's service log (ADR 071): only some listings have one.
const AttachedServiceLogView = await splitPart(() =>
  import("#app/components/serviceLog/AttachedServiceLog").then((module) => module.AttachedServiceLogView),
);
// Only parts and gear name the models they fit (ADR 072).
const ListingFits = await splitPart(() =>
  import("#app/components/partsFit/ListingFits").then((module) => module.ListingFits),
);

type Done =
  | "bumped"
  | "reserved"
  | "released"
  | "sold"
  | "completed"
  | "offered"
  | "withdrawn"
  | "accepted"
  | "declined"
  | "reviewed"
  | "confirmed"
  | "blinded"
  | "unblinded";
export type ActionResult = { done?: Done; error?: { code: string; message: string } } | undefined;

interface TradePanelData {
  steps: Array<"reserve" | "release" | "sell" | "complete">;
  candidates: ArticleAuthor[];
  offers: ListingOffer[];
  myOffer: OwnOpenOffer | null;
  canOffer: boolean;
  nextBumpAt: string | null;
  review: TradeReviewState | null;
}

export type ListingPageData =
  | { state: "missing"; listPath: string; pageTitle: string }
  | { state: "unavailable"; listPath: string; pageTitle: string }
  | {
      state: "found";
      listing: ListingView & { area: { ko: string; en: string } | null };
      blinded: boolean;
      interactions: ArticleInteractions;
      trade: TradePanelData;
      inspection?: ListingInspectionPanel | null;
      hold?: ListingHoldNotice | null;
      serviceLog?: AttachedServiceLog | null;
      /** The models a parts or gear listing fits (ADR 072). */
      fits?: ListingFitView[];
      signedIn: boolean;
      viewerId: string | null;
      listPath: string;
      now: string;
      pageTitle: string;
      /** The seller's manner temperature. */
      sellerReputation: number;
    };

const button =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-subtle px-4 text-sm font-semibold disabled:opacity-60";

/** A listing page: the listing, or the deleted-listing state. */
export function ListingPageView({ data }: { data: ListingPageData }) {
  const t = useT();
  if (data.state === "missing")
    return (
      <PostUnavailable
        state="missing"
        title={t("market.listing.missingTitle")}
        text={t("market.listing.missingText")}
        listPath={data.listPath}
        backLabel={t("market.listing.backToList")}
      />
    );
  if (data.state === "unavailable")
    return (
      <PostUnavailable
        state="forbidden"
        title={t("theft.unavailable.title")}
        text={t("theft.unavailable.text")}
        listPath={data.listPath}
        backLabel={t("market.listing.backToList")}
      />
    );
  return <FoundListing data={data} />;
}

function FoundListing({ data }: { data: Extract<ListingPageData, { state: "found" }> }) {
  const t = useT();
  const language = useLanguage();
  const { listing, trade } = data;
  const action = useFetcher<ActionResult>();
  const blinding = useBlindedHere(listing.seller.id, data.blinded, action.data?.done);
  const { blinded } = blinding;
  const busy = action.state !== "idle";
  const closed = listing.status === "soldOut" || listing.status === "bought";

  return (
    <PostFrame post={listing} data={data} listName={t(`market.kind.${listing.kind}`)} blinding={blinding}>
      <Blinded blinded={blinded}>
        <HoldNotice hold={data.hold ?? null} />
        <header className="space-y-3 border-b border-subtle pb-4">
          <p className="text-muted flex flex-wrap items-center gap-2 text-sm font-semibold">
            <StatusBadge status={listing.status} />
            {listing.category ? <span>{listing.category[language]}</span> : null}
          </p>
          <h1 className="text-2xl font-extrabold break-words">{listing.title}</h1>
          <p className="text-xl font-extrabold">
            <PriceText price={listing.price} />
            {takesOffers(listing) ? (
              <span className="text-muted ml-2 text-sm font-semibold">{t("market.negotiable")}</span>
            ) : null}
          </p>
          <PostByline author={listing.seller} views={t("market.listing.views", { count: listing.viewCount })}>
            {listing.area ? <span>{listing.area[language]}</span> : null}
            <Time at={listing.bumpedAt} now={data.now} />
          </PostByline>
          <ReputationBadge memberId={listing.seller.id} score={data.sellerReputation} />
          {closed ? (
            <p className="text-muted text-sm font-semibold">{t("market.listing.completed")}</p>
          ) : null}
          {listing.buyer && (listing.mine || listing.canManage) ? (
            <p className="text-sm">
              {t(listing.buyerConfirmed ? "market.listing.buyerIs" : "market.listing.buyerPending", {
                nickname: listing.buyer.nickname,
              })}
            </p>
          ) : null}
        </header>
        <ListingDetails listing={listing} />
        {data.serviceLog ? <AttachedServiceLogView log={data.serviceLog} /> : null}
        <ListingFits fits={data.fits ?? []} />
        <PostContent html={listing.contentHtml} />
      </Blinded>

      {action.data?.done ? <Notice>{t(`market.trade.done.${action.data.done}`)}</Notice> : null}
      <FormAlert error={action.data?.error} />

      {listing.canManage ? <ManagePanel data={data} action={action} busy={busy} /> : null}
      {trade.offers.length > 0 ||
      (listing.canManage && listing.negotiable && listing.status === "selling") ? (
        <OffersReceived offers={trade.offers} action={action} busy={busy} now={data.now} />
      ) : null}
      {trade.myOffer ? (
        <section className="surface-muted space-y-2 rounded-xl p-4" aria-label={t("market.trade.makeOffer")}>
          <p className="text-sm font-semibold">{t("market.trade.myOffer", { price: trade.myOffer.price })}</p>
          <action.Form method="post">
            <input type="hidden" name="offerId" value={trade.myOffer.id} />
            <ConfirmButton
              name="intent"
              value="withdraw"
              disabled={busy}
              className={button}
              confirm={{ title: t("market.trade.withdrawConfirm"), action: t("market.trade.withdraw") }}
            >
              {t("market.trade.withdraw")}
            </ConfirmButton>
          </action.Form>
        </section>
      ) : trade.canOffer && !blinded ? (
        <OfferForm price={listing.price} action={action} busy={busy} />
      ) : null}
      {trade.review ? <ReviewPanel review={trade.review} action={action} busy={busy} /> : null}
      {data.inspection ? <ListingInspections panel={data.inspection} /> : null}

      {data.signedIn && !listing.mine && !blinded ? (
        <div className="flex justify-end">
          <BlindAuthorForm fetcher={action} author={listing.seller} busy={busy} className={button} />
        </div>
      ) : null}
    </PostFrame>
  );
}

/** The listing's trade facts: area, methods, and the vehicle information of the vehicle kinds. */
function ListingDetails({ listing }: { listing: Extract<ListingPageData, { state: "found" }>["listing"] }) {
  const t = useT();
  const language = useLanguage();
  const { vehicle } = listing;
  const methods = [
    listing.tradeDirect ? t("market.listing.direct") : null,
    listing.tradeDelivery ? t("market.listing.delivery") : null,
  ].filter(Boolean);
  const rows: Array<[string, ReactNode]> = [
    [t("market.listing.area"), listing.area ? listing.area[language] : "—"],
    [t("market.listing.tradeMethods"), methods.join(", ") || "—"],
  ];
  if (vehicle.modelName) {
    const paperwork = vehicle.paperwork ?? [];
    rows.push(
      [t("market.listing.model"), vehicle.modelName],
      [
        t("market.listing.modelYear"),
        vehicle.modelYear ? t("market.listing.modelYearValue", { year: vehicle.modelYear }) : "—",
      ],
      [
        t("market.listing.mileage"),
        vehicle.mileageKm === null ? "—" : t("market.listing.mileageValue", { km: vehicle.mileageKm }),
      ],
      [
        t("market.listing.displacement"),
        vehicle.displacementCc === null
          ? "—"
          : t("market.listing.displacementValue", { cc: vehicle.displacementCc }),
      ],
      [t("market.listing.colour"), vehicle.colour ?? "—"],
      [t("market.listing.history"), vehicle.accidentHistory ?? t("market.listing.noHistory")],
      [
        t("market.listing.paperwork"),
        paperwork.length > 0
          ? paperwork.map((code) => t(`market.listing.paper.${code}`)).join(", ")
          : t("market.listing.noPaperwork"),
      ],
      [t("market.listing.tuned"), vehicle.tuned ? t("market.listing.tunedYes") : t("market.listing.tunedNo")],
    );
  }
  return (
    <section aria-label={vehicle.modelName ? t("market.listing.vehicle") : t("market.listing.tradeMethods")}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 py-3 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted font-semibold">{term}</dt>
            <dd className="break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
