import type { MeetingStatus } from "#app/db/schema";
import { useT } from "#app/i18n/react";

const badgeStyles: Record<MeetingStatus, string> = {
  chatting: "bg-sky-700 text-white",
  reserved: "bg-emerald-700 text-white",
  cancelled: "bg-neutral-600 text-white",
  ended: "bg-neutral-800 text-white",
  expired: "bg-amber-800 text-white",
};

/** A meeting's state as a badge, in the words of the `meetingStatus` table. */
export function MeetingStatusBadge({ status }: { status: MeetingStatus }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-bold ${badgeStyles[status]}`}
      data-status={status}
    >
      {t(`meeting.status.${status}`)}
    </span>
  );
}
