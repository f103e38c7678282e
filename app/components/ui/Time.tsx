import { formatDate, formatDateTime, formatRelative } from "#app/i18n/calendar";
import { useLanguage } from "#app/i18n/react";

type TimeProps = { at: string; className?: string } & (
  | {
      /** The server's clock from the loader: the text is relative ("5분 전") and the same on both sides. */
      now: string;
      format?: never;
    }
  | { format: "date" | "dateTime"; now?: never }
);

/** A moment in Seoul time, in the page's language; the exact date and time is its title. */
export function Time({ at, className, now, format }: TimeProps) {
  const language = useLanguage();
  const exact = formatDateTime(language, at);
  const text =
    format === "dateTime"
      ? exact
      : format === "date"
        ? formatDate(language, at)
        : formatRelative(language, at, now!);
  return (
    <time dateTime={at} title={format === "dateTime" ? undefined : exact} className={className}>
      {text}
    </time>
  );
}
