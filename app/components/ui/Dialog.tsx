import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useRef, useState, type ButtonHTMLAttributes, type ReactNode, type RefObject } from "react";
import { useT } from "#app/i18n/react";

/*
 * The product's dialogs, on Radix primitives: focus moves into the dialog and stays there, Escape closes it and
 * focus goes back to where it was, and the dialog is named by its title.
 */

const overlayClass = "fixed inset-0 z-[60] bg-black/40";
const panelClass =
  "surface fixed top-1/2 left-1/2 z-[61] max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-3 overflow-y-auto rounded-xl border border-subtle p-5 shadow-xl focus:outline-none";
export const dialogButtonClass =
  "inline-flex min-h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold disabled:opacity-50";
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

/** A modal dialog with a title and any content (a form, say). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const focus = useReturnFocus(returnFocus);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          className={panelClass}
          {...focus}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="text-muted text-sm">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmText {
  /** The question, as the dialog's title. */
  title: string;
  description?: string;
  /** The button that goes ahead, named after what it does ("삭제", "숨기기"). */
  action: string;
  tone?: keyof typeof tones;
}

/**
 * Asks before something that cannot simply be taken back. Focus starts on "cancel"; Escape or cancel answers no.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  returnFocus,
  text,
  cancel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  text: ConfirmText;
  /** The label of the button that answers no; "취소" unless told. */
  cancel?: string;
}) {
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

/**
 * A form's submit button that asks first. Without JavaScript it submits at once (the server still checks
 * everything); with it, the form is sent only after "yes", with this button as the submitter (its name and value).
 */
export function ConfirmButton({
  confirm,
  children,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "onClick"> & { confirm: ConfirmText }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        {...button}
        ref={ref}
        type="submit"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        returnFocus={ref}
        text={confirm}
        onConfirm={() => {
          const submitter = ref.current;
          submitter?.form?.requestSubmit(submitter);
        }}
      />
    </>
  );
}
