import { getFormProps, type SubmissionResult } from "@conform-to/react";
import Star from "lucide-react/icons/star";
import { useState } from "react";
import { Form } from "react-router";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { ConfirmButton } from "#app/components/ui/Dialog";
import type { SchemaField } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { useT } from "#app/i18n/react";
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_PAIR_DAYS,
  FEEDBACK_PHOTOS_MAX,
  FEEDBACK_REWARDS_PER_DAY,
  feedbackReward,
  feedbackVerdictsGiven,
  lengthOf,
} from "#app/services/meetings/conduct/conduct-rules";

const CONDUCT_SCHEMA = () => import("#app/services/meetings/conduct/conduct.schema");

function FieldMessages({ field }: { field: SchemaField }) {
  const messages = useMessages()(field.errors);
  if (messages.length === 0) return null;
  return (
    <p id={field.errorId} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {messages.join(" ")}
    </p>
  );
}

const choiceClass =
  "flex min-h-11 cursor-pointer items-center justify-center gap-1 rounded-lg border border-subtle px-3 text-sm font-semibold has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary";

/**
 * The feedback form of one ended meeting: smooth or problem, a rating (a group of five radio buttons, so arrows move
 * between them), the text with its counter, photos, and what the reward would be as the member types. Works
 * without JavaScript (a plain multipart post); the server checks everything again.
 */
export function FeedbackForm({
  lastResult,
  error,
}: {
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
}) {
  const t = useT();
  const [form, fields] = useSchemaForm(() => CONDUCT_SCHEMA().then((schema) => schema.feedbackSchema), {
    lastResult,
  });
  const all = fields as unknown as Record<"verdict" | "rating" | "content", SchemaField>;
  const [content, setContent] = useState(all.content.defaultValue ?? "");
  const [photoCount, setPhotoCount] = useState(0);
  const reward = feedbackReward(content, photoCount);
  const length = lengthOf(content.trim());
  const invalid = (field: SchemaField) => (field.errors?.length ? true : undefined);
  const described = (field: SchemaField, hint?: string) =>
    [hint, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-5" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="give" />
      <FormAlert error={error} />

      <fieldset className="space-y-2" aria-describedby={described(all.verdict)}>
        <legend className="text-sm font-semibold">{t("conduct.feedback.verdict")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {feedbackVerdictsGiven.map((verdict) => (
            <label key={verdict} className={choiceClass}>
              <input
                type="radio"
                name={all.verdict.name}
                value={verdict}
                defaultChecked={all.verdict.defaultValue === verdict}
                required
                aria-invalid={invalid(all.verdict)}
                className="sr-only"
              />
              {t(`conduct.verdict.${verdict}`)}
            </label>
          ))}
        </div>
        <FieldMessages field={all.verdict} />
      </fieldset>

      <fieldset className="space-y-2" aria-describedby={described(all.rating)}>
        <legend className="text-sm font-semibold">{t("conduct.feedback.rating")}</legend>
        <div className="grid grid-cols-5 gap-2">
          {[1, 2, 3, 4, 5].map((rating) => (
            <label key={rating} className={choiceClass}>
              <input
                type="radio"
                name={all.rating.name}
                value={rating}
                defaultChecked={all.rating.defaultValue === String(rating)}
                required
                aria-invalid={invalid(all.rating)}
                className="sr-only"
              />
              <Star aria-hidden className="size-4" />
              <span>{t("conduct.feedback.ratingValue", { rating })}</span>
            </label>
          ))}
        </div>
        <FieldMessages field={all.rating} />
      </fieldset>

      <div className="space-y-1">
        <label htmlFor={all.content.id} className="block text-sm font-semibold">
          {t("conduct.feedback.content")}
        </label>
        <textarea
          id={all.content.id}
          name={all.content.name}
          defaultValue={all.content.defaultValue}
          required
          maxLength={FEEDBACK_CONTENT_MAX}
          rows={5}
          onChange={(event) => setContent(event.target.value)}
          aria-invalid={invalid(all.content)}
          aria-describedby={described(all.content, `${all.content.id}-hint ${all.content.id}-counter`)}
          className="surface block w-full rounded-lg border border-subtle px-3 py-2 aria-[invalid]:border-rose-600"
        />
        <div className="flex justify-between gap-2 text-xs">
          <p id={`${all.content.id}-hint`} className="text-muted">
            {t("conduct.feedback.contentHint")}
          </p>
          <p id={`${all.content.id}-counter`} aria-live="polite" className="text-muted shrink-0 tabular-nums">
            {t("conduct.feedback.counter", { count: length, max: FEEDBACK_CONTENT_MAX })}
          </p>
        </div>
        <FieldMessages field={all.content} />
      </div>

      <div className="space-y-1">
        <label htmlFor="feedback-photos" className="block text-sm font-semibold">
          {t("conduct.feedback.photos", { max: FEEDBACK_PHOTOS_MAX })}
        </label>
        <input
          id="feedback-photos"
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          aria-describedby="feedback-photos-hint"
          onChange={(event) => setPhotoCount(event.target.files?.length ?? 0)}
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-subtle file:px-4 file:font-semibold"
        />
        <p id="feedback-photos-hint" className="text-muted text-xs">
          {t("conduct.feedback.photosHint")}
          {photoCount > 0 ? ` ${t("conduct.feedback.photosChosen", { count: photoCount })}` : null}
        </p>
      </div>

      <div role="status" className="rounded-lg border border-subtle surface-muted px-3 py-2 text-sm">
        <p className="font-semibold">
          {reward > 0
            ? t("conduct.feedback.rewardNow", { points: reward })
            : t("conduct.feedback.rewardNone")}
        </p>
        <p className="text-muted text-xs">{t("conduct.feedback.rewardRule")}</p>
        <p className="text-muted text-xs">
          {t("conduct.feedback.rewardCaps", { days: FEEDBACK_PAIR_DAYS, count: FEEDBACK_REWARDS_PER_DAY })}
        </p>
      </div>

      <SubmitButton>{t("conduct.feedback.submit")}</SubmitButton>
    </Form>
  );
}

/** Skips the feedback of the meeting, after asking. */
export function SkipFeedbackForm() {
  const t = useT();
  return (
    <Form method="post" className="text-center">
      <ConfirmButton
        name="intent"
        value="skip"
        className="text-muted min-h-11 px-4 text-sm font-semibold underline"
        confirm={{ title: t("conduct.feedback.skipConfirm"), action: t("conduct.feedback.skip") }}
      >
        {t("conduct.feedback.skip")}
      </ConfirmButton>
    </Form>
  );
}
