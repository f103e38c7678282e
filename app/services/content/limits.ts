/**
 * Size of rich text (posts, announcements, events), shared by the editor (what it shows as used) and the server
 * (what it reads at all).
 */

/** Most UTF-8 bytes of rich text, formatting included, measured before any parsing. */
export const RICH_TEXT_MAX_BYTES = 200_000;

/** The UTF-8 size of a text without encoding it: a Korean syllable counts three, a surrogate pair four, a lone surrogate three (as it is sent, replaced). */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      bytes += 2;
      i += 1;
    } else if (code >= 0x800) bytes += 2;
    else if (code >= 0x80) bytes += 1;
  }
  return bytes;
}

/** Whether a text is over the byte limit; a string longer than the limit in UTF-16 units is over without counting. */
export function overRichTextBytes(text: string): boolean {
  return text.length > RICH_TEXT_MAX_BYTES || utf8Bytes(text) > RICH_TEXT_MAX_BYTES;
}
