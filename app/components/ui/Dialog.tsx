import {
  lazy,
  Suspense,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
  type RefObject,
} from "react";

/*
 * The product's dialogs. Their panels (dialog-panels.tsx, on Radix primitives) load the first time one opens, so
 * a page that never opens a dialog does not load them; once opened, a dialog stays mounted so that closing it can
 * hand focus back.
 */

export const dialogButtonClass =
  "inline-flex min-h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold disabled:opacity-50";

const DialogPanel = lazy(() => import("./dialog-panels").then((panels) => ({ default: panels.DialogPanel })));
const ConfirmPanel = lazy(() =>
  import("./dialog-panels").then((panels) => ({ default: panels.ConfirmPanel })),
);

/** True from the first time `open` is true on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  returnFocus?: RefObject<HTMLElement | null>;
  /** A sheet from the bottom of a phone's screen (centred from the medium width on), with a close button. */
  sheet?: boolean;
  children: ReactNode;
}

/** A modal dialog with a title and any content (a form, say). */
export function Dialog(props: DialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <DialogPanel {...props} />
    </Suspense>
  );
}

export interface ConfirmText {
  /** The question, as the dialog's title. */
  title: string;
  description?: string;
  /** The button that goes ahead, named after what it does ("삭제", "숨기기"). */
  action: string;
  tone?: "danger" | "primary";
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  text: ConfirmText;
  /** The label of the button that answers no; "취소" unless told. */
  cancel?: string;
}

/**
 * Asks before something that cannot simply be taken back. Focus starts on "cancel"; Escape or cancel answers no.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmPanel {...props} />
    </Suspense>
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
