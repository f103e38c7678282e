import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import type { ReviewRatingItem, ReviewTag } from "#app/db/schema";
import {
  isReviewTag,
  ratingField,
  ratingItems as reviewRatingItems,
  REVIEW_IMAGES_MAX,
  REVIEW_IMAGES_MIN,
  REVIEW_TAGS_MAX,
  REVIEW_TEXT_MAX,
  textField,
} from "./items";
import { hasMeaningfulText } from "../content/meaningful-length";
import { checkbox, idText, optionalText } from "../form-fields";

const issue = (message: MessageKey) => ({ error: message });

/** A text of at most `max` characters (counted as the reader sees them), trimmed. */
const limitedText = (max: number, message: MessageKey) =>
  optionalText.transform((text) => text.trim()).refine((text) => [...text].length <= max, issue(message));

/** A rating as the form sends it: one of "1" … "10". */
const rating = z
  .string(issue("review.error.rating_invalid"))
  .trim()
  .regex(/^(?:[1-9]|10)$/, issue("review.error.rating_invalid"))
  .transform(Number);

/** Whether a form value is a chosen file (an empty file input sends an empty one, or nothing). */
function isChosenFile(value: unknown): boolean {
  return typeof value === "object" && value !== null && "size" in value && (value as Blob).size > 0;
}

const list = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), item])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const ratingShape = Object.fromEntries(reviewRatingItems.map((item) => [ratingField(item), rating])) as {
  [K in ReviewRatingItem as `rating_${K}`]: typeof rating;
};
const textShape = Object.fromEntries(
  reviewRatingItems.map((item) => [
    textField(item),
    limitedText(REVIEW_TEXT_MAX, "review.error.text_length"),
  ]),
) as { [K in ReviewRatingItem as `text_${K}`]: ReturnType<typeof limitedText> };

/**
 * The review form (/review/motorcycle/write, new and edited, and its confirm step). The browser and both actions
 * parse with it; the service checks again what only it knows (the model year exists, the member has no other live
 * review of it, the 24-hour edit window) and that every image is one the server stored.
 *
 * Images arrive two ways: `photos`, files chosen in the form (stored at the confirm step), and `image`, signed
 * references to images already stored (carried by the confirm page, or the review's own when editing). Together
 * they count 1–4.
 */
export const reviewSchema = z
  .object({
    token: optionalText,
    id: optionalText,
    motorcycleId: z
      .string(issue("review.error.motorcycle_required"))
      .regex(/^[1-9]\d{0,8}$/, issue("review.error.motorcycle_required"))
      .transform(Number),
    ...ratingShape,
    ...textShape,
    disadvantage: z
      .string(issue("review.error.disadvantage_required"))
      .trim()
      .refine(hasMeaningfulText, issue("review.error.disadvantage_required"))
      .refine((text) => [...text].length <= REVIEW_TEXT_MAX, issue("review.error.disadvantage_length")),
    tags: list(z.string())
      .refine((tags) => tags.every(isReviewTag), issue("review.error.tags_invalid"))
      .transform((tags) => [...new Set(tags)] as ReviewTag[])
      .refine((tags) => tags.length <= REVIEW_TAGS_MAX, issue("review.error.tags_max")),
    ownerMeeting: checkbox,
    image: list(z.string()),
    photos: list(z.unknown()).transform((files) => files.filter(isChosenFile)),
  })
  .superRefine(
    (value, ctx) => {
      // Counted even while other fields are wrong, so that the form names every problem at once.
      const form = (value ?? {}) as Record<string, unknown>;
      const count = (name: string) => {
        const entry = form[name];
        const values = entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
        return name === "photos" ? values.filter(isChosenFile).length : values.length;
      };
      const images = count("image") + count("photos");
      if (images < REVIEW_IMAGES_MIN)
        ctx.addIssue({ code: "custom", path: ["photos"], message: "review.error.images_required" });
      if (images > REVIEW_IMAGES_MAX)
        ctx.addIssue({ code: "custom", path: ["photos"], message: "review.error.images_max" });
    },
    { when: () => true },
  );

export type ReviewFormValue = z.output<typeof reviewSchema>;

/** A review page's own buttons (its author's): delete it, or offer or stop offering a meeting with its owner. */
export const reviewPageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete") }),
  z.object({
    intent: z.literal("ownerMeeting"),
    ownerMeeting: z
      .enum(["on", "off"])
      .optional()
      .transform((choice) => choice === "on"),
  }),
  // The author's running costs from the service log (ADR 071).
  z.object({
    intent: z.literal("runningCosts"),
    runningCosts: z
      .enum(["on", "off"])
      .optional()
      .transform((choice) => choice === "on"),
  }),
]);

/**
 * The confirm page's steps, read before the review's own fields: preview (the default) or publish, the model year
 * reviewed and the review edited. An id that is not one names none.
 */
export const reviewStepForm = z.object({
  intent: z.enum(["preview", "publish"]).catch("preview"),
  motorcycleId: idText.nullable().catch(null),
  id: idText.nullable().catch(null),
});

/** The characteristics search's form: the tags ticked (the service keeps the known ones and counts them). */
export const tagSearchForm = z.object({
  tags: z
    .array(z.string())
    .optional()
    .transform((tags) => tags ?? []),
});
