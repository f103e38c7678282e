import ExternalLink from "lucide-react/icons/external-link";
import PenSquare from "lucide-react/icons/square-pen";
import Plus from "lucide-react/icons/plus";
import type { Route } from "./+types/model";
import { PriceText, StatusBadge } from "#app/components/market/ListingBits";
import { CompareTable } from "#app/components/motorcycle/CompareTable";
import { ModelName, RatingList, specSection } from "#app/components/motorcycle/ModelBits";
import { Time } from "#app/components/ui/Time";
import { languageFromPath } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listingPath } from "#app/services/market/kinds";
import { COMPARE_MAX, parseSelection, selectionParam } from "#app/services/motorcycles/compare-selection";
import { getModelPage } from "#app/services/motorcycles/model-page.server";
import { specsIn } from "#app/services/motorcycles/spec-words";
import { idOrNull, notFound } from "#app/shell/input.server";

/**
 * /motorcycle/{modelId} (open to everybody): a model's names, every model year's figures with the manufacturer's
 * spec pages, what owners rate it and their latest reviews, and its current market listings. A comparison in
 * progress (`?ids=`) is carried along, so "add to comparison" adds to it. An unknown model is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const modelId = idOrNull(params.modelId);
  if (modelId === null) notFound();
  const { db, clock } = getRuntime();
  const page = await getModelPage(db, modelId);
  if (!page) notFound();
  const language = languageFromPath(url.pathname);
  return {
    ...page,
    years: page.years.map((year) => ({ ...year, specs: specsIn(language, year.specs) })),
    selection: parseSelection(url.searchParams.get("ids")).ids,
    max: COMPARE_MAX,
    now: clock.now().toISOString(),
    pageTitle:
      language === "ko"
        ? `${page.manufacturer.nameKo} ${page.nameKo}`
        : `${page.manufacturer.nameEn} ${page.nameEn}`,
  };
}

const button =
  "inline-flex min-h-11 items-center gap-1 rounded-lg border border-subtle px-4 font-semibold hover:border-primary";

export default function MotorcycleModel({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const page = loaderData;
  const ids = selectionParam(page.selection);
  const full = page.selection.length >= page.max;
  const latest = page.years[0];
  const addPath = (motorcycleId: number) =>
    `/specCompare/select?${ids ? `ids=${ids}&` : ""}add=${motorcycleId}`;
  const name = language === "ko" ? page.nameKo : page.nameEn;
  return (
    <article className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-link">
          {language === "ko" ? page.manufacturer.nameKo : page.manufacturer.nameEn} ·{" "}
          {t(`motorcycle.category.${page.category}`)}
        </p>
        <h1 className="text-2xl font-extrabold">
          <ModelName nameKo={page.nameKo} nameEn={page.nameEn} />
        </h1>
        <dl className="text-muted grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">{t("motorcycle.model.names")}</dt>
          <dd>
            <span lang="ko">{page.nameKo}</span> / <span lang="en">{page.nameEn}</span>
          </dd>
          <dt className="font-semibold">{t("motorcycle.model.manufacturer")}</dt>
          <dd>
            <span lang="ko">{page.manufacturer.nameKo}</span> /{" "}
            <span lang="en">{page.manufacturer.nameEn}</span>
          </dd>
          <dt className="font-semibold">{t("motorcycle.model.category")}</dt>
          <dd>{t(`motorcycle.category.${page.category}`)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          {latest && !full ? (
            <LocalLink to={addPath(latest.id)} className={button}>
              <Plus className="size-4" aria-hidden="true" />
              {t("motorcycle.model.addToCompare")}
            </LocalLink>
          ) : null}
          {latest ? (
            <LocalLink
              to={`/review/motorcycle/write?motorcycleId=${latest.id}`}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
            >
              <PenSquare className="size-4" aria-hidden="true" />
              {t("motorcycle.model.writeReview")}
            </LocalLink>
          ) : null}
        </div>
        {full ? (
          <p className="text-sm">
            {t("motorcycle.model.compareFull", { max: page.max })}{" "}
            <LocalLink to={`/specCompare/select?ids=${ids}`} className="font-semibold text-link underline">
              {t("motorcycle.compare.viewSelection")}
            </LocalLink>
          </p>
        ) : null}
      </header>

      <section aria-labelledby="model-years" className="space-y-2">
        <h2 id="model-years" className="text-lg font-bold">
          {t("motorcycle.model.yearsHeading")}
        </h2>
        <CompareTable
          caption={t("motorcycle.model.yearsCaption", { name })}
          columns={page.years.map((year) => (
            <div key={year.id} className="space-y-1" data-testid="model-year">
              <p className="font-bold">{t("motorcycle.year", { year: year.year })}</p>
              <p className="flex flex-col gap-0.5 text-xs font-normal">
                <a
                  href={year.specUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("motorcycle.model.specLinkLabel", { year: year.year })}
                  className="inline-flex items-center gap-1 text-link underline"
                >
                  {t("motorcycle.model.specLink")}
                  <ExternalLink className="size-3" aria-hidden="true" />
                </a>
                {full || page.selection.includes(year.id) ? null : (
                  <LocalLink to={addPath(year.id)} className="text-link underline">
                    {t("motorcycle.model.addYearToCompare", { year: year.year })}
                  </LocalLink>
                )}
              </p>
            </div>
          ))}
          sections={[
            specSection(
              t,
              page.years.map((year) => ({ category: page.category, specs: year.specs })),
            ),
          ]}
        />
      </section>

      <section
        aria-labelledby="model-ratings"
        className="surface space-y-3 rounded-xl border border-subtle p-4"
      >
        <h2 id="model-ratings" className="text-lg font-bold">
          {t("motorcycle.model.ratingsHeading")}
        </h2>
        <RatingList ratings={page.ratings} />
      </section>

      <section aria-labelledby="model-reviews" className="space-y-2">
        <h2 id="model-reviews" className="text-lg font-bold">
          {t("motorcycle.model.reviewsHeading")}
        </h2>
        {page.latestReviews.length === 0 ? (
          <p className="surface-muted text-muted rounded-xl p-4 text-sm">{t("motorcycle.model.noReviews")}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)]">
            {page.latestReviews.map((review) => (
              <li key={review.id} className="space-y-1 py-3" data-testid="model-review">
                <p className="font-semibold">
                  <LocalLink to={`/review/motorcycle/detail?id=${review.id}`} className="hover:underline">
                    {t("motorcycle.model.reviewBy", { nickname: review.author.nickname, year: review.year })}
                  </LocalLink>
                </p>
                <p className="line-clamp-2 text-sm">
                  <span className="text-muted font-semibold">{t("motorcycle.model.disadvantage")}: </span>
                  {review.disadvantage}
                </p>
                <p className="text-muted flex flex-wrap gap-x-3 text-xs">
                  <span>{t("motorcycle.model.reviewRating", { rating: review.ratingAverage })}</span>
                  <span>{t("motorcycle.sparks", { count: review.sparkCount })}</span>
                  <Time at={review.createdAt} now={page.now} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="model-listings" className="space-y-2">
        <h2 id="model-listings" className="text-lg font-bold">
          {t("motorcycle.model.listingsHeading")}
        </h2>
        {page.askingPrice ? (
          <p className="font-semibold" data-testid="median-price">
            {t("motorcycle.model.medianPrice", {
              price: page.askingPrice.median,
              count: page.askingPrice.count,
            })}
          </p>
        ) : null}
        {page.listings.length === 0 ? (
          <p className="surface-muted text-muted rounded-xl p-4 text-sm">
            {t("motorcycle.model.noListings")}
          </p>
        ) : (
          <ul className="divide-y divide-[var(--border)]">
            {page.listings.map((listing) => (
              <li
                key={listing.articleId}
                className="flex flex-wrap items-center gap-2 py-3"
                data-testid="model-listing"
              >
                <LocalLink
                  to={listingPath(listing.kind, listing.articleId)}
                  className="min-w-0 flex-1 font-semibold hover:underline"
                >
                  {listing.title}
                </LocalLink>
                <span className="text-muted text-xs">{t("motorcycle.year", { year: listing.year })}</span>
                <StatusBadge status={listing.status} />
                <PriceText price={listing.price} className="font-extrabold" />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
