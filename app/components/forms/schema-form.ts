import { parse, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { $ZodType, input, output } from "zod/v4/core";
import { loadParser, useLoadedAfterHydration } from "./schema-check";

/**
 * A form checked in the browser by the same schema its action parses (ADR 026): on submit, before anything is sent
 * (and then again on every input), each field's messages appear next to it and focus moves to the first invalid
 * field. A refusal of the server (`lastResult`, the action's `submission.reply()`) shows the same way, with what was
 * typed kept. Without JavaScript the form posts as it is and the server's answer does the same.
 *
 * The schema is given as a loader (`() => import("…schema").then((module) => module.schema)`), so that it and Zod
 * load after the page is interactive; a submit before they have is held until they have.
 */
export function useSchemaForm<Schema extends $ZodType>(
  loadSchema: () => Promise<Schema>,
  options: {
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<input<Schema>>;
  } = {},
) {
  type Fields = input<Schema> & Record<string, unknown>;
  const checks = useLoadedAfterHydration(() => Promise.all([loadSchema(), loadParser()]));
  return useForm<Fields, output<Schema>>({
    lastResult: options.lastResult,
    // The same values: Fields only adds the index signature the field list is read through.
    defaultValue: options.defaultValue as DefaultValue<Fields>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const loaded = checks.get();
      if (loaded) {
        const [schema, parseWithZod] = loaded;
        return parseWithZod(formData, { schema });
      }
      // Not loaded (yet). A submit is held below (or, if loading failed, sent for the server to check): no verdict.
      // A re-check while typing (an intent) finds nothing to say, and is not sent to the server either.
      return parse<output<Schema>, string[]>(formData, {
        resolve: (_payload, intent) => ({ error: intent ? {} : null }),
      });
    },
    onSubmit: (event) => {
      checks.hold(event);
    },
  });
}
