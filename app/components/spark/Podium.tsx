import Medal from "lucide-react/icons/medal";
import Sparkles from "lucide-react/icons/sparkles";
import Star from "lucide-react/icons/star";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";

/** A review as the home page's podium and hot reviews show it (serialised by the loader). */
export interface ReviewCard {
  reviewId: number;
  sparks: number;
  model: { ko: string; en: string };
  year: number;
  authorNickname: string | null;
  thumbnailUrl: string | null;
  ratingAverage: number;
}

const reviewLink = (reviewId: number) => `/review/motorcycle/detail?id=${reviewId}`;

const medalTone = ["text-amber-500", "text-slate-400", "text-orange-700"] as const;

function ReviewTitle({ card }: { card: ReviewCard }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <span className="block truncate font-bold">
        {t("spark.podium.review", { model: card.model[language], year: card.year })}
      </span>
      <span className="text-muted block truncate text-sm">
        {card.authorNickname
          ? t("spark.podium.by", { nickname: card.authorNickname })
          : t("spark.podium.withdrawn")}
      </span>
    </>
  );
}

function SparkCount({ count }: { count: number }) {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-1 text-sm font-bold text-amber-700 dark:text-amber-300">
      <Sparkles className="size-4" aria-hidden="true" />
      {t("spark.podium.sparks", { count })}
    </span>
  );
}

/** The podium: the top 3 reviews by sparks received in the last 24 hours, or an empty state. */
export function PodiumSection({ places }: { places: (ReviewCard & { rank: number })[] }) {
  const t = useT();
  return (
    <section aria-labelledby="home-podium" className="space-y-3">
      <div>
        <h2 id="home-podium" className="text-xl font-bold">
          {t("spark.podium.title")}
        </h2>
        <p className="text-muted mt-1 text-sm">{t("spark.podium.text")}</p>
      </div>
      {places.length === 0 ? (
        <p
          className="surface-muted text-muted rounded-xl px-4 py-6 text-center text-sm"
          data-testid="podium-empty"
        >
          {t("spark.podium.empty")}
        </p>
      ) : (
        <ol className="grid gap-3 sm:grid-cols-3">
          {places.map((place) => (
            <li key={place.rank} className="rounded-xl border border-subtle">
              <LocalLink
                to={reviewLink(place.reviewId)}
                className="flex items-center gap-3 p-4 hover:underline"
              >
                <span className="flex shrink-0 flex-col items-center">
                  <Medal className={`size-7 ${medalTone[place.rank - 1] ?? ""}`} aria-hidden="true" />
                  <span className="text-sm font-extrabold">
                    {t("spark.podium.rank", { rank: place.rank })}
                  </span>
                </span>
                <span className="min-w-0 flex-1">
                  <ReviewTitle card={place} />
                  <SparkCount count={place.sparks} />
                </span>
              </LocalLink>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A few of the most sparked recent reviews, with a link to all of them. */
export function HotReviewsSection({ reviews }: { reviews: ReviewCard[] }) {
  const t = useT();
  return (
    <section aria-labelledby="home-hot-reviews" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 id="home-hot-reviews" className="text-xl font-bold">
            {t("spark.hot.title")}
          </h2>
          <p className="text-muted mt-1 text-sm">{t("spark.hot.text")}</p>
        </div>
        <LocalLink to="/review/motorcycle/hot" className="text-link text-sm font-semibold hover:underline">
          {t("spark.hot.seeAll")}
        </LocalLink>
      </div>
      {reviews.length === 0 ? (
        <p className="surface-muted text-muted rounded-xl px-4 py-6 text-center text-sm">
          {t("spark.hot.empty")}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {reviews.map((review) => (
            <li key={review.reviewId} className="rounded-xl border border-subtle">
              <LocalLink
                to={reviewLink(review.reviewId)}
                className="flex items-center gap-3 p-3 hover:underline"
              >
                {review.thumbnailUrl ? (
                  <img
                    src={review.thumbnailUrl}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    className="size-16 shrink-0 rounded-lg object-cover"
                  />
                ) : null}
                <span className="min-w-0 flex-1">
                  <ReviewTitle card={review} />
                  <span className="flex flex-wrap items-center gap-x-3">
                    <SparkCount count={review.sparks} />
                    <span className="text-muted inline-flex items-center gap-1 text-sm">
                      <Star className="size-4" aria-hidden="true" />
                      {t("spark.hot.rating", { rating: review.ratingAverage.toFixed(1) })}
                    </span>
                  </span>
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
