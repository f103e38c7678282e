import { Form, useNavigation } from "react-router";
import { localizePath } from "#app/i18n";
import { useLanguage, useT } from "#app/i18n/react";
import { ratingItems } from "#app/services/reviews/items";
import type { ReviewTag } from "#app/db/schema";
import { MotorcycleTitle, RatingBars, scoreText, TagList } from "./ReviewBits";
import { writePath, type ReviewPreviewStep } from "./ReviewForm";

/**
 * The review read-only before it is published. Every value travels in hidden fields: "edit" posts them back to the
 * form (nothing typed or uploaded is lost), "publish" to this page's action, which checks them all again.
 */
export function ReviewPreview({ step }: { step: ReviewPreviewStep }) {
  const t = useT();
  const language = useLanguage();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { values } = step;
  const ratings = Object.fromEntries(ratingItems.map((item) => [item, Number(values.ratings[item])]));
  const average = ratingItems.reduce((sum, item) => sum + (ratings[item] ?? 0), 0) / ratingItems.length;
  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-extrabold">{t("review.confirm.title")}</h1>
      <p role="status" className="rounded-lg border border-subtle surface-muted px-3 py-2 text-sm">
        {t("review.confirm.intro")}
      </p>
      <article className="space-y-5 rounded-xl border border-subtle p-4">
        <header className="space-y-1">
          <h2 className="text-xl font-bold">
            <MotorcycleTitle motorcycle={step.motorcycle} />
          </h2>
          <p className="text-sm">
            {t("review.detail.average")}: <strong>{scoreText(average)}</strong>
          </p>
        </header>
        <RatingBars ratings={ratings} texts={values.texts} />
        <section className="space-y-1">
          <h3 className="font-bold">{t("review.detail.disadvantage")}</h3>
          <p className="whitespace-pre-wrap break-words">{values.disadvantage}</p>
        </section>
        <section className="space-y-2">
          <h3 className="font-bold">{t("review.detail.photos")}</h3>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {values.images.map((image) => (
              <li key={image.ref}>
                <img
                  src={image.thumbnailUrl}
                  alt=""
                  width={240}
                  height={240}
                  className="aspect-square w-full rounded-lg object-cover"
                />
              </li>
            ))}
          </ul>
        </section>
        {values.tags.length > 0 ? (
          <section className="space-y-2">
            <h3 className="font-bold">{t("review.detail.tags")}</h3>
            <TagList tags={values.tags as ReviewTag[]} />
          </section>
        ) : null}
        <p className="text-sm">
          {t(values.ownerMeeting ? "review.detail.ownerMeetingOn" : "review.detail.ownerMeetingOff")}
        </p>
      </article>

      <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="token" value={step.token} />
        {step.reviewId !== null ? <input type="hidden" name="id" value={step.reviewId} /> : null}
        <input type="hidden" name="motorcycleId" value={values.motorcycleId} />
        {ratingItems.map((item) => (
          <span key={item} hidden>
            <input type="hidden" name={`rating_${item}`} value={values.ratings[item] ?? ""} />
            <input type="hidden" name={`text_${item}`} value={values.texts[item] ?? ""} />
          </span>
        ))}
        <input type="hidden" name="disadvantage" value={values.disadvantage} />
        {values.tags.map((tag) => (
          <input key={tag} type="hidden" name="tags" value={tag} />
        ))}
        {values.ownerMeeting ? <input type="hidden" name="ownerMeeting" value="on" /> : null}
        {values.images.map((image) => (
          <input key={image.ref} type="hidden" name="image" value={image.ref} />
        ))}
        <button
          type="submit"
          name="intent"
          value="back"
          formAction={localizePath(language, writePath(step))}
          disabled={busy}
          className="inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold disabled:opacity-60"
        >
          {t("review.confirm.edit")}
        </button>
        <button
          type="submit"
          name="intent"
          value="publish"
          disabled={busy}
          aria-busy={busy || undefined}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-6 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
        >
          {busy
            ? t("review.confirm.sending")
            : t(step.mode === "edit" ? "review.confirm.save" : "review.confirm.publish")}
        </button>
      </Form>
    </section>
  );
}
