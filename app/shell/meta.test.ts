import type { UIMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { canonicalUrl, pageTitle } from "./meta";
import { resolveColorMode } from "./theme";

const match = (handle: unknown, loaderData?: unknown) => ({ handle, loaderData }) as unknown as UIMatch;

describe("page titles", () => {
  it("use the route's title key, then the loader's page title, then the last path segment", () => {
    expect(pageTitle("ko", [match(undefined), match({ titleKey: "policy.title" })], "/policy")).toBe(
      "약관 및 정책 | 모토메이트",
    );
    expect(
      pageTitle(
        "en",
        [match({ titleKey: "policy.title" }), match(undefined, { pageTitle: "Privacy Policy" })],
        "/en/policy/privacy",
      ),
    ).toBe("Privacy Policy | Moto Mate");
    expect(pageTitle("ko", [match(undefined)], "/board/free")).toBe("Free | 모토메이트");
    expect(pageTitle("en", [match(undefined)], "/en")).toBe("Moto Mate");
  });
});

describe("canonical link", () => {
  it("keeps the path and only allow-listed query parameters", () => {
    expect(canonicalUrl("https://motomate.kr", "/board/free", "?utm_source=x&page=2&fbclid=y&tab=hot")).toBe(
      "https://motomate.kr/board/free?tab=hot&page=2",
    );
    expect(canonicalUrl("https://motomate.kr", "/en", "")).toBe("https://motomate.kr/en");
  });
});

describe("colour mode", () => {
  it("lets a route force a mode, then the choice, then the OS", () => {
    expect(resolveColorMode("light", "dark", false)).toBe("dark");
    expect(resolveColorMode("dark", undefined, false)).toBe("dark");
    expect(resolveColorMode("auto", undefined, true)).toBe("dark");
    expect(resolveColorMode("auto", undefined, false)).toBe("light");
    expect(resolveColorMode("auto", undefined, undefined)).toBeUndefined();
  });
});
