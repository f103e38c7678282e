/** How much of a post a share preview shows (KakaoTalk shows about two lines). */
const EXCERPT_LENGTH = 120;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The start of a plain text for a preview: whitespace collapsed, at most `max` characters (as a reader counts them,
 * so no emoji is split), cut after a whole word when one ends in the last fifth, with "…" when shortened.
 */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  const chars: string[] = [];
  // Only as far as needed: a post's text may be long.
  for (const { segment } of graphemes.segment(collapsed)) {
    chars.push(segment);
    if (chars.length > max) break;
  }
  if (chars.length <= max) return chars.join("");
  const head = chars.slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  const cut = space >= head.length * 0.8 ? head.slice(0, space) : head;
  return `${cut.trimEnd()}…`;
}
