import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import type { FormError } from "#app/shell/auth.server";

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
