import type { ReactNode } from "react";
import Sparkles from "lucide-react/icons/sparkles";
import { Form, useNavigation } from "react-router";
import { Avatar } from "#app/components/ui/Avatar";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { Time } from "#app/components/ui/Time";
import { formatDateTime } from "#app/i18n/calendar";
import { formatNumber } from "#app/i18n/message";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ReviewDetail } from "#app/services/reviews/list.server";
import { modelName, MotorcycleTitle, RatingBars, ReviewBadges, scoreText, TagList } from "./ReviewBits";

const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 text-sm font-semibold disabled:opacity-60";

/** A review's page: model and year, author, the nine ratings, texts, photos, characteristics and its badges. */
export function ReviewDetailView({
  review,
  now,
  error,
  sparkControl,
}: {
  review: ReviewDetail;
  now: string;
  error?: { code: string; message: string };
  /** Where the reader gives sparks (the page decides who may). */
  sparkControl?: ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const busy = useNavigation().state === "submitting";
  const name = modelName(language, review.motorcycle);
  const locked = new Date(now).getTime() >= new Date(review.editableUntil).getTime();
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-3">
        <p className="text-muted text-sm font-semibold">{t("review.detail.title")}</p>
        <h1 className="text-2xl font-extrabold">
          <MotorcycleTitle motorcycle={review.motorcycle} link />
        </h1>
        <ReviewBadges owner={review.owner} ownerMeeting={review.ownerMeeting} />
        <div className="flex items-center gap-3">
          <Avatar name={review.author.nickname} src={review.author.avatarUrl} size="md" />
          <div className="text-sm">
            <p>
              <span className="sr-only">{t("review.detail.author")}: </span>
              <LocalLink to={`/profile/${review.author.id}`} className="font-semibold hover:underline">
                {review.author.nickname}
              </LocalLink>
            </p>
            <p className="text-muted">
              {t("review.detail.written")} <Time at={review.createdAt} now={now} />
            </p>
          </div>
        </div>
      </header>

      {error ? <FormAlert error={error} /> : null}

      <section aria-labelledby="review-ratings" className="space-y-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="review-ratings" className="text-lg font-bold">
            {t("review.detail.ratings")}
          </h2>
          <p className="text-sm">
            {t("review.detail.average")}{" "}
            <strong className="text-xl">{scoreText(review.ratingAverage)}</strong>
          </p>
        </div>
        <RatingBars ratings={review.ratings} texts={review.texts} />
      </section>

      <section aria-labelledby="review-disadvantage" className="space-y-1">
        <h2 id="review-disadvantage" className="text-lg font-bold">
          {t("review.detail.disadvantage")}
        </h2>
        <p className="whitespace-pre-wrap break-words">{review.disadvantage}</p>
      </section>

      <section aria-labelledby="review-photos" className="space-y-2">
        <h2 id="review-photos" className="text-lg font-bold">
          {t("review.detail.photos")}
        </h2>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {review.images.map((image, index) => (
            <li key={image.url}>
              <a href={image.url} target="_blank" rel="noopener" className="block">
                <img
                  src={image.thumbnailUrl}
                  alt={t("review.card.photo", { model: name })}
                  width={240}
                  height={240}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg object-cover"
                />
                <span className="sr-only">{t("review.detail.openPhoto", { n: index + 1 })}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      {review.tags.length > 0 ? (
        <section aria-labelledby="review-tags" className="space-y-2">
          <h2 id="review-tags" className="text-lg font-bold">
            {t("review.detail.tags")}
          </h2>
          <TagList tags={review.tags} />
        </section>
      ) : null}

      <section className="flex flex-wrap items-center gap-3 rounded-xl border border-subtle p-4">
        <p className="inline-flex items-center gap-1 font-semibold">
          <Sparkles aria-hidden className="size-5 text-amber-600" />
          {t("review.detail.sparks")} <span data-spark-count>{formatNumber(review.sparkCount)}</span>
        </p>
        <div data-spark-slot className="w-full">
          {sparkControl}
        </div>
      </section>

      <p className="text-sm">
        {t(review.ownerMeeting ? "review.detail.ownerMeetingOn" : "review.detail.ownerMeetingOff")}
      </p>

      {review.mine || review.canDelete ? (
        <section aria-labelledby="review-manage" className="space-y-3 rounded-xl border border-subtle p-4">
          <h2 id="review-manage" className="font-bold">
            {t("review.detail.manage")}
          </h2>
          {review.mine ? (
            <p className="text-muted text-sm">
              {locked
                ? t("review.detail.locked", { time: formatDateTime(language, review.editableUntil) })
                : t("review.detail.editableUntil", { time: formatDateTime(language, review.editableUntil) })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {review.canEdit ? (
              <LocalLink to={`/review/motorcycle/write?id=${review.id}`} className={button}>
                {t("review.detail.edit")}
              </LocalLink>
            ) : null}
            {review.mine ? (
              <Form method="post">
                <input type="hidden" name="ownerMeeting" value={review.ownerMeeting ? "off" : "on"} />
                <button type="submit" name="intent" value="ownerMeeting" disabled={busy} className={button}>
                  {t(review.ownerMeeting ? "review.detail.turnOff" : "review.detail.turnOn")}
                </button>
              </Form>
            ) : null}
            {review.canDelete ? (
              <Form method="post">
                <ConfirmButton
                  name="intent"
                  value="delete"
                  disabled={busy}
                  className={`${button} text-rose-700 dark:text-rose-300`}
                  confirm={{
                    title: t("review.detail.deleteConfirm"),
                    description: t("review.detail.deleteDescription"),
                    action: t("review.detail.delete"),
                    tone: "danger",
                  }}
                >
                  {t("review.detail.delete")}
                </ConfirmButton>
              </Form>
            ) : null}
          </div>
        </section>
      ) : null}

      <LocalLink
        to={`/review/motorcycle/list?modelId=${review.motorcycle.modelId}`}
        className="inline-flex min-h-11 items-center text-sm font-semibold underline"
      >
        {t("review.list.of", { model: name })}
      </LocalLink>
    </article>
  );
}
