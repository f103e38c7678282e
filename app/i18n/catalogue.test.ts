import { describe, expect, it } from "vitest";
import {
  languageFromAcceptLanguage,
  languageFromPath,
  languageOfRequest,
  localizePath,
  stripLanguage,
  translate,
} from ".";
import { calendarFields } from "./calendar";
import { en as enCatalogue } from "./en";
import { ko as koCatalogue } from "./ko";
import { messageArguments, pluralBranches } from "./message";

function flatten(node: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Each language writes a date its own way: these patterns may use any of the calendar's fields. */
const datePatterns = new Set(["time.pattern.date", "time.pattern.time"]);

describe("message catalogues", () => {
  const ko = flatten(koCatalogue);
  const en = flatten(enCatalogue);

  it("have the same keys in Korean and English", () => {
    expect([...ko.keys()].filter((key) => !en.has(key))).toEqual([]);
    expect([...en.keys()].filter((key) => !ko.has(key))).toEqual([]);
  });

  it("have no empty message and the same placeholders in both languages", () => {
    for (const [key, text] of ko) {
      expect(text.trim(), key).not.toBe("");
      expect(en.get(key)!.trim(), key).not.toBe("");
      if (datePatterns.has(key)) {
        for (const pattern of [text, en.get(key)!])
          expect(calendarFields, key).toEqual(expect.arrayContaining(messageArguments(pattern)));
      } else expect(messageArguments(en.get(key)!), key).toEqual(messageArguments(text));
    }
  });

  it("give every counted English message a singular and a plural form", () => {
    for (const [key, text] of en) {
      const branches = pluralBranches(text);
      if (branches.length > 0) expect(branches, key).toEqual(expect.arrayContaining(["one", "other"]));
      expect(text.includes(", plural,") === branches.length > 0, `${key} does not parse`).toBe(true);
    }
  });

  it("fills placeholders and refuses an unknown key", () => {
    expect(translate("ko", "footer.copyright", { year: 2026 })).toBe("© 2026 모토메이트. 모든 권리 보유.");
    expect(translate("en", "api.unknownFilterTable", { tableName: "x" })).toBe("Unknown filter table: x");
    expect(() => translate("ko", "nope.missing" as never)).toThrow("Missing message nope.missing in ko");
  });
});

describe("language routing", () => {
  it("reads the language from the path prefix", () => {
    expect(languageFromPath("/")).toBe("ko");
    expect(languageFromPath("/policy")).toBe("ko");
    expect(languageFromPath("/en")).toBe("en");
    expect(languageFromPath("/en/policy")).toBe("en");
    expect(languageFromPath("/english")).toBe("ko");
  });

  it("moves a path between languages", () => {
    expect(localizePath("en", "/")).toBe("/en");
    expect(localizePath("en", "/policy/terms")).toBe("/en/policy/terms");
    expect(localizePath("ko", "/en/policy/terms")).toBe("/policy/terms");
    expect(localizePath("ko", "/en")).toBe("/");
    expect(localizePath("en", "/en/policy")).toBe("/en/policy");
    expect(stripLanguage("/en/board/free")).toBe("/board/free");
  });

  it("follows Accept-Language quality order and defaults to Korean", () => {
    expect(languageFromAcceptLanguage("en-US,en;q=0.9,ko;q=0.8")).toBe("en");
    expect(languageFromAcceptLanguage("ko-KR,ko;q=0.9,en-US;q=0.8")).toBe("ko");
    expect(languageFromAcceptLanguage("fr-FR, en;q=0.5, ko;q=0.7")).toBe("ko");
    expect(languageFromAcceptLanguage("de-DE")).toBe("ko");
    expect(languageFromAcceptLanguage("en;q=0, ko;q=0.1")).toBe("ko");
    expect(languageFromAcceptLanguage(undefined)).toBe("ko");
    expect(languageFromAcceptLanguage(";;,,q=")).toBe("ko");
  });

  it("prefers the locale cookie over Accept-Language", () => {
    expect(languageOfRequest({ cookie: "a=1; i18n_redirected=en", acceptLanguage: "ko" })).toBe("en");
    expect(languageOfRequest({ cookie: "i18n_redirected=fr", acceptLanguage: "en" })).toBe("en");
  });
});
