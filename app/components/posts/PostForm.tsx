import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, isRouteErrorResponse, useNavigate } from "react-router";
import { useLeaveGuard } from "#app/components/editor/leave-guard";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { LocalLink, useT } from "#app/i18n/react";

/**
 * The parts that the board's write form and the market's share: the board or kind picker and its categories, a
 * field's error, the guard against leaving or sending twice, the cancel and submit buttons, and the page of a
 * refused edit. Labels are passed in translated, each form in its own words.
 */

export const fieldClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

/**
 * The service's refusals of a post's title and content, the board's and the market's alike, by the field each shows
 * next to.
 */
export const titleAndContentOfError = {
  title_required: "title",
  title_length: "title",
  content_required: "content",
  content_length: "content",
  content_too_large: "content",
  content_too_deep: "content",
  too_many_images: "content",
  youtube_already_registered: "content",
} as const;

/** A field's refusal, announced; `id` is what the field's `aria-describedby` names. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {message}
    </p>
  );
}

/**
 * The board or kind a post goes to (`name="kind"`). With `reloadsOnChoice`, once the page is interactive a choice
 * loads that kind's form at once (`?kind=`); otherwise, and without JavaScript, a button sends the form as a step
 * (`intent`) that answers with the kind's categories and saves nothing. `children` follow the error.
 */
export function KindPicker({
  id,
  label,
  placeholder,
  changeLabel,
  intent,
  kinds,
  value,
  error,
  reloadsOnChoice,
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
  changeLabel: string;
  intent: string;
  kinds: { value: string; label: string }[];
  value: string | null;
  error?: string;
  reloadsOnChoice: boolean;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const reloads = useHydrated() && reloadsOnChoice;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={id}
          name="kind"
          defaultValue={value ?? ""}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            if (!reloads) return;
            const next = event.target.value;
            navigate(next ? `?kind=${encodeURIComponent(next)}` : "?", {
              replace: true,
              preventScrollReset: true,
            });
          }}
          className={`${fieldClass} flex-1`}
        >
          <option value="">{placeholder}</option>
          {kinds.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </select>
        {reloads ? null : (
          <button
            type="submit"
            name="intent"
            value={intent}
            className="min-h-11 rounded-lg border border-subtle px-3 text-sm font-semibold"
          >
            {changeLabel}
          </button>
        )}
      </div>
      <FieldError id={errorId} message={error} />
      {children}
    </div>
  );
}

/** The chosen kind's categories (`name="categoryId"`), offered once a kind is chosen. */
export function CategoryPicker({
  id,
  kind,
  label,
  placeholder,
  categories,
  value,
  error,
}: {
  id: string;
  kind: string | null;
  label: string;
  placeholder: string;
  categories: { id: number; name: string }[];
  value: string;
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        key={kind ?? ""}
        id={id}
        name="categoryId"
        defaultValue={value}
        required
        disabled={!kind}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${fieldClass} disabled:opacity-60`}
      >
        <option value="">{placeholder}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * Guards a write form: leaving it with unsaved changes asks first (the dialog in `leaveGuard`, which `WriteFormFrame`
 * renders), and a second send while the first is under way is held back. A step button (`intent`) does not count as
 * saving. `refusal` is the action's last refusal: after one, leaving asks again. `markDirty` is for an editor whose
 * edits the form's own input events do not see.
 */
export function useWriteGuard(busy: boolean, refusal: unknown) {
  const [dirty, setDirty] = useState(false);
  const submitted = useRef(false);
  useEffect(() => {
    if (refusal) submitted.current = false;
  }, [refusal]);
  const leaveGuard = useLeaveGuard(dirty, submitted);
  const markDirty = useCallback(() => setDirty(true), []);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (event.defaultPrevented || submitter?.name === "intent") return;
    if (busy) {
      event.preventDefault();
      return;
    }
    submitted.current = true;
  }
  return { onSubmit, markDirty, leaveGuard };
}

/**
 * A write page: its title and the form, checked in the browser by the schema form (`form`, from `useSchemaForm`)
 * before the `guard` lets it go.
 */
export function WriteFormFrame({
  title,
  form,
  guard,
  children,
}: {
  title: string;
  form: { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  guard: ReturnType<typeof useWriteGuard>;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <Form
        method="post"
        id={form.id}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          form.onSubmit(event);
          guard.onSubmit(event);
        }}
        onInput={guard.markDirty}
        onChange={guard.markDirty}
      >
        {children}
      </Form>
      {guard.leaveGuard}
    </section>
  );
}

/** Cancel (back to `cancelTo`) and send, the send disabled while it is under way. */
export function WriteActions({
  cancelTo,
  cancelLabel,
  submitLabel,
  busy,
}: {
  cancelTo: string;
  cancelLabel: string;
  submitLabel: string;
  busy: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <LocalLink
        to={cancelTo}
        className="inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
      >
        {cancelLabel}
      </LocalLink>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-6 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
      >
        {busy ? t("editor.submitting") : submitLabel}
      </button>
    </div>
  );
}

/** A refused edit (not the author, a deleted post) explained in the page, with a way back to the boards. */
export function WriteRefusal({ error }: { error: unknown }) {
  const t = useT();
  if (!isRouteErrorResponse(error) || (error.status !== 403 && error.status !== 404)) throw error;
  const message = error.statusText || String(error.data);
  return (
    <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
      <title>{`${message} | ${t("app.name")}`}</title>
      <h1 className="text-2xl font-extrabold">{message}</h1>
      <LocalLink
        to="/board/total"
        className="inline-flex min-h-11 items-center rounded-full bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
      >
        {t("editor.backToBoards")}
      </LocalLink>
    </section>
  );
}
