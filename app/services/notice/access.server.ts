import { DomainError } from "#app/services/errors";

export type NoticeErrorCode =
  | "forbidden"
  | "tab_invalid"
  | "title_required"
  | "title_length"
  | "summary_required"
  | "summary_length"
  | "question_required"
  | "question_length"
  | "answer_required"
  | "answer_length"
  | "index_invalid"
  | "period_required"
  | "period_invalid"
  | "announcement_not_found"
  | "faq_not_found"
  | "event_not_found"
  | "event_not_started"
  | "event_ended"
  | "already_participated"
  | "profile_required";

export function noticeError(code: NoticeErrorCode): DomainError<"notice"> {
  return new DomainError("notice", code);
}

/** Every write (and every staff list) of this area is refused with this unless the actor manages the site. */
export const noticeRefused = () => noticeError("forbidden");

/** A required text of at most `max` characters, trimmed. */
export function requiredText(
  value: string,
  max: number,
  problems: { required: NoticeErrorCode; length: NoticeErrorCode },
): string {
  const text = value.trim();
  if (!text) throw noticeError(problems.required);
  if ([...text].length > max) throw noticeError(problems.length);
  return text;
}
