/** Refusals of a post's submission as a whole (editor.error.*). */
export type EditorErrorCode = "submission_token" | "duplicate_submission";
