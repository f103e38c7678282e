import { describe, expect, it } from "vitest";
import { shouldRevalidate } from "./root";

const navigation = (from: string, to: string, defaultShouldRevalidate: boolean) =>
  shouldRevalidate({
    currentUrl: new URL(from, "http://localhost"),
    nextUrl: new URL(to, "http://localhost"),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate,
  });

describe("the root's data on a client-side navigation", () => {
  it("is loaded again when the navigation changes the page's language, its menu being in that language", () => {
    expect(navigation("/board/free", "/en/board/free", false)).toBe(true);
    expect(navigation("/en", "/market", false)).toBe(true);
  });

  it("follows React Router's default within one language", () => {
    expect(navigation("/board/free", "/market", false)).toBe(false);
    expect(navigation("/en/board/free", "/en/market", false)).toBe(false);
    expect(navigation("/board/free", "/board/free", true)).toBe(true);
  });
});
