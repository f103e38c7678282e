import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { overRichTextBytes, RICH_TEXT_MAX_BYTES, utf8Bytes } from "./limits";

describe("utf8Bytes", () => {
  it("counts what the text weighs as sent, in the browser and on the server alike", () => {
    expect(utf8Bytes("abc")).toBe(3);
    expect(utf8Bytes("남해")).toBe(6);
    expect(utf8Bytes("😀")).toBe(4);
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(fc.constant("\ud800"), fc.constant("\udc00"), fc.string({ unit: "grapheme" })),
        }),
        (text) => {
          expect(utf8Bytes(text)).toBe(Buffer.byteLength(text, "utf8"));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("puts the limit at 200 KB of UTF-8", () => {
    expect(overRichTextBytes("가".repeat(66_666))).toBe(false);
    expect(overRichTextBytes("가".repeat(66_667))).toBe(true);
    expect(overRichTextBytes("a".repeat(RICH_TEXT_MAX_BYTES))).toBe(false);
    expect(overRichTextBytes("a".repeat(RICH_TEXT_MAX_BYTES + 1))).toBe(true);
  });
});
