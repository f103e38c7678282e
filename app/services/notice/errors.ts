import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of announcements, FAQs and events. */
export const noticeErrors = areaErrors("notice.error", {
  forbidden: 403,
  tab_invalid: 400,
  title_required: 400,
  title_length: 400,
  summary_required: 400,
  summary_length: 400,
  question_required: 400,
  question_length: 400,
  answer_required: 400,
  answer_length: 400,
  index_invalid: 400,
  period_required: 400,
  period_invalid: 400,
  announcement_not_found: 404,
  faq_not_found: 404,
  event_not_found: 404,
  event_not_started: 409,
  event_ended: 409,
  already_participated: 409,
  profile_required: 400,
});
export type NoticeErrorCode = ErrorCodeOf<typeof noticeErrors>;
