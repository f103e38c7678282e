import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of uploads: of a file's content, of the request that carries it, and of attaching it. */
export const uploadErrors = areaErrors("editor.upload.error", {
  too_large: 413,
  unsupported_type: 415,
  corrupt: 422,
  too_many_pixels: 422,
  type_mismatch: 415,
  too_many_files: 400,
  // An upload request refused before any file is looked at (the JSON API's image upload).
  login_required: 401,
  rate_limited: 429,
  file_required: 400,
  // Another member's file, attached to what a member publishes.
  not_owner: 403,
});

/** The refusals of a file's content, which the profile form answers as its own (`upload_<code>`). */
export const uploadErrorCodes = [
  "too_large",
  "unsupported_type",
  "corrupt",
  "too_many_pixels",
  "type_mismatch",
  "too_many_files",
] as const satisfies readonly ErrorCodeOf<typeof uploadErrors>[];
export type UploadErrorCode = (typeof uploadErrorCodes)[number];

export function isUploadErrorCode(code: string): code is UploadErrorCode {
  return (uploadErrorCodes as readonly string[]).includes(code);
}

export interface UploadErrorDetails {
  /** Which file of a multi-file upload was refused (0-based). */
  index?: number;
  /** The format found in the content, when one was found. */
  format?: string;
  /** The limit that was exceeded (bytes, pixels or files, depending on the code). */
  limit?: number;
}
