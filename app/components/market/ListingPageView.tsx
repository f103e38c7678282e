import Eye from "lucide-react/icons/eye";
import { useCallback, useId, useState, type ReactNode } from "react";
import { Form, useFetcher } from "react-router";
import { ArticleDiscussion } from "#app/components/board/ArticleDiscussion";
import { Blinded } from "#app/components/board/Blinded";
import { richTextClassName } from "#app/components/editor/rich-text-style";
import { MemberBlindedContext, MemberMenu } from "#app/components/members/MemberMenu";
import { Avatar } from "#app/components/ui/Avatar";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert, Notice } from "#app/components/ui/fields";
import { Time } from "#app/components/ui/Time";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ArticleAuthor } from "#app/services/board/list.server";
import type { ArticleInteractions } from "#app/services/board/interaction-types";
import type { ListingView } from "#app/services/market/listings.server";
import type { ListingOffer, OwnOpenOffer } from "#app/services/market/offers.server";
import type { TradeReviewState } from "#app/services/market/reviews.server";
import { mannerPointsOf, reviewVerdicts } from "#app/services/market/manner";
import { REVIEW_COMMENT_MAX } from "#app/services/market/kinds";
import { PriceText, StatusBadge } from "./ListingBits";

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
  | "blinded"
  | "unblinded";
type ActionResult = { done?: Done; error?: { code: string; message: string } } | undefined;

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
  | {
      state: "found";
      listing: ListingView & { area: { ko: string; en: string } | null };
      blinded: boolean;
      interactions: ArticleInteractions;
      trade: TradePanelData;
      signedIn: boolean;
      viewerId: string | null;
      listPath: string;
      now: string;
      pageTitle: string;
    };

const button =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-subtle px-4 text-sm font-semibold disabled:opacity-60";
const primary =
  "inline-flex min-h-10 items-center justify-center rounded-lg bg-primary px-4 text-sm font-semibold text-white hover:bg-primary-strong disabled:opacity-60";
const inputClass = "surface block min-h-11 w-full rounded-lg border border-subtle px-3";

/** A listing page: the listing, or the deleted-listing state. */
export function ListingPageView({ data }: { data: ListingPageData }) {
  const t = useT();
  if (data.state === "missing")
    return (
      <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <h1 className="text-2xl font-extrabold">{t("market.listing.missingTitle")}</h1>
        <p className="text-muted" data-article-state="missing">
          {t("market.listing.missingText")}
        </p>
        <LocalLink
          to={data.listPath}
          className="inline-flex min-h-11 items-center rounded-lg bg-primary px-5 font-semibold text-white hover:bg-primary-strong"
        >
          {t("market.listing.backToList")}
        </LocalLink>
      </section>
    );
  return <FoundListing data={data} />;
}

