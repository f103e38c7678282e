import { useId, useState, type RefObject } from "react";
import { notify } from "#app/shell/toasts";
import { Dialog, dialogButtonClass } from "#app/components/ui/Dialog";
import { useLanguage, useT } from "#app/i18n/react";
import { REPORT_REASON_MAX } from "#app/services/board/kinds";
import { callInteraction, InteractionFailure } from "./interaction-api";

/**
 * The report form of an article, a comment or a member in a modal dialog: a required reason with a character
 * counter. A refusal (already reported, too long …) is shown in the dialog and what was typed stays.
 */
export function ReportDialog({
  open,
  heading,
  endpoint,
  onClose,
  help,
  returnFocus,
}: {
  open: boolean;
  heading: string;
  /** The report endpoint under /api, e.g. /board/articles/3/report. */
  endpoint: string;
  onClose: () => void;
  /** What the dialog says the report is for; the board's wording unless told. */
  help?: string;
  /** Where focus goes when the dialog closes; where it was before, unless told. */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={heading}
      description={help ?? t("comment.reportHelp")}
      returnFocus={returnFocus}
    >
      <form onSubmit={submit} className="space-y-3">
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
          <button type="button" onClick={onClose} className={`${dialogButtonClass} border border-subtle`}>
            {t("comment.cancel")}
          </button>
          <button
            type="submit"
            disabled={pending || !reason.trim()}
            className={`${dialogButtonClass} bg-rose-700 text-white hover:bg-rose-800`}
          >
            {t("comment.reportSubmit")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
