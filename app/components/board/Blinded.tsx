import { useState, type ReactNode } from "react";
import { useT } from "#app/i18n/react";

/**
 * Content of a member the viewer has hidden: a notice with a button that reveals this one item only. Unhiding the
 * member takes effect on the next page, so what is blinded here stays blinded until the viewer leaves.
 */
export function Blinded({ blinded, children }: { blinded: boolean; children: ReactNode }) {
  const t = useT();
  const [revealed, setRevealed] = useState(false);
  if (!blinded || revealed) return <>{children}</>;
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-zinc-100 px-3 py-2 text-sm text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
      <span>{t("board.blinded")}</span>
      <button type="button" className="font-semibold underline" onClick={() => setRevealed(true)}>
        {t("board.reveal")}
      </button>
    </div>
  );
}
