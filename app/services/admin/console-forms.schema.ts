import { z } from "zod";
import { parseSeoulInput } from "#app/platform/seoul-calendar";
import { checkbox, countText, idText, optionalText } from "../form-fields";

/** The administration pages' small forms (ADR 026); the services check what they are asked to do. */

/** A failed job's retry button: the job. */
export const failedJobForm = z.object({ id: idText });

/** The payments console's reconciliation: the Seoul day as typed (the service checks it). */
export const reconcileForm = z.object({ day: optionalText.transform((day) => day.trim()) });

/** An inquiry's answer: the inquiry, and the text as typed (the service requires it and bounds it). */
export const inquiryAnswerForm = z.object({ id: idText, answer: optionalText });

/** A post report's decision: delete the post, resolve the report, or dismiss it (the default). */
export const reportDecisionForm = z.object({
  id: idText,
  decision: z.enum(["delete", "resolve", "dismiss"]).catch("dismiss"),
});

/**
 * A decision whose button's intent is the verdict (a no-show report, a chat message report): the service's own
 * vocabulary refuses one it does not know (`decision_invalid`), and an id that is not one names no report (null).
 */
export const verdictForm = z.object({ intent: optionalText, id: idText.nullable().catch(null) });

/**
 * The catalogue import: preview (the default) a chosen file or pasted text, or import the text the preview handed
 * back with its digest. The service reads and checks the text.
 */
export const catalogueImportForm = z.object({
  intent: z.enum(["preview", "import"]).catch("preview"),
  sourceUrl: optionalText.transform((url) => url.trim()),
  text: optionalText,
  previewed: optionalText,
  digest: optionalText,
  file: z.file().optional(),
});

const categoryNames = { nameKo: optionalText, nameEn: optionalText };
/** The count of posts the administrator confirmed; none (or not a count) until the page has asked. */
const confirmCount = countText.optional().catch(undefined);

/** The board categories' buttons: add one to a board, rename, delete or replace one (the last two confirmed). */
export const categoryFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), kind: optionalText, ...categoryNames }),
  z.object({ intent: z.literal("rename"), categoryId: idText, ...categoryNames }),
  z.object({ intent: z.literal("delete"), categoryId: idText, confirmCount }),
  z.object({ intent: z.literal("replace"), categoryId: idText, ...categoryNames, confirmCount }),
]);

/** The entry a save edits; none (or not an id) saves a new one. */
const entryId = idText.optional().catch(undefined);
/** The new entry's one-time token, so a double submit saves one entry (`submitOnce`); an edit needs none. */
const token = optionalText;
/** A moment as the page's date-time field writes it, in Seoul time; null when it is not one (the service asks). */
const seoulMoment = optionalText.transform((text) => parseSeoulInput(text));

/** The community console's forms: save or delete an announcement, a FAQ entry or an event. */
export const communityFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("announce.save"),
    id: entryId,
    token,
    tab: optionalText,
    title: optionalText,
    content: optionalText,
    pinned: checkbox,
  }),
  z.object({
    intent: z.literal("faq.save"),
    id: entryId,
    token,
    tab: optionalText,
    index: z
      .string({ error: "notice.error.index_invalid" })
      .trim()
      .regex(/^\d{1,4}$/, { error: "notice.error.index_invalid" })
      .transform(Number),
    questionKo: optionalText,
    answerKo: optionalText,
    questionEn: optionalText,
    answerEn: optionalText,
  }),
  z.object({
    intent: z.literal("event.save"),
    id: entryId,
    token,
    title: optionalText,
    summary: optionalText,
    content: optionalText,
    startsAt: seoulMoment,
    endsAt: seoulMoment,
  }),
  z.object({ intent: z.literal(["announce.delete", "faq.delete", "event.delete"]), id: idText }),
]);
