import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt";

describe("excerpt", () => {
  it("keeps a short text whole, with its whitespace collapsed", () => {
    expect(excerpt("  남해안  일주\n후기  ")).toBe("남해안 일주 후기");
  });

  it("shortens a long text to the limit with an ellipsis, after a whole word when one ends near the end", () => {
    const text = "바다를 따라 달린 하루 ".repeat(20);
    const short = excerpt(text, 30);
    expect(short.length).toBeLessThanOrEqual(30);
    expect(short.endsWith("…")).toBe(true);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
    expect(short.at(-2)).not.toBe(" ");
    expect(text.charAt(short.length - 1)).toBe(" ");
  });

  it("cuts a text without spaces by characters, never inside an emoji", () => {
    expect(excerpt("🏍️가".repeat(40), 11)).toBe(`${"🏍️가".repeat(5)}…`);
    expect(excerpt("가🏍️".repeat(40), 11)).toBe(`${"가🏍️".repeat(5)}…`);
  });
});
