import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { $ZodDiscriminatedUnion, $ZodType, input, output } from "zod/v4/core";
import { messageKeyOr, translate, type Language } from "#app/i18n";

/**
 * A page form parsed by its schema (ADR 026), the one the browser checked before sending it. Read the body with
 * `readForm` first (a malformed body is a 400 of its own).
 */
export function parseSubmission<Schema extends $ZodType>(
  form: FormData | URLSearchParams,
  schema: Schema,
): Submission<input<Schema>, string[], output<Schema>> {
  return parseWithZod(form, { schema });
}

/**
 * The one answer to a form whose intent the action does not have (a missing, stale or forged button): 400 with
 * "invalid access" in the page's language, the body a refusal of the service has, so the page shows it the same way.
 */
export function unknownIntent(language: Language) {
  const values: Record<string, string> = {};
  return data(
    { error: { code: "invalid_access", message: translate(language, "error.invalidAccess") }, values },
    { status: 400 },
  );
}

/** A form of several buttons: one schema, a `z.discriminatedUnion("intent", […])`. */
type IntentSchema = $ZodDiscriminatedUnion & { _zod: { propValues: { intent?: Set<unknown> } } };

/**
 * A form of several buttons parsed once by its union on `intent` (ADR 026). An intent the union does not name is
 * `refusal` (`unknownIntent`) before any field is read; otherwise `submission` is the union's parse, its value typed
 * by the intent.
 */
export function parseIntentSubmission<Schema extends IntentSchema>(
  form: FormData,
  schema: Schema,
  language: Language,
):
  | { refusal: ReturnType<typeof unknownIntent>; submission?: undefined }
  | { refusal?: undefined; submission: Submission<input<Schema>, string[], output<Schema>> } {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !schema._zod.propValues.intent?.has(intent))
    return { refusal: unknownIntent(language) };
  return { submission: parseSubmission(form, schema) };
}

/**
 * A form the schema refused, for a page that shows one message above its buttons rather than one beside each field:
 * 400 with the first refused field's message in the page's language ("invalid access" for a field no person types,
 * such as a hidden id), the body a refusal of the service has. Only the `values` named come back (never a password).
 */
export function refusedForm(
  language: Language,
  submission: Submission<unknown, string[], unknown>,
  values: Record<string, string> = {},
) {
  const refused = submission.status === "error" ? Object.values(submission.error ?? {}) : [];
  const first = refused.flatMap((messages) => messages ?? [])[0] ?? "";
  const message = translate(language, messageKeyOr(first, "error.invalidAccess"));
  return data(
    {
      error: { code: "invalid_form", message },
      values: Object.fromEntries(Object.entries(values).map(([name, text]) => [name, echoText(text)])),
    },
    { status: 400 },
  );
}

/**
 * The most of one text a refused form gets back: the longest plain-text field of any form (an inquiry's answer,
 * 4,000 characters). A longer value was refused for its length anyway; the form keeps its beginning, never the
 * megabytes that were sent (ADR 051). Rich text goes back its own way (the write forms hide it here).
 */
export const ECHO_MAX_CHARS = 4_000;

/** `text` as a refused form shows it again: at most ECHO_MAX_CHARS characters. */
export function echoText(text: string): string {
  // A string's length counts UTF-16 units, at least one per character: a shorter one needs no counting.
  if (text.length <= ECHO_MAX_CHARS) return text;
  return [...text.slice(0, 2 * ECHO_MAX_CHARS)].slice(0, ECHO_MAX_CHARS).join("");
}

/** What was typed, each text within ECHO_MAX_CHARS, lists and groups of fields alike. */
function echoed(value: unknown): unknown {
  if (typeof value === "string") return echoText(value);
  if (Array.isArray(value)) return value.map(echoed);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, echoed(inner)]));
  return value;
}

/** The form's state for the browser after a refusal: its messages, and what was typed within bounds. */
function replyOf(
  submission: Submission<unknown, string[], unknown>,
  hide: string[],
): SubmissionResult<string[]> {
  const result = submission.reply({ hideFields: hide });
  if (!result.initialValue) return result;
  return { ...result, initialValue: echoed(result.initialValue) as typeof result.initialValue };
}

/**
 * A form the schema refused: 400, with each field's messages (catalogue keys) and what was typed, so the form shows
 * them next to each field with the values kept. `hide` names fields never sent back (passwords). It has no `error`
 * (a service's refusal, see `withLastResult`).
 */
export function refusedSubmission(
  submission: Submission<unknown, string[], unknown>,
  hide: string[] = [],
): DataWithResponseInit<{ lastResult: SubmissionResult<string[]>; error?: undefined }> {
  return data({ lastResult: replyOf(submission, hide) }, { status: 400 });
}

/** What was typed in the named fields, as sent (texts only, each within the echo's bound), to give back with a refusal. */
export function typedTexts(
  submission: Submission<unknown, string[], unknown>,
  names: ReadonlySet<string>,
): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [name, value] of Object.entries(submission.payload))
    if (names.has(name) && typeof value === "string") typed[name] = echoText(value);
  return typed;
}

/** A refusal of the service (a domain error's answer) that also gives the form back what was typed. */
export function withLastResult<T extends object>(
  answer: DataWithResponseInit<T>,
  submission: Submission<unknown, string[], unknown>,
  hide: string[] = [],
): DataWithResponseInit<T & { lastResult: SubmissionResult<string[]> }> {
  return data({ ...answer.data, lastResult: replyOf(submission, hide) }, answer.init ?? undefined);
}
