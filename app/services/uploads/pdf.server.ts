/**
 * PDFs are stored as uploaded (they are documents to download, never rendered on the server), so the check is about
 * the shape: the `%PDF-x.y` header at the very start and an `%%EOF` marker within the last kilobyte, as readers
 * expect. Whatever the file name or declared type said does not matter.
 */

export const MAX_PDF_BYTES = 20 * 1024 * 1024;
import { DomainError } from "#app/services/errors";

/** How far from the end `%%EOF` may sit (readers tolerate trailing whitespace and junk up to about 1 KB). */
const EOF_WINDOW = 1024;

const header = /^%PDF-\d\.\d/;

export interface CheckedPdf {
  bytes: number;
  contentType: "application/pdf";
}

export function checkPdf(input: Buffer, maxBytes: number = MAX_PDF_BYTES): CheckedPdf {
  if (input.length > maxBytes) throw new DomainError("upload", "too_large", { limit: maxBytes });
  if (!header.test(input.subarray(0, 8).toString("latin1"))) {
    throw new DomainError("upload", "unsupported_type");
  }
  if (input.lastIndexOf("%%EOF", undefined, "latin1") < Math.max(0, input.length - EOF_WINDOW)) {
    throw new DomainError("upload", "unsupported_type", { format: "pdf" });
  }
  return { bytes: input.length, contentType: "application/pdf" };
}
