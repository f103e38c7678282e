import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";
import { isMessageKey } from "#app/i18n";
import { useT } from "#app/i18n/react";

/**
 * A form checked in the browser by the same schema its action parses (ADR 026): on submit, before anything is sent
 * (and then again on every input), each field's messages appear next to it and focus moves to the first invalid
 * field. A refusal of the server (`lastResult`, the action's `submission.reply()`) shows the same way, with what was
 * typed kept. Without JavaScript the form posts as it is and the server's answer does the same.
 */
export function useSchemaForm<Schema extends $ZodType>(
  schema: Schema,
  options: { lastResult?: SubmissionResult<string[]> | null; defaultValue?: Partial<input<Schema>> } = {},
) {
  type Fields = input<Schema> & Record<string, unknown>;
  return useForm<Fields, output<Schema>>({
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The messages of a field or form, in the page's language (a schema's messages are catalogue keys). */
export function useMessages() {
  const t = useT();
  return (errors: readonly string[] | undefined): string[] =>
    (errors ?? []).map((error) => (isMessageKey(error) ? t(error) : error));
}
