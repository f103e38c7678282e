import { useState, type ReactNode } from "react";
import { useT } from "#app/i18n/react";

/**
 * Content of a member the viewer has hidden: a notice with a button that reveals this one item only. Unhiding the
 * member takes effect on the next page, so what is blinded here stays blinded until the viewer leaves. `actions`
 * adds controls to the notice (the post page offers "unblind" there); `comment` says that what is hidden is a
 * comment rather than a post.
 */
export function Blinded({
  blinded,
  children,
  actions,
  comment = false,
}: {
  blinded: boolean;
  children: ReactNode;
  actions?: ReactNode;
  comment?: boolean;
}) {
  const t = useT();
  const [revealed, setRevealed] = useState(false);
  if (!blinded || revealed) return <>{children}</>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      <span>{t(comment ? "blinded.comment" : "blinded.post")}</span>
      <span className="flex items-center gap-3">
        {actions}
        <button type="button" className="min-h-9 font-semibold underline" onClick={() => setRevealed(true)}>
          {t("blinded.reveal")}
        </button>
      </span>
    </div>
  );
}
