import type { MotorcycleReportStatus } from "#app/db/schema";
import { useT } from "#app/i18n/react";

const tones: Record<MotorcycleReportStatus, string> = {
  submitted: "bg-amber-100 text-amber-900",
  accepted: "bg-emerald-100 text-emerald-900",
  rejected: "bg-rose-100 text-rose-900",
};

/** Where a missing-model report stands, as a small coloured label. */
export function ReportStatusBadge({ status }: { status: MotorcycleReportStatus }) {
  const t = useT();
  return (
    <span className={`rounded px-1.5 text-xs font-semibold ${tones[status]}`}>
      {t(`modelReport.report.status.${status}`)}
    </span>
  );
}
