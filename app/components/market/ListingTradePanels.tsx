import { useId, useState } from "react";
import { Form, type useFetcher } from "react-router";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { Time } from "#app/components/ui/Time";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ListingOffer } from "#app/services/market/offers.server";
import type { TradeReviewState } from "#app/services/market/reviews.server";
import { mannerPointsOf, reviewVerdicts } from "#app/services/market/manner";
import { REVIEW_COMMENT_MAX } from "#app/services/market/kinds";
import { PriceText } from "./ListingBits";
import type { ActionResult, ListingPageData } from "./ListingPageView";

/*
 * The trade panels of a listing page: the seller's controls and received offers, a member's offer form and the
 * review after a sale. Few readers get any of them, so their code is split from the page's first load (ADR 045).
 */

const button =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-subtle px-4 text-sm font-semibold disabled:opacity-60";
const primary =
  "inline-flex min-h-10 items-center justify-center rounded-lg bg-primary px-4 text-sm font-semibold text-white hover:bg-primary-strong disabled:opacity-60";
const inputClass = "surface block min-h-11 w-full rounded-lg border border-subtle px-3";

export type Fetcher = ReturnType<typeof useFetcher<ActionResult>>;

/** The seller's (or an administrator's) controls: edit, delete, bump and the trade steps the machine allows. */
export function ManagePanel({
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
export function OffersReceived({
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
export function OfferForm({ price, action, busy }: { price: number; action: Fetcher; busy: boolean }) {
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

/**
 * The trade review of a sold listing, for its seller and its buyer: write one, then see the other once it shows. A
 * buyer the seller named without an accepted offer first confirms that they took part in the trade.
 */
export function ReviewPanel({
  review,
  action,
  busy,
}: {
  review: TradeReviewState;
  action: Fetcher;
  busy: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const [verdict, setVerdict] = useState<"good" | "bad">("good");
  return (
    <section className="space-y-3 rounded-xl border border-subtle p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-bold">
        {t("market.review.title")}
      </h2>
      {!review.confirmed && review.role === "buyer" ? (
        <action.Form method="post" className="space-y-2">
          <p className="text-sm">{t("market.review.confirmPrompt")}</p>
          <button type="submit" name="intent" value="confirmPurchase" disabled={busy} className={primary}>
            {t("market.review.confirm")}
          </button>
        </action.Form>
      ) : null}
      {!review.confirmed && review.role === "seller" ? (
        <p className="text-muted text-sm">{t("market.review.awaitingBuyer")}</p>
      ) : null}
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
