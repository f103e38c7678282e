import { describe, expect, it } from "vitest";
import { hasMeaningfulText, meaningfulLength, meaningfulText } from "./meaningful-length";

describe("meaningfulLength", () => {
  it.each<{ name: string; text: string; length: number }>([
    { name: "200 zero-width spaces", text: "\u200B".repeat(200), length: 0 },
    { name: "two dots and 198 spaces", text: `. .${" ".repeat(198)}`, length: 3 },
    { name: "a dot, 198 spaces and a dot", text: `.${" ".repeat(198)}.`, length: 3 },
    { name: "Hangul fillers", text: "\u3164".repeat(50) + "\uFFA0\u115F\u1160", length: 0 },
    {
      name: "direction marks, the byte-order mark, a word joiner and the braille blank",
      text: "\u200E\u200F\uFEFF\u2060\u2800",
      length: 0,
    },
    { name: "tabs and line breaks", text: "\t\n\r\n ", length: 0 },
    { name: "one syllable repeated 200 times", text: "가".repeat(200), length: 2 },
    { name: "a laugh", text: "ㅋㅋㅋㅋㅋㅋ", length: 2 },
    { name: "a short group repeated", text: "좋아요 ".repeat(50), length: 11 },
    { name: "dots and spaces in turn", text: ". ".repeat(100), length: 5 },
  ])("counts $name as $length", ({ text, length }) => {
    expect(meaningfulLength(text)).toBe(length);
  });

  it("counts a plain sentence whole, with one space per run of spaces", () => {
    const sentence = "오일 교환을 꼼꼼하게 해 주셨어요.";
    expect(meaningfulLength(sentence)).toBe([...sentence].length);
    expect(meaningfulLength(`  오일   교환을\n\n꼼꼼하게 해 주셨어요.  `)).toBe([...sentence].length);
    expect(meaningfulText(" 친절\u200B해요 \u3164 ")).toBe("친절해요");
  });

  it("keeps what a reader sees as one character one: decomposed Hangul, emoji sequences, stacked marks", () => {
    expect(meaningfulLength("가나다".normalize("NFD"))).toBe(3);
    expect(meaningfulLength("👨‍👩‍👧 ❤️")).toBe(3);
    expect(meaningfulLength("👍🏽🇰🇷🇯🇵")).toBe(3);
    expect(meaningfulLength(`a${"\u0301\u0302\u0303".repeat(30)}`)).toBe(1);
    expect(meaningfulLength(`a${"\u200D".repeat(100)}`)).toBe(1);
  });

  it("keeps a character or group twice when it repeats, so that a word said twice counts whole", () => {
    expect(meaningfulText("하하 좋아요")).toBe("하하 좋아요");
    expect(meaningfulText("하하하하 좋아요!!!!!")).toBe("하하 좋아요!!");
    expect(meaningfulText("abcabcabcabc")).toBe("abcabc");
  });

  it("runs in linear time on a long text", () => {
    const long = "가나다라마바사아자차카타파하".repeat(20_000);
    const started = performance.now();
    expect(meaningfulLength(long)).toBe(280_000);
    expect(meaningfulLength("ab".repeat(100_000) + "c")).toBe(5);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("hasMeaningfulText", () => {
  it("is false for spaces and invisible characters alone", () => {
    expect(hasMeaningfulText("")).toBe(false);
    expect(hasMeaningfulText(" \u200B\u3164\n")).toBe(false);
    expect(hasMeaningfulText(".")).toBe(true);
    expect(hasMeaningfulText("\u200B가")).toBe(true);
  });
});
