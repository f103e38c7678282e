/** Refusals of a post's submission as a whole (editor.error.*). */
export const editorErrorCodes = ["submission_token", "duplicate_submission"] as const;
export type EditorErrorCode = (typeof editorErrorCodes)[number];
