import { useT } from "#app/i18n/react";

/** A theft report's frame number as everybody reads it: its last four characters only. */
export function ReportFrameNumber({ tail }: { tail: string | null | undefined }) {
  const t = useT();
  if (!tail) return null;
  return (
    <p className="text-sm font-semibold" data-frame-number-tail={tail}>
      {t("theft.report.tail", { tail })}
    </p>
  );
}
