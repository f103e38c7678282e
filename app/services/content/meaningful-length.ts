/**
 * How much a member actually wrote: what rewards and every minimum length count (ADR 048). Maximum lengths keep
 * counting every character (`[...text].length`), since they bound what is stored.
 */

/**
 * Characters that show nothing: format and control characters (zero-width space, direction marks, the byte-order
 * mark …), the Hangul fillers (ㅤ and its kin, letters by category but blank on screen) and the braille blank.
 * Whitespace is left for the next step; the zero-width joiner stays, since it holds an emoji sequence together
 * (it and the invisible marks, such as variation selectors, count as part of the character before them).
 */
const INVISIBLE = /(?![\s\p{Z}\u200D])[\p{Cf}\p{Cc}\u115F\u1160\u180E\u2800\u3164\uFFA0]/gu;

/** Runs of spaces, tabs and line breaks. */
const SPACES = /[\s\p{Z}]+/gu;

/** Longest group whose repeats are counted twice ("ㅋㅋㅋㅋ", "좋아요 좋아요 좋아요 …", ". . . ."). */
const REPEAT_GROUP_MAX = 10;
/** A group of 1–10 characters written three or more times in a row; bounded, so it runs in linear time. */
const REPEATS = new RegExp(`(.{1,${REPEAT_GROUP_MAX}}?)\\1{2,}`, "gsu");

/**
 * What joins the character before it on screen: combining marks, skin-tone modifiers, a zero-width joiner with the
 * character it joins on, the second of a flag's two letters. Counted so rather than with `Intl.Segmenter`, whose
 * segments each copy the whole input (a long text would take memory by the square of its length).
 */
const JOINED = /\p{M}|\p{Emoji_Modifier}|\u200D.?/gsu;
const FLAG = /(\p{Regional_Indicator})\p{Regional_Indicator}/gu;

/**
 * The text as it is counted: composed (decomposed Hangul counts one per syllable), invisible characters removed,
 * each run of spaces one space, trimmed, and a character or short group repeated three or more times in a row kept
 * twice.
 */
export function meaningfulText(text: string): string {
  return text
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(SPACES, " ")
    .trim()
    .replace(REPEATS, "$1$1")
    .trim();
}

/**
 * The length of a text as rewards and minimum lengths count it: characters as a reader sees them (an emoji with its
 * modifiers or a syllable with its marks is one) of `meaningfulText`.
 */
export function meaningfulLength(text: string): number {
  return [...meaningfulText(text).replace(FLAG, "$1").replace(JOINED, "")].length;
}

/** Whether a text has anything visible in it: spaces and invisible characters alone do not count. */
export function hasMeaningfulText(text: string): boolean {
  return meaningfulLength(text) > 0;
}
