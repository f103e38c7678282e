import { useEffect, useRef, type RefObject } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "#app/components/ui/Dialog";
import { useT } from "#app/i18n/react";

/**
 * Leaving a write form with unsaved changes asks first: inside the app through the router (the dialog this answers),
 * elsewhere through the browser. `submitted` is set by the form when it sends, so saving never asks.
 */
export function useLeaveGuard(dirty: boolean, submitted: RefObject<boolean>) {
  const t = useT();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !submitted.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // Set once the member chose to leave, so the dialog closing after "leave" does not also stay.
  const leaving = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (submitted.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, submitted]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && !leaving.current && blocker.state === "blocked") blocker.reset();
      }}
      onConfirm={() => {
        if (blocker.state !== "blocked") return;
        leaving.current = true;
        blocker.proceed();
      }}
      text={{ title: t("editor.leaveConfirm"), action: t("dialog.leave") }}
      cancel={t("dialog.stay")}
    />
  );
}
