import ClipboardCheck from "lucide-react/icons/clipboard-check";
import { LocalLink, useT } from "#app/i18n/react";
import type { MeetingInspection } from "#app/services/inspection/inspections.server";

/**
 * Above a meeting's chat that is an inspection of a listing: the way to its page, where the expert writes the report
 * (while they may) and both sides follow the seller's answer.
 */
export function ChatInspectionBar({ inspection }: { inspection: MeetingInspection }) {
  const t = useT();
  const writing = inspection.writer && inspection.status === "agreed";
  return (
    <div className="surface-muted flex shrink-0 flex-wrap items-center justify-between gap-2 border-b border-subtle px-3 py-2 text-sm">
      <span className="font-semibold">{t(`inspection.status.${inspection.status}`)}</span>
      <LocalLink
        to={inspection.path}
        className={
          writing
            ? "inline-flex min-h-10 items-center gap-1 rounded-lg bg-primary px-3 font-semibold text-white"
            : "text-link inline-flex min-h-10 items-center gap-1 font-semibold underline"
        }
      >
        <ClipboardCheck aria-hidden className="size-4" />
        {writing ? t("inspection.chat.write") : t("inspection.chat.open")}
      </LocalLink>
    </div>
  );
}
