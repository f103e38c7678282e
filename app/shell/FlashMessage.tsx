import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import CircleCheck from "lucide-react/icons/circle-check";
import X from "lucide-react/icons/x";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "#app/i18n/react";
import type { ShownFlash } from "#app/shell/flash";
import { TOAST_DURATION_MS } from "./toasts";

/**
 * The one-time message an action left for this page, as a toast. It is server-rendered inside a live region, so it
 * reaches readers without JavaScript too; with JavaScript it closes after a while (not while pointed at or focused),
 * from its button, or when the member moves on to another page.
 */
export function FlashMessage({ flash }: { flash: ShownFlash | null }) {
  const t = useT();
  const location = useLocation();
  const [shown, setShown] = useState(flash ? { flash, at: location.key } : null);
  const [closed, setClosed] = useState<string | null>(null);
  const [held, setHeld] = useState(false);
  // The root loader keeps its data over later navigations, and a later revalidation answers no flash: the message
  // belongs to the page it arrived with, for as long as it is shown.
  if (flash && shown?.flash.id !== flash.id) setShown({ flash, at: location.key });
  // Once the member has moved on, coming back does not show it again.
  else if (shown && shown.at !== location.key && closed !== shown.flash.id) setClosed(shown.flash.id);
  const current = shown && shown.at === location.key && closed !== shown.flash.id ? shown.flash : null;
  const id = current?.id;

  useEffect(() => {
    if (!id || held) return;
    const timer = window.setTimeout(() => setClosed(id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [id, held]);

  const error = current?.type === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 bottom-20 z-50 flex justify-center md:inset-x-auto md:right-6 md:bottom-6"
    >
      {current ? (
        <div
          role="status"
          data-flash={current.type}
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm font-semibold shadow-lg ${
            error
              ? "border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
              : "surface border-subtle"
          }`}
        >
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="flex-1">{t(current.key, current.params)}</p>
          <button
            type="button"
            onClick={() => setClosed(current.id)}
            aria-label={t("toast.close")}
            className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md hover:bg-black/5 dark:hover:bg-white/10"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
