import { Eye, EyeOff } from "lucide-react";
import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { useNavigation } from "react-router";
import { useT } from "#app/i18n/react";
import type { FormError } from "#app/shell/auth.server";

/**
 * A labelled input with its hint. A password field gets a toggle that shows what was typed; it needs JavaScript, so
 * it appears only once the page is interactive.
 */
export function Field({
  label,
  hint,
  error,
  type,
  ...input
}: { label: string; hint?: string; error?: boolean } & ComponentProps<"input">) {
  const id = useId();
  const t = useT();
  const interactive = useHydrated();
  const [shown, setShown] = useState(false);
  const toggles = type === "password" && interactive;
  const field = (
    <input
      id={id}
      type={toggles && shown ? "text" : type}
      aria-invalid={error || undefined}
      aria-describedby={hint ? `${id}-hint` : undefined}
      className={`surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600 ${toggles ? "pr-12" : ""}`}
      {...input}
    />
  );
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {/* A password field keeps one structure before and after the page hydrates, so what was typed early stays. */}
      {type === "password" ? (
        <div className="relative">
          {field}
          {toggles ? (
            <button
              type="button"
              aria-label={t("auth.signIn.showPassword")}
              aria-pressed={shown}
              aria-controls={id}
              onClick={() => setShown((value) => !value)}
              className="text-muted absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg"
            >
              {shown ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
            </button>
          ) : null}
        </div>
      ) : (
        field
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The error of the last submit, announced to screen readers. */
export function FormAlert({ error }: { error?: FormError }) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900"
    >
      <p data-error-code={error.code}>{error.message}</p>
      {error.reasons?.length ? (
        <ul className="mt-1 list-disc pl-5">
          {error.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-subtle surface-muted px-3 py-2 text-sm">
      {children}
    </p>
  );
}

/** Disabled while its form is being submitted, so a double click does not submit twice. */
export function SubmitButton({
  children,
  name,
  value,
  variant = "primary",
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const styles = {
    primary: "bg-primary text-white hover:bg-primary-strong",
    secondary: "border border-subtle surface",
    danger: "bg-rose-700 text-white hover:bg-rose-800",
  }[variant];
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      aria-busy={busy || undefined}
      className={`inline-flex min-h-11 w-full items-center justify-center rounded-lg px-4 font-semibold disabled:opacity-60 ${styles}`}
    >
      {children}
    </button>
  );
}
