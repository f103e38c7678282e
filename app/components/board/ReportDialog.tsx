import { useEffect, useId, useRef, useState } from "react";
import { notify } from "#app/components/shell/toasts";
import { useLanguage, useT } from "#app/i18n/react";
import { REPORT_REASON_MAX } from "#app/services/board/kinds";
import { callInteraction, InteractionFailure } from "./interaction-api";

/**
 * The report form of an article or a comment in a modal dialog: a required reason with a character counter. A
 * refusal (already reported, too long …) is shown in the dialog and what was typed stays.
 */
export function ReportDialog({
  open,
  heading,
  endpoint,
  onClose,
}: {
  open: boolean;
  heading: string;
  /** The report endpoint under /api, e.g. /board/articles/3/report. */
  endpoint: string;
  onClose: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await callInteraction("POST", endpoint, language, t("comment.error.save_failed"), { reason });
      notify(t("comment.reportDone"));
      setReason("");
      onClose();
    } catch (failure) {
      setError(failure instanceof InteractionFailure ? failure.message : t("comment.error.save_failed"));
    } finally {
      setPending(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="surface m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-subtle p-5 text-inherit backdrop:bg-black/40"
    >
      <form onSubmit={submit} className="space-y-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {heading}
        </h2>
        <p className="text-muted text-sm">{t("comment.reportHelp")}</p>
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
          {t("comment.reportReason")}
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          required
          rows={4}
          maxLength={REPORT_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={`${id}-count`}
          aria-invalid={error ? true : undefined}
          className="surface block w-full rounded-lg border border-subtle px-3 py-2"
        />
        <p id={`${id}-count`} className="text-muted text-right text-xs">
          {t("comment.counter", { count: [...reason].length, max: REPORT_REASON_MAX })}
        </p>
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900"
          >
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="min-h-10 rounded-lg border border-subtle px-4 text-sm font-semibold"
          >
            {t("comment.cancel")}
          </button>
          <button
            type="submit"
            disabled={pending || !reason.trim()}
            className="min-h-10 rounded-lg bg-rose-700 px-4 text-sm font-semibold text-white disabled:opacity-50"
          >
            {t("comment.reportSubmit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
