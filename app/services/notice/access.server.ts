import { DomainError } from "#app/services/errors";
import type { NoticeErrorCode } from "./errors";

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
