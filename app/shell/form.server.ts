import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { $ZodType, input, output } from "zod/v4/core";

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

/** A refusal of the service (a domain error's answer) that also gives the form back what was typed. */
export function withLastResult<T extends object>(
  answer: DataWithResponseInit<T>,
  submission: Submission<unknown, string[], unknown>,
  hide: string[] = [],
): DataWithResponseInit<T & { lastResult: SubmissionResult<string[]> }> {
  return data({ ...answer.data, lastResult: replyOf(submission, hide) }, answer.init ?? undefined);
}
