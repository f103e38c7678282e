import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of posts and boards. */
export const boardErrors = areaErrors("board.error", {
  not_found: 404,
  forbidden: 403,
  not_author: 403,
  kind_invalid: 400,
  category_required: 400,
  title_required: 400,
  title_length: 400,
  content_required: 400,
  content_length: 400,
  content_too_large: 400,
  content_too_deep: 400,
  too_many_images: 400,
  youtube_already_registered: 400,
  admin_only: 403,
  category_name_required: 400,
  category_name_length: 400,
  category_not_found: 404,
  confirm_required: 409,
  count_changed: 409,
});
export type BoardErrorCode = ErrorCodeOf<typeof boardErrors>;

/** Refusals of comments, reactions and reports. */
export const commentErrors = areaErrors("comment.error", {
  invalid_request: 400,
  profile_required: 403,
  comment_required: 400,
  comment_length: 400,
  comment_not_found: 404,
  not_comment_author: 403,
  own_article: 403,
  already_liked: 409,
  already_kept: 409,
  too_many: 429,
  forbidden: 403,
  own_content: 403,
  reason_required: 400,
  reason_length: 400,
  already_reported: 409,
  report_not_found: 404,
  report_handled: 409,
});
export type CommentErrorCode = ErrorCodeOf<typeof commentErrors>;

/** Refusals of reporting a member (the `members` area). */
export const memberReportErrors = areaErrors("members.error", {
  report_self: 403,
  report_target_member: 400,
});
