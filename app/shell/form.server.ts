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
 * A form the schema refused: 400, with each field's messages (catalogue keys) and what was typed, so the form shows
 * them next to each field with the values kept. `hide` names fields never sent back (passwords). It has no `error`
 * (a service's refusal, see `withLastResult`).
 */
export function refusedSubmission(
  submission: Submission<unknown, string[], unknown>,
  hide: string[] = [],
): DataWithResponseInit<{ lastResult: SubmissionResult<string[]>; error?: undefined }> {
  return data({ lastResult: submission.reply({ hideFields: hide }) }, { status: 400 });
}

/** A refusal of the service (a domain error's answer) that also gives the form back what was typed. */
export function withLastResult<T extends object>(
  answer: DataWithResponseInit<T>,
  submission: Submission<unknown, string[], unknown>,
  hide: string[] = [],
): DataWithResponseInit<T & { lastResult: SubmissionResult<string[]> }> {
  return data(
    { ...answer.data, lastResult: submission.reply({ hideFields: hide }) },
    answer.init ?? undefined,
  );
}
