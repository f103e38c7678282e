import { describe, expect, it } from "vitest";
import { hasMeaningfulText, meaningfulLength, meaningfulText } from "./meaningful-length";

describe("meaningfulLength", () => {
  it.each<[string, string, number]>([
    ["200 zero-width spaces", "\u200B".repeat(200), 0],
    ["two dots and 198 spaces", `. .${" ".repeat(198)}`, 3],
    ["a dot, 198 spaces and a dot", `.${" ".repeat(198)}.`, 3],
    ["Hangul fillers", "\u3164".repeat(50) + "\uFFA0\u115F\u1160", 0],
    ["direction marks, the byte-order mark, a word joiner and the braille blank", "\u200E\u200F\uFEFF\u2060\u2800", 0],
    ["tabs and line breaks", "\t\n\r\n ", 0],
    ["one syllable repeated 200 times", "가".repeat(200), 2],
    ["a laugh", "ㅋㅋㅋㅋㅋㅋ", 2],
    ["a short group repeated", "좋아요 ".repeat(50), 11],
    ["dots and spaces in turn", ". ".repeat(100), 3],
  ])("counts %s as %i", (_, text, length) => {
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
