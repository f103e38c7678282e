import { describe, expect, it } from "vitest";
import { loadConfig } from "#app/platform/env.server";
import { enabledProviders, isEnabledProvider } from "./social.server";

const base = { SESSION_SECRET: "s".repeat(40), ENCRYPTION_KEY: Buffer.alloc(32, 2).toString("base64") };

describe("external sign-in providers", () => {
  it("are offered only when both their client id and secret are configured", () => {
    const config = loadConfig({
      ...base,
      KAKAO_CLIENT_ID: "kakao-id",
      KAKAO_CLIENT_SECRET: "kakao-secret",
      GOOGLE_CLIENT_ID: "google-id",
      NAVER_CLIENT_SECRET: "naver-secret-without-id",
    });
    expect(enabledProviders(config, "ko")).toEqual([{ id: "kakao", label: "카카오" }]);
    expect(isEnabledProvider(config, "kakao")).toBe(true);
    expect(isEnabledProvider(config, "google")).toBe(false);
    expect(isEnabledProvider(config, "naver")).toBe(false);
    expect(isEnabledProvider(config, "oidc")).toBe(false);
  });

  it("include a configured OpenID provider under its own name", () => {
    const config = loadConfig({
      ...base,
      OIDC_DISCOVERY_URL: "https://id.example/.well-known/openid-configuration",
      OIDC_CLIENT_ID: "id",
      OIDC_CLIENT_SECRET: "secret",
      OIDC_NAME: "Rider ID",
      APPLE_CLIENT_ID: "apple",
      APPLE_CLIENT_SECRET: "apple-secret",
    });
    expect(enabledProviders(config, "en")).toEqual([
      { id: "apple", label: "Apple" },
      { id: "oidc", label: "Rider ID" },
    ]);
    expect(isEnabledProvider(config, "oidc")).toBe(true);
    expect(isEnabledProvider(config, "constructor")).toBe(false);
  });
});
