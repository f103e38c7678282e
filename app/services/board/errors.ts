/** Refusals of posts and boards (board.error.*). */
export const boardErrorCodes = [
  "not_found",
  "forbidden",
  "not_author",
  "kind_invalid",
  "category_required",
  "title_required",
  "title_length",
  "content_required",
  "content_length",
  "content_too_large",
  "content_too_deep",
  "too_many_images",
  "youtube_already_registered",
  "admin_only",
  "category_name_required",
  "category_name_length",
  "category_not_found",
  "confirm_required",
  "count_changed",
] as const;
export type BoardErrorCode = (typeof boardErrorCodes)[number];

/** Refusals of comments, reactions and reports (comment.error.*). */
export const commentErrorCodes = [
  "invalid_request",
  "profile_required",
  "comment_required",
  "comment_length",
  "comment_not_found",
  "not_comment_author",
  "own_article",
  "already_liked",
  "already_kept",
  "too_many",
  "forbidden",
  "own_content",
  "reason_required",
  "reason_length",
  "already_reported",
  "report_not_found",
  "report_handled",
] as const;
export type CommentErrorCode = (typeof commentErrorCodes)[number];

/** Refusals of reporting a member (members.error.*). */
export const memberReportErrorCodes = ["report_self", "report_target_member"] as const;
export type MemberReportErrorCode = (typeof memberReportErrorCodes)[number];