function FoundListing({ data }: { data: Extract<ListingPageData, { state: "found" }> }) {
  const t = useT();
  const language = useLanguage();
  const { listing, interactions, trade } = data;
  const action = useFetcher<ActionResult>();
  const [blindedHere, setBlindedHere] = useState<ReadonlySet<string>>(() => new Set());
  const blindHere = useCallback(
    (memberId: string) =>
      setBlindedHere((current) => (current.has(memberId) ? current : new Set(current).add(memberId))),
    [],
  );
  if (action.data?.done === "blinded" && !blindedHere.has(listing.seller.id)) blindHere(listing.seller.id);
  const blinded = data.blinded || blindedHere.has(listing.seller.id);
  const busy = action.state !== "idle";
  const closed = listing.status === "soldOut" || listing.status === "bought";

  return (
    <MemberBlindedContext.Provider value={blindHere}>
      <article className="mx-auto max-w-3xl space-y-5">
        <LocalLink to={data.listPath} className="text-link text-sm font-semibold hover:underline">
          ← {t(`market.kind.${listing.kind}`)}
        </LocalLink>
        <Blinded blinded={blinded}>
          <header className="space-y-3 border-b border-subtle pb-4">
            <p className="text-muted flex flex-wrap items-center gap-2 text-sm font-semibold">
              <StatusBadge status={listing.status} />
              {listing.category ? <span>{listing.category[language]}</span> : null}
            </p>
            <h1 className="text-2xl font-extrabold break-words">{listing.title}</h1>
            <p className="text-xl font-extrabold">
              <PriceText price={listing.price} />
              {listing.negotiable ? (
                <span className="text-muted ml-2 text-sm font-semibold">{t("market.negotiable")}</span>
              ) : null}
            </p>
            <div className="flex items-center gap-3">
              <Avatar
                name={listing.seller.nickname}
                src={listing.seller.avatarUrl}
                size="md"
                alt={t("board.article.avatarOf", { nickname: listing.seller.nickname })}
              />
              <div className="min-w-0 text-sm">
                <MemberMenu member={listing.seller} />
                <p className="text-muted flex flex-wrap items-center gap-x-3">
                  {listing.area ? <span>{listing.area[language]}</span> : null}
                  <Time at={listing.bumpedAt} now={data.now} />
                  <span className="inline-flex items-center gap-1">
                    <Eye className="size-3.5" aria-hidden="true" />
                    {t("market.listing.views", { count: listing.viewCount })}
                  </span>
                </p>
              </div>
            </div>
            {closed ? (
              <p className="text-muted text-sm font-semibold">{t("market.listing.completed")}</p>
            ) : null}
            {listing.buyer && (listing.mine || listing.canManage) ? (
              <p className="text-sm">{t("market.listing.buyerIs", { nickname: listing.buyer.nickname })}</p>
            ) : null}
          </header>
          <ListingDetails listing={listing} />
          <div
            aria-label={t("board.article.content")}
            role="region"
            className={`article-content py-2 ${richTextClassName}`}
            // Stored sanitised on write (allow-list; only YouTube embeds survive as iframes).
            dangerouslySetInnerHTML={{ __html: listing.contentHtml }}
          />
        </Blinded>

        {action.data?.done ? <Notice>{t(`market.trade.done.${action.data.done}`)}</Notice> : null}
        <FormAlert error={action.data?.error} />

        {listing.canManage ? <ManagePanel data={data} action={action} busy={busy} /> : null}
        {trade.offers.length > 0 ||
        (listing.canManage && listing.negotiable && listing.status === "selling") ? (
          <OffersReceived offers={trade.offers} action={action} busy={busy} now={data.now} />
        ) : null}
        {trade.myOffer ? (
          <section
            className="surface-muted space-y-2 rounded-xl p-4"
            aria-label={t("market.trade.makeOffer")}
          >
            <p className="text-sm font-semibold">
              {t("market.trade.myOffer", { price: trade.myOffer.price })}
            </p>
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

        {data.signedIn && !listing.mine && !blinded ? (
          <div className="flex justify-end">
            <action.Form method="post">
              <input type="hidden" name="userId" value={listing.seller.id} />
              <ConfirmButton
                name="intent"
                value="blind"
                disabled={busy}
                className={button}
                confirm={{
                  title: t("board.article.blindConfirm", { nickname: listing.seller.nickname }),
                  action: t("relations.blind"),
                }}
              >
                {t("board.article.blindAuthor")}
              </ConfirmButton>
            </action.Form>
          </div>
        ) : null}

        <ArticleDiscussion
          article={listing}
          interactions={interactions}
          signedIn={data.signedIn}
          viewerId={data.viewerId}
          blindedAuthors={blindedHere}
          now={data.now}
        />
      </article>
    </MemberBlindedContext.Provider>
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

type Fetcher = ReturnType<typeof useFetcher<ActionResult>>;

/** The seller's (or an administrator's) controls: edit, delete, bump and the trade steps the machine allows. */
function ManagePanel({
  data,
  action,
  busy,
}: {
  data: Extract<ListingPageData, { state: "found" }>;
  action: Fetcher;
  busy: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const { listing, trade } = data;
  const needsBuyer = trade.steps.filter((step) => step === "reserve" || step === "sell");
  const bumpable = listing.status === "selling" || listing.status === "buying";
  const bumpReady = trade.nextBumpAt !== null && trade.nextBumpAt <= data.now;
  return (
    <section className="space-y-3 rounded-xl border border-subtle p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-bold">
        {t("market.trade.title")}
      </h2>
      <div className="flex flex-wrap gap-2">
        <LocalLink to={`/market/write?id=${listing.id}`} className={button}>
          {t("market.listing.edit")}
        </LocalLink>
        <Form method="post">
          <ConfirmButton
            name="intent"
            value="delete"
            disabled={busy}
            className="inline-flex min-h-10 items-center rounded-lg bg-rose-700 px-4 text-sm font-semibold text-white hover:bg-rose-800 disabled:opacity-60"
            confirm={{ title: t("market.listing.deleteConfirm"), action: t("market.listing.delete") }}
          >
            {t("market.listing.delete")}
          </ConfirmButton>
        </Form>
        {bumpable ? (
          <action.Form method="post">
            <button type="submit" name="intent" value="bump" disabled={busy || !bumpReady} className={button}>
              {t("market.trade.bump")}
            </button>
          </action.Form>
        ) : null}
        {trade.steps.includes("release") ? (
          <action.Form method="post">
            <button type="submit" name="intent" value="release" disabled={busy} className={button}>
              {t("market.trade.steps.release")}
            </button>
          </action.Form>
        ) : null}
        {trade.steps.includes("complete") ? (
          <action.Form method="post">
            <button type="submit" name="intent" value="complete" disabled={busy} className={button}>
              {t("market.trade.steps.complete")}
            </button>
          </action.Form>
        ) : null}
      </div>
      {bumpable && trade.nextBumpAt && !bumpReady ? (
        <p className="text-muted text-xs">
          {t("market.trade.bumpAfter", { time: formatDateTime(language, trade.nextBumpAt) })}
        </p>
      ) : null}
      {needsBuyer.length > 0 ? (
        trade.candidates.length === 0 ? (
          <p className="text-muted text-sm">{t("market.trade.noCandidates")}</p>
        ) : (
          <action.Form method="post" className="flex flex-wrap items-end gap-2">
            <div className="min-w-48 flex-1">
              <label htmlFor={`${id}-buyer`} className="block text-sm font-semibold">
                {t("market.trade.buyer")}
              </label>
              <select
                id={`${id}-buyer`}
                name="buyerId"
                required
                defaultValue={listing.buyer?.id ?? ""}
                className={inputClass}
              >
                <option value="">{t("market.trade.buyerPlaceholder")}</option>
                {trade.candidates.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.nickname}
                  </option>
                ))}
              </select>
            </div>
            {needsBuyer.map((step) =>
              step === "sell" ? (
                <ConfirmButton
                  key={step}
                  name="intent"
                  value="sell"
                  disabled={busy}
                  className={primary}
                  confirm={{ title: t("market.trade.sellConfirm"), action: t("market.trade.steps.sell") }}
                >
                  {t("market.trade.steps.sell")}
                </ConfirmButton>
              ) : (
                <button
                  key={step}
                  type="submit"
                  name="intent"
                  value={step}
                  disabled={busy}
                  className={button}
                >
                  {t(`market.trade.steps.${step}`)}
                </button>
              ),
            )}
          </action.Form>
        )
      ) : null}
    </section>
  );
}

/** The offers a listing received, for its seller: accept or decline each one still waiting. */
function OffersReceived({
  offers,
  action,
  busy,
  now,
}: {
  offers: ListingOffer[];
  action: Fetcher;
  busy: boolean;
  now: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <section className="space-y-2" aria-labelledby={`${id}-offers`}>
      <h2 id={`${id}-offers`} className="font-bold">
        {t("market.trade.offers")}
      </h2>
      {offers.length === 0 ? (
        <p className="text-muted text-sm">{t("market.trade.offersEmpty")}</p>
      ) : (
        <ul className="divide-y divide-[var(--color-border)] rounded-xl border border-subtle">
          {offers.map((offer) => (
            <li
              key={offer.id}
              className="flex flex-wrap items-center gap-3 p-3"
              data-offer-status={offer.status}
            >
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold">
                  {t("market.trade.offerBy", { nickname: offer.buyer.nickname })} ·{" "}
                  <PriceText price={offer.price} />
                </p>
                {offer.message ? <p className="break-words whitespace-pre-line">{offer.message}</p> : null}
                <p className="text-muted text-xs">
                  <Time at={offer.createdAt} now={now} /> · {t(`market.trade.offerStatus.${offer.status}`)}
                </p>
              </div>
              {offer.transitions.includes("accept") || offer.transitions.includes("decline") ? (
                <action.Form method="post" className="flex gap-2">
                  <input type="hidden" name="offerId" value={offer.id} />
                  {offer.transitions.includes("accept") ? (
                    <button type="submit" name="intent" value="accept" disabled={busy} className={primary}>
                      {t("market.trade.accept")}
                    </button>
                  ) : null}
                  {offer.transitions.includes("decline") ? (
                    <button type="submit" name="intent" value="decline" disabled={busy} className={button}>
                      {t("market.trade.decline")}
                    </button>
                  ) : null}
                </action.Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A member's price offer on a negotiable listing: up to the asking price, with an optional message. */
function OfferForm({ price, action, busy }: { price: number; action: Fetcher; busy: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <section className="space-y-2 rounded-xl border border-subtle p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-bold">
        {t("market.trade.makeOffer")}
      </h2>
      <action.Form method="post" className="space-y-2">
        <div>
          <label htmlFor={`${id}-price`} className="block text-sm font-semibold">
            {t("market.trade.offerPrice")}
          </label>
          <input
            id={`${id}-price`}
            name="price"
            inputMode="numeric"
            pattern="[0-9]*"
            required
            aria-describedby={`${id}-hint`}
            className={inputClass}
          />
          <p id={`${id}-hint`} className="text-muted text-xs">
            {t("market.trade.offerPriceHint", { price })}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-message`} className="block text-sm font-semibold">
            {t("market.trade.offerMessage")}
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            maxLength={200}
            rows={2}
            className={`${inputClass} py-2`}
          />
        </div>
        <button type="submit" name="intent" value="offer" disabled={busy} className={primary}>
          {t("market.trade.sendOffer")}
        </button>
      </action.Form>
    </section>
  );
}

/** The trade review of a sold listing, for its seller and its buyer: write one, then see the other once it shows. */
function ReviewPanel({ review, action, busy }: { review: TradeReviewState; action: Fetcher; busy: boolean }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const [verdict, setVerdict] = useState<"good" | "bad">("good");
  return (
    <section className="space-y-3 rounded-xl border border-subtle p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-bold">
        {t("market.review.title")}
      </h2>
      {review.canWrite ? (
        <action.Form method="post" className="space-y-3">
          <fieldset className="space-y-1">
            <legend className="text-sm font-semibold">{t("market.review.verdict")}</legend>
            <div className="flex gap-4">
              {reviewVerdicts.map((value) => (
                <label key={value} className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
                  <input
                    type="radio"
                    name="verdict"
                    value={value}
                    checked={verdict === value}
                    onChange={() => setVerdict(value)}
                    className="size-5 accent-[var(--color-primary)]"
                  />
                  {t(`market.review.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-1">
            <legend className="text-sm font-semibold">{t("market.review.points")}</legend>
            <div className="flex flex-wrap gap-x-4">
              {mannerPointsOf[verdict].map((point) => (
                <label key={point} className="inline-flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="points"
                    value={point}
                    className="size-5 accent-[var(--color-primary)]"
                  />
                  {t(`market.manner.${point}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${id}-comment`} className="block text-sm font-semibold">
              {t("market.review.comment")}
            </label>
            <textarea
              id={`${id}-comment`}
              name="comment"
              maxLength={REVIEW_COMMENT_MAX}
              rows={2}
              className={`${inputClass} py-2`}
            />
          </div>
          <button type="submit" name="intent" value="review" disabled={busy} className={primary}>
            {t("market.review.submit")}
          </button>
        </action.Form>
      ) : null}
      {review.mine ? <ReviewText label={t("market.review.mine")} review={review.mine} /> : null}
      {review.theirs ? (
        <ReviewText label={t("market.review.theirs")} review={review.theirs} />
      ) : review.mine ? (
        <p className="text-muted text-sm">
          {t("market.review.hiddenUntil", { time: formatDateTime(language, review.revealsAt) })}
        </p>
      ) : null}
    </section>
  );
}

function ReviewText({ label, review }: { label: string; review: NonNullable<TradeReviewState["mine"]> }) {
  const t = useT();
  return (
    <div className="surface-muted space-y-1 rounded-lg p-3 text-sm" data-review-verdict={review.verdict}>
      <p className="font-semibold">
        {label} · {t(`market.review.${review.verdict}`)}
      </p>
      <p>{review.points.map((point) => t(`market.manner.${point}`)).join(", ")}</p>
      {review.comment ? <p className="break-words whitespace-pre-line">{review.comment}</p> : null}
    </div>
  );
}
