import type { SubmissionResult } from "@conform-to/react";
import { useId, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { FormAlert } from "#app/components/ui/fields";
import { localizePath } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ReviewedMotorcycle } from "#app/services/reviews/list.server";
import { RATING_VALUES, ratingItems, REVIEW_TEXT_MAX, tagChoices } from "#app/services/reviews/items";
import { MotorcycleTitle, scaleLabel } from "./ReviewBits";

/** What the review form shows in its fields (and the preview carries in hidden ones). */
export interface ReviewFormValues {
  motorcycleId: string;
  ratings: Record<string, string>;
  texts: Record<string, string>;
  disadvantage: string;
  tags: string[];
  ownerMeeting: boolean;
  /** Images already stored, each with the reference the server signed for it. */
  images: { ref: string; url: string; thumbnailUrl: string }[];
}

/** What the write page's loader answers. */
export interface ReviewFormData {
  mode: "create" | "edit";
  reviewId: number | null;
  motorcycle: ReviewedMotorcycle;
  token: string;
  /** When an edited review locks. */
  editableUntil: string | null;
  values: ReviewFormValues;
}

/** The form again: back from the preview, or refused (the schema's `lastResult` or the service's `error`). */
export interface ReviewFormStep {
  step: "form";
  values: ReviewFormValues;
  mode?: "create" | "edit";
  reviewId?: number | null;
  token?: string;
  motorcycle?: ReviewedMotorcycle | null;
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
}

/** The preview of a checked review, before publishing. */
export interface ReviewPreviewStep {
  step: "preview";
  mode: "create" | "edit";
  reviewId: number | null;
  token: string;
  motorcycle: ReviewedMotorcycle;
  values: ReviewFormValues;
}

/** Which field a refusal of the service belongs to, so that it shows next to it. */
const fieldOfError: Record<string, string> = {
  motorcycle_required: "motorcycleId",
  disadvantage_required: "disadvantage",
  disadvantage_length: "disadvantage",
  images_required: "photos",
  images_max: "photos",
  image_invalid: "photos",
  too_large: "photos",
  unsupported_type: "photos",
  type_mismatch: "photos",
  corrupt: "photos",
  too_many_pixels: "photos",
  too_many_files: "photos",
  tags_invalid: "tags",
  tags_max: "tags",
};

const inputClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

/** The path of the write page for these values: the model year's form, or the edited review's. */
export function writePath(step: { reviewId: number | null; motorcycle: ReviewedMotorcycle }) {
  return step.reviewId !== null
    ? `/review/motorcycle/write?id=${step.reviewId}`
    : `/review/motorcycle/write?motorcycleId=${step.motorcycle.id}`;
}

/**
 * The owner review form: nine ratings 1–10 each with its label and a text, the one biggest disadvantage, 1–4
 * photos, characteristics and the owner-meeting switch. It posts (with the photos) to the confirm page, which
 * shows the review read-only before it is published.
 */
