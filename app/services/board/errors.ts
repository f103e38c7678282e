/** Refusals of posts and boards (board.error.*). */
export type BoardErrorCode =
  | "not_found"
  | "forbidden"
  | "not_author"
  | "kind_invalid"
  | "category_required"
  | "title_required"
  | "title_length"
  | "content_required"
  | "content_length"
  | "content_too_large"
  | "content_too_deep"
  | "too_many_images"
  | "youtube_already_registered"
  | "admin_only"
  | "category_name_required"
  | "category_name_length"
  | "category_not_found"
  | "confirm_required"
  | "count_changed";

/** Refusals of comments, reactions and reports (comment.error.*). */
export type CommentErrorCode =
  | "invalid_request"
  | "profile_required"
  | "comment_required"
  | "comment_length"
  | "comment_not_found"
  | "not_comment_author"
  | "own_article"
  | "already_liked"
  | "already_kept"
  | "too_many"
  | "forbidden"
  | "own_content"
  | "reason_required"
  | "reason_length"
  | "already_reported"
  | "report_not_found"
  | "report_handled";

/** Refusals of reporting a member (members.error.*). */
export type MemberReportErrorCode = "report_self" | "report_target_member";
