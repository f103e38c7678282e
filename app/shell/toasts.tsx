import { toast, Toaster as SonnerToaster } from "sonner";
import { useT } from "#app/i18n/react";

export const TOAST_DURATION_MS = 5000;
const ERROR_TOAST_DURATION_MS = 2000;

export function Toaster() {
  const t = useT();
  return (
    <SonnerToaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      closeButton
      containerAriaLabel={t("toast.close")}
      toastOptions={{ closeButtonAriaLabel: t("toast.close") }}
    />
  );
}

/** A failed read or write: the error message as title and "at {operation}" below, rose, 2 s. */
export function notifyError(title: string, description?: string) {
  toast.error(title, {
    description,
    duration: ERROR_TOAST_DURATION_MS,
    style: { background: "#fff1f2", color: "#881337", borderColor: "#fda4af" },
  });
}

export function notify(title: string, description?: string) {
  toast(title, { description });
}
