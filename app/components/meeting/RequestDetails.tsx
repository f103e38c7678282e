import type { Language } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { useLanguage, useT } from "#app/i18n/react";
import type { RequestDetail } from "#app/services/meetings/meeting/request-details";

/** A detail's value in the page's language. */
function valueOf(detail: RequestDetail, language: Language): string {
  switch (detail.type) {
    case "text":
      return detail.text;
    case "label":
      return detail.label[language];
    case "at":
      return formatDateTime(language, detail.at);
    case "number":
      return String(detail.number);
  }
}

/** The first answers of a request on one line ("PCX 125 · 엔진오일 교환"), for a closed summary. */
export function useRequestSummary(details: readonly RequestDetail[], count = 2): string {
  const language = useLanguage();
  return details
    .slice(0, count)
    .map((detail) => valueOf(detail, language))
    .join(" · ");
}

/** What the requester wrote, each answer under the request form's label for it. */
export function RequestDetails({
  details,
  label,
  compact = false,
}: {
  details: readonly RequestDetail[];
  /** What screen readers hear before the list; none where a heading or summary already says it. */
  label?: string;
  compact?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  // The label is read before the list (a description list cannot be named).
  return (
    <div>
      {label ? <p className="sr-only">{label}</p> : null}
      <dl
        className={`grid grid-cols-[auto_1fr] gap-x-3 ${compact ? "gap-y-0.5 text-xs" : "gap-y-1 text-sm"}`}
      >
        {details.map((detail) => (
          <div key={detail.name} className="contents">
            <dt className="text-muted whitespace-nowrap">{t(`meeting.request.${detail.name}`)}</dt>
            <dd
              className={`min-w-0 break-words whitespace-pre-wrap ${compact ? "line-clamp-2" : ""}`}
              data-request-field={detail.name}
            >
              {valueOf(detail, language)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