export function ReviewForm({ data, result }: { data: ReviewFormData; result?: ReviewFormStep }) {
  const t = useT();
  const id = useId();
  const language = useLanguage();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(
    () => import("#app/services/reviews/review.schema").then((module) => module.reviewSchema),
    { lastResult: result?.lastResult },
  );
  const messages = useMessages();
  const values = result?.values ?? data.values;
  const refusedField = result?.error ? fieldOfError[result.error.code] : undefined;
  const errorOf = (name: string) =>
    messages((fields as Record<string, { errors?: string[] }>)[name]?.errors)[0] ??
    (refusedField === name ? result?.error?.message : undefined);
  const busy = navigation.state === "submitting";
  const motorcycle = result?.motorcycle ?? data.motorcycle;
  const described = (name: string, hint?: boolean) =>
    [hint ? `${id}-${name}-hint` : null, errorOf(name) ? `${id}-${name}-error` : null]
      .filter(Boolean)
      .join(" ") || undefined;

  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-extrabold">
        {t(data.mode === "edit" ? "review.form.editTitle" : "review.form.title")}
      </h1>
      <Form
        method="post"
        encType="multipart/form-data"
        action={localizePath(language, "/review/motorcycle/write/confirm")}
        id={form.id}
        noValidate
        className="space-y-6"
        onSubmit={form.onSubmit}
      >
        {result?.error && !refusedField ? <FormAlert error={result.error} /> : null}
        <input type="hidden" name="token" value={result?.token ?? data.token} />
        {data.reviewId !== null ? <input type="hidden" name="id" value={data.reviewId} /> : null}
        <input type="hidden" name="motorcycleId" value={motorcycle.id} />

        <div className="surface-muted space-y-1 rounded-xl border border-subtle p-4">
          <p className="text-muted text-xs font-semibold">{t("review.form.motorcycle")}</p>
          <p className="text-lg font-bold">
            {motorcycle ? <MotorcycleTitle motorcycle={motorcycle} /> : null}
          </p>
          <FieldError id={`${id}-motorcycleId-error`} message={errorOf("motorcycleId")} />
          {data.mode === "create" ? (
            <LocalLink
              to="/review/motorcycle/write/search"
              className="text-sm font-semibold text-primary underline"
            >
              {t("review.form.change")}
            </LocalLink>
          ) : null}
          <p className="text-muted text-xs">
            {data.editableUntil
              ? t("review.form.editableUntil", { time: formatDateTime(language, data.editableUntil) })
              : t("review.form.editWindow")}
          </p>
        </div>

        <fieldset className="space-y-4">
          <legend className="text-lg font-bold">{t("review.form.ratings")}</legend>
          <p className="text-muted text-sm">{t("review.form.ratingsHint")}</p>
          {ratingItems.map((item) => {
            const rating = `rating_${item}`;
            const text = `text_${item}`;
            return (
              <div key={item} className="space-y-2 rounded-xl border border-subtle p-3">
                <div className="space-y-1">
                  <label htmlFor={`${id}-${rating}`} className="block font-semibold">
                    {t(`review.item.${item}`)}
                  </label>
                  <select
                    id={`${id}-${rating}`}
                    name={rating}
                    defaultValue={values.ratings[item] ?? ""}
                    required
                    aria-invalid={errorOf(rating) ? true : undefined}
                    aria-describedby={described(rating)}
                    className={inputClass}
                  >
                    <option value="">{t("review.form.choose")}</option>
                    {[...RATING_VALUES].reverse().map((value) => (
                      <option key={value} value={value}>
                        {t("review.scaleOption", { value, label: scaleLabel(t, value) })}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`${id}-${rating}-error`} message={errorOf(rating)} />
                </div>
                <TextArea
                  id={`${id}-${text}`}
                  name={text}
                  label={t("review.form.text", { item: t(`review.item.${item}`) })}
                  hint={t("review.form.textHint")}
                  defaultValue={values.texts[item] ?? ""}
                  error={errorOf(text)}
                  rows={2}
                />
              </div>
            );
          })}
        </fieldset>

        <TextArea
          id={`${id}-disadvantage`}
          name="disadvantage"
          label={t("review.form.disadvantage")}
          hint={t("review.form.disadvantageHint")}
          defaultValue={values.disadvantage}
          error={errorOf("disadvantage")}
          required
          rows={3}
        />

        <fieldset className="space-y-2">
          <legend className="font-semibold">{t("review.form.photos")}</legend>
          {values.images.length > 0 ? (
            <div className="space-y-1">
              <p className="text-sm">{t("review.form.keptPhotos")}</p>
              <ul className="flex flex-wrap gap-3">
                {values.images.map((image, index) => (
                  <li key={image.ref}>
                    <label className="flex flex-col items-center gap-1 text-xs">
                      <img
                        src={image.thumbnailUrl}
                        alt=""
                        width={80}
                        height={80}
                        className="size-20 rounded-lg object-cover"
                      />
                      <span className="inline-flex min-h-11 items-center gap-1">
                        <input
                          type="checkbox"
                          name="image"
                          value={image.ref}
                          defaultChecked
                          className="size-5 accent-[var(--color-primary)]"
                        />
                        {t("review.form.keep")} {index + 1}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <input
            id={`${id}-photos`}
            type="file"
            name="photos"
            multiple
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-label={t("review.form.photos")}
            aria-invalid={errorOf("photos") ? true : undefined}
            aria-describedby={described("photos", true)}
            className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-subtle file:px-4 file:font-semibold"
          />
          <p id={`${id}-photos-hint`} className="text-muted text-xs">
            {t("review.form.photosHint")}
          </p>
          <FieldError id={`${id}-photos-error`} message={errorOf("photos")} />
        </fieldset>

        <fieldset className="space-y-2" aria-describedby={described("tags", true)}>
          <legend className="font-semibold">{t("review.form.tags")}</legend>
          <p id={`${id}-tags-hint`} className="text-muted text-xs">
            {t("review.form.tagsHint")}
          </p>
          <div className="flex flex-wrap gap-2">
            {tagChoices.map((tag) => (
              <label
                key={tag}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-subtle px-3 text-sm has-[:checked]:border-primary has-[:checked]:font-bold"
              >
                <input
                  type="checkbox"
                  name="tags"
                  value={tag}
                  defaultChecked={values.tags.includes(tag)}
                  className="size-4 accent-[var(--color-primary)]"
                />
                {t(`review.tag.${tag}`)}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-tags-error`} message={errorOf("tags")} />
        </fieldset>

        <div className="space-y-1">
          <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
            <input
              type="checkbox"
              name="ownerMeeting"
              defaultChecked={values.ownerMeeting}
              aria-describedby={`${id}-ownerMeeting-hint`}
              className="size-5 accent-[var(--color-primary)]"
            />
            {t("review.form.ownerMeeting")}
          </label>
          <p id={`${id}-ownerMeeting-hint`} className="text-muted text-xs">
            {t("review.form.ownerMeetingHint")}
          </p>
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <LocalLink
            to={
              data.reviewId !== null
                ? `/review/motorcycle/detail?id=${data.reviewId}`
                : "/review/motorcycle/list"
            }
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
          >
            {t("review.form.cancel")}
          </LocalLink>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-6 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
          >
            {busy ? t("review.form.checking") : t("review.form.next")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {message}
    </p>
  );
}

function TextArea({
  id,
  name,
  label,
  hint,
  defaultValue,
  error,
  required,
  rows,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  error?: string;
  required?: boolean;
  rows: number;
}): ReactNode {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        rows={rows}
        maxLength={REVIEW_TEXT_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`${inputClass} py-2`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
