export const uploadErrorCodes = [
  "too_large",
  "unsupported_type",
  "corrupt",
  "too_many_pixels",
  "type_mismatch",
  "too_many_files",
] as const;
export type UploadErrorCode = (typeof uploadErrorCodes)[number];

/** Refusals of an upload request before any file is looked at (the JSON API's image upload). */
type UploadRequestErrorCode = "login_required" | "rate_limited" | "file_required";

/** Refusals of attaching uploads to what a member publishes: another member's file. */
type UploadOwnershipErrorCode = "not_owner";

export function isUploadErrorCode(code: string): code is UploadErrorCode {
  return (uploadErrorCodes as readonly string[]).includes(code);
}

export type UploadRefusalCode = UploadErrorCode | UploadRequestErrorCode | UploadOwnershipErrorCode;

export interface UploadErrorDetails {
  /** Which file of a multi-file upload was refused (0-based). */
  index?: number;
  /** The format found in the content, when one was found. */
  format?: string;
  /** The limit that was exceeded (bytes, pixels or files, depending on the code). */
  limit?: number;
}
