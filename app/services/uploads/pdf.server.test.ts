import { DomainError } from "#app/services/errors";
import { describe, expect, it } from "vitest";
import type { UploadErrorCode } from "./errors";
import { checkPdf, MAX_PDF_BYTES } from "./pdf.server";
import { png } from "./test-images";

/** A minimal valid PDF: one empty A4 page, with a correct cross-reference table. */
function minimalPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ];
  let text = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(text, "latin1"));
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, "latin1");
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

function refusal(run: () => unknown, code: UploadErrorCode): DomainError<"upload"> {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DomainError);
  expect((caught as DomainError<"upload">).code).toBe(code);
  return caught as DomainError<"upload">;
}

describe("checkPdf", () => {
  it("accepts a minimal valid PDF", () => {
    const pdf = minimalPdf();
    expect(checkPdf(pdf)).toEqual({ bytes: pdf.length, contentType: "application/pdf" });
    // Trailing whitespace after %%EOF is common and fine.
    expect(checkPdf(Buffer.concat([pdf, Buffer.from("\r\n\n  ")])).bytes).toBe(pdf.length + 5);
  });

  it("refuses a PNG named .pdf", async () => {
    const image = await png(20, 20);
    refusal(() => checkPdf(image), "unsupported_type");
  });

  it("refuses a file without the header or without the end marker", () => {
    const pdf = minimalPdf();
    refusal(() => checkPdf(Buffer.alloc(0)), "unsupported_type");
    refusal(() => checkPdf(Buffer.from("hello %PDF-1.4 ... %%EOF")), "unsupported_type");
    refusal(() => checkPdf(Buffer.concat([Buffer.from(" "), pdf])), "unsupported_type");
    refusal(() => checkPdf(pdf.subarray(0, pdf.length - 10)), "unsupported_type");
    // %%EOF far from the end: a truncated or appended-to file.
    refusal(() => checkPdf(Buffer.concat([pdf, Buffer.alloc(4096, 0x41)])), "unsupported_type");
  });

  it("refuses 21 MB, and honours a smaller limit", () => {
    const pdf = minimalPdf();
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    pdf.copy(big, 0, 0, 9);
    big.write("%%EOF\n", big.length - 6, "latin1");
    const error = refusal(() => checkPdf(big), "too_large");
    expect(error.details.limit).toBe(MAX_PDF_BYTES);
    expect(MAX_PDF_BYTES).toBe(20 * 1024 * 1024);
    refusal(() => checkPdf(pdf, 100), "too_large");
  });
});
