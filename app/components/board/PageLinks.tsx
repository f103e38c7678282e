import { LocalLink, useT } from "#app/i18n/react";

/** Keyset pages: a link to the next page when there is one, and back to the first from a later page. */
export function PageLinks({
  path,
  next,
  later,
  nextLabel,
  firstLabel,
}: {
  path: string;
  next: string | null;
  later: boolean;
  nextLabel: string;
  firstLabel: string;
}) {
  const t = useT();
  if (!next && !later) return null;
  return (
    <nav aria-label={t("comment.pages")} className="flex justify-between gap-3 text-sm font-semibold">
      {later ? (
        <LocalLink to={path} className="min-h-10 rounded-lg border border-subtle px-4 py-2">
          {firstLabel}
        </LocalLink>
      ) : (
        <span />
      )}
      {next ? (
        <LocalLink
          to={`${path}?cursor=${encodeURIComponent(next)}`}
          className="min-h-10 rounded-lg border border-subtle px-4 py-2"
        >
          {nextLabel}
        </LocalLink>
      ) : null}
    </nav>
  );
}
