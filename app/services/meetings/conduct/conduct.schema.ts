import { z } from "zod";
import type { MessageKey } from "#app/i18n";
// Sets Zod up for the browser's Content-Security-Policy before any schema here is built.
import "#app/services/form-fields";

import { hasMeaningfulText } from "#app/services/content/meaningful-length";
import { FEEDBACK_CONTENT_MAX, feedbackVerdictsGiven, lengthOf, NO_SHOW_CONTENT_MAX } from "./conduct-rules";

export * from "./conduct-rules";

const issue = (message: MessageKey) => ({ error: message });

/** A required text (spaces and invisible characters alone do not count) of at most `max` characters, trimmed. */
const boundedText = (required: MessageKey, length: MessageKey, max: number) =>
  z
    .string(issue(required))
    .trim()
    .refine(hasMeaningfulText, issue(required))
    .refine((text) => lengthOf(text) <= max, issue(length));

/** The no-show report form (in the chat's plus controller). */
export const noShowSchema = z.object({
  content: boundedText(
    "conduct.error.no_show_content_required",
    "conduct.error.no_show_content_length",
    NO_SHOW_CONTENT_MAX,
  ),
});

/**
 * The feedback form (/meeting/feedback): smooth or problem, a rating of 1 to 5 and a text, all required. Photos
 * are files the action stores and counts; the service checks everything again.
 */
export const feedbackSchema = z.object({
  verdict: z.enum(feedbackVerdictsGiven, issue("conduct.error.feedback_verdict_invalid")),
  rating: z
    .string(issue("conduct.error.feedback_rating_invalid"))
    .regex(/^[1-5]$/, issue("conduct.error.feedback_rating_invalid"))
    .transform(Number),
  content: boundedText(
    "conduct.error.feedback_content_required",
    "conduct.error.feedback_content_length",
    FEEDBACK_CONTENT_MAX,
  ),
});

/** The feedback page's two buttons: give the feedback (the form above), or skip it. */
export const feedbackPageSchema = z.discriminatedUnion("intent", [
  feedbackSchema.extend({ intent: z.literal("give") }),
  z.object({ intent: z.literal("skip") }),
]);
