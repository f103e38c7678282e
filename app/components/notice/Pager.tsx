import { LocalLink, useT } from "#app/i18n/react";

/** Previous / next page links of a short list; `query` holds the other parameters to keep (the tab). */
export function Pager({
  path,
  query,
  page,
  hasNext,
}: {
  path: string;
  query: Record<string, string>;
  page: number;
  hasNext: boolean;
}) {
  const t = useT();
  if (page <= 1 && !hasNext) return null;
  const href = (target: number) => `${path}?${new URLSearchParams({ ...query, page: String(target) })}`;
  const link = "inline-flex min-h-11 items-center rounded-lg border border-subtle px-4 text-sm font-semibold";
  return (
    <nav aria-label={t("notice.pager.label")} className="flex items-center justify-center gap-3">
      {page > 1 ? (
        <LocalLink to={href(page - 1)} className={link}>
          {t("notice.pager.previous")}
        </LocalLink>
      ) : null}
      <span className="text-muted text-sm" aria-current="page">
        {t("notice.pager.current", { page })}
      </span>
      {hasNext ? (
        <LocalLink to={href(page + 1)} className={link}>
          {t("notice.pager.next")}
        </LocalLink>
      ) : null}
    </nav>
  );
}
