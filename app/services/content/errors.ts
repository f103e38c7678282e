import { areaErrors } from "#app/services/error-model";

/** Refusals of a post's submission as a whole. */
export const editorErrors = areaErrors("editor.error", {
  submission_token: 400,
  duplicate_submission: 409,
});
