import { useEffect, useState, useSyncExternalStore } from "react";
import type * as SonnerModule from "sonner";
import { useT } from "#app/i18n/react";

export const TOAST_DURATION_MS = 5000;
const ERROR_TOAST_DURATION_MS = 2000;

type Sonner = typeof SonnerModule;

// The toast library is loaded with the first toast, not with the page (ADR 032): most visits show none.
let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    wanted = true;
    for (const listener of listeners) listener();
  }
  return sonner;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Where toasts appear: nothing until the first toast asks for the library, then its toaster, which also shows the
 * toasts raised while it was loading.
 */
export function Toaster() {
  const t = useT();
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  const [library, setLibrary] = useState<Sonner | null>(null);
  useEffect(() => {
    if (needed) void loadSonner().then(setLibrary);
  }, [needed]);
  if (!library) return null;
  return (
    <library.Toaster
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
  void loadSonner().then(({ toast }) =>
    toast.error(title, {
      description,
      duration: ERROR_TOAST_DURATION_MS,
      style: { background: "#fff1f2", color: "#881337", borderColor: "#fda4af" },
    }),
  );
}

export function notify(title: string, description?: string) {
  void loadSonner().then(({ toast }) => toast(title, { description }));
}
