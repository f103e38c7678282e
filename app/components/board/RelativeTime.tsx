import { relativeTime } from "#app/i18n/relative-time";
import { useLanguage } from "#app/i18n/react";
import { formatSeoul } from "#app/i18n/seoul-time";

/**
 * "5분 전" for times within a week, the date after that. `now` comes from the loader, so the server and the browser
 * render the same text.
 */
export function RelativeTime({ iso, now }: { iso: string; now: string }) {
  const language = useLanguage();
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={formatSeoul(at)}>
      {relativeTime(language, at, new Date(now))}
    </time>
  );
}
