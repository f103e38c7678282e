import { useId, type ReactNode } from "react";
import { Form, useActionData } from "react-router";
import { dialogButtonClass } from "#app/components/ui/Dialog";
import type { FormError } from "#app/shell/auth.server";

/** What the page's action answered to a room's form: done (with its notice) or refused, with what was typed. */
export interface ActionAnswer {
  intent?: string;
  ok?: true;
  notice?: string;
  error?: FormError;
  values?: Record<string, string>;
}

export const inputClass = "surface min-h-11 w-full rounded-lg border border-subtle px-3";
export const primaryButton = `${dialogButtonClass} bg-primary text-white`;
export const dangerButton = `${dialogButtonClass} bg-rose-700 text-white`;

/** The action's refusal of the form of `intent`, and what was typed in it (nothing for another form's answer). */
export function useAnswer(intent: string) {
  const answer = useActionData<ActionAnswer>();
  const mine = answer?.values?.intent === intent;
  return { error: mine ? answer?.error : undefined, values: mine ? (answer?.values ?? {}) : {} };
}

/** One of the controls, titled. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-2 border-t border-subtle pt-3 first:border-t-0 first:pt-0"
    >
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A control's form: posted to the room's page with its intent. */
export function ActionForm({
  intent,
  actionPath,
  children,
}: {
  intent: string;
  actionPath: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={actionPath} className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
