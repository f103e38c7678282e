import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect-path";

const HOME = "/";

/** Forms that browsers read as another origin (or that a naive check lets through), as they reach the server. */
const bypasses = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\r/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/%09/evil.example",
  "/%0d/evil.example",
  "/%0A/evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "%2F%2Fevil.example",
  "/%2509/evil.example",
  "/%252F/evil.example",
  "/%25252F/evil.example",
  "/%255C/evil.example",
  "/./%2F/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/\u0000/evil.example",
  "/\u0085/evil.example",
  "/\u007f/evil.example",
  "data:text/html,<script>alert(1)</script>",
  "https://evil.example",
  "http:/evil.example",
  "evil.example",
  "",
  "/" + "a".repeat(5000),
];

describe("safeRedirectPath", () => {
  it.each(bypasses)("refuses %j", (value) => {
    expect(safeRedirectPath(value, HOME)).toBe(HOME);
  });

  it("refuses nothing at all", () => {
    expect(safeRedirectPath(null, "/en")).toBe("/en");
    expect(safeRedirectPath(undefined, "/en")).toBe("/en");
  });

  it.each([
    ["/setting/account", "/setting/account"],
    ["/en/board/free?page=2#comments", "/en/board/free?page=2#comments"],
    ["/search/result?q=%ED%95%9C%EA%B0%95", "/search/result?q=%ED%95%9C%EA%B0%95"],
    ["/search/result?q=100%25", "/search/result?q=100%25"],
    ["/board/free/../notice", "/board/notice"],
    ["/javascript:alert(1)", "/javascript:alert(1)"],
  ])("keeps the path of this site %j", (value, expected) => {
    expect(safeRedirectPath(value, HOME)).toBe(expected);
  });

  it("answers non-Latin-1 characters percent-encoded, so that they fit in a Location header", () => {
    for (const value of ["/검색", "/a\u2028b", "/💥", "/\uFF0F\uFF0Fevil.example"]) {
      const path = safeRedirectPath(value, HOME);
      expect(path.startsWith("/")).toBe(true);
      expect(path.startsWith("//")).toBe(false);
      expect(() => new Headers({ Location: path })).not.toThrow();
      expect(path).toMatch(/^[\x21-\x7e]+$/);
    }
    expect(safeRedirectPath("/검색", HOME)).toBe("/%EA%B2%80%EC%83%89");
  });
});
