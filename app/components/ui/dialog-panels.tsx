import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as RadixDialog from "@radix-ui/react-dialog";
import X from "lucide-react/icons/x";
import { useRef, type RefObject } from "react";
import { useT } from "#app/i18n/react";
import { dialogButtonClass, type ConfirmDialogProps, type DialogProps } from "./Dialog";

/*
 * The dialogs' panels, on Radix primitives: focus moves into the dialog and stays there, Escape closes it and focus
 * goes back to where it was, and the dialog is named by its title. Loaded the first time a dialog opens (Dialog.tsx).
 */

const overlayClass = "fixed inset-0 z-[60] bg-black/40";
const panelClass =
  "surface fixed top-1/2 left-1/2 z-[61] max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-3 overflow-y-auto rounded-xl border border-subtle p-5 shadow-xl focus:outline-none";
const sheetClass =
  "surface fixed inset-x-0 bottom-0 z-[61] max-h-[85dvh] space-y-3 overflow-y-auto rounded-t-2xl border border-subtle p-5 shadow-xl focus:outline-none md:inset-x-auto md:top-1/2 md:bottom-auto md:left-1/2 md:w-[min(32rem,calc(100vw-2rem))] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-xl";
const tones = {
  danger: "bg-rose-700 text-white hover:bg-rose-800",
  primary: "bg-primary text-white hover:bg-primary-strong",
} as const;

/**
 * Focus goes back to `target`, else to whatever had it when the dialog opened (Radix returns it only to its own
 * trigger, and these dialogs are opened from buttons that also do other things).
 */
function useReturnFocus(target: RefObject<HTMLElement | null> | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = target?.current ?? opener.current;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}

export function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  returnFocus,
  sheet = false,
  children,
}: DialogProps) {
  const t = useT();
  const focus = useReturnFocus(returnFocus);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          className={sheet ? sheetClass : panelClass}
          {...focus}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          {sheet ? (
            <div className="flex items-center justify-between gap-2">
              <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
              <RadixDialog.Close className="inline-flex size-10 items-center justify-center rounded-full hover:bg-[var(--surface-muted)]">
                <X aria-hidden className="size-5" />
                <span className="sr-only">{t("dialog.close")}</span>
              </RadixDialog.Close>
            </div>
          ) : (
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
          )}
          {description ? (
            <RadixDialog.Description className="text-muted text-sm">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function ConfirmPanel({
  open,
  onOpenChange,
  onConfirm,
  returnFocus,
  text,
  cancel,
}: ConfirmDialogProps) {
  const t = useT();
  const focus = useReturnFocus(returnFocus);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content
          className={panelClass}
          {...focus}
          {...(text.description ? {} : { "aria-describedby": undefined })}
        >
          <AlertDialog.Title className="text-lg font-bold">{text.title}</AlertDialog.Title>
          {text.description ? (
            <AlertDialog.Description className="text-muted text-sm">
              {text.description}
            </AlertDialog.Description>
          ) : null}
          <div className="flex justify-end gap-2 pt-2">
            <AlertDialog.Cancel className={`${dialogButtonClass} border border-subtle`}>
              {cancel ?? t("dialog.cancel")}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={`${dialogButtonClass} ${tones[text.tone ?? "danger"]}`}
              onClick={onConfirm}
            >
              {text.action}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
