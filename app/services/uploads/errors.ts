export const uploadErrorCodes = [
  "too_large",
  "unsupported_type",
  "corrupt",
  "too_many_pixels",
  "type_mismatch",
  "too_many_files",
] as const;
export type UploadErrorCode = (typeof uploadErrorCodes)[number];

export interface UploadErrorDetails {
  /** Which file of a multi-file upload was refused (0-based). */
  index?: number;
  /** The format found in the content, when one was found. */
  format?: string;
  /** The limit that was exceeded (bytes, pixels or files, depending on the code). */
  limit?: number;
}

/** An upload the member can fix; the route turns the code into a status and a localised message. */
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    readonly details: UploadErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(details.index === undefined ? code : `file ${details.index}: ${code}`, options);
    this.name = "UploadError";
  }
}

export function uploadErrorStatus(code: UploadErrorCode): number {
  switch (code) {
    case "too_large":
      return 413;
    case "unsupported_type":
    case "type_mismatch":
      return 415;
    case "corrupt":
    case "too_many_pixels":
      return 422;
    default:
      return 400;
  }
}
