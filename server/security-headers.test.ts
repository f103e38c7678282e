import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import type { AppConfig } from "#app/platform/env.server";
import { securityHeaders } from "./security-headers";

type PolicyConfig = Pick<AppConfig, "publicUrl" | "mapTileUrl" | "storage" | "payments">;

/** The page policy one response gets, as a map of directive to sources. */
function policyFor(config: PolicyConfig) {
  const headers: Record<string, string> = {};
  const res = {
    locals: {},
    set(values: Record<string, string>) {
      Object.assign(headers, values);
      return res;
    },
  };
  let passedOn = false;
  securityHeaders(config)(
    {} as Request,
    res as unknown as Response,
    (() => {
      passedOn = true;
    }) as NextFunction,
  );
  expect(passedOn).toBe(true);
  return new Map(
    headers["Content-Security-Policy"]!.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

const base: PolicyConfig = {
  publicUrl: "https://motomate.example",
  mapTileUrl: "/map-tiles/{z}/{x}/{y}.svg",
  storage: { kind: "local" },
  payments: { kind: "local" },
};

describe("the page policy and the payment gateway", () => {
  it("allows no gateway host with the local gateway", () => {
    const policy = policyFor(base);
    expect(policy.get("script-src")).toHaveLength(2);
    expect(policy.get("script-src")![0]).toBe("'self'");
    expect(policy.get("frame-src")).toEqual(["https://www.youtube.com"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "wss://motomate.example"]);
    expect([...policy.values()].flat().some((source) => source.includes("tosspayments"))).toBe(false);
  });

  it("allows Toss Payments' SDK, its payment window's frames and its calls once Toss is configured", () => {
    const policy = policyFor({
      ...base,
      payments: { kind: "toss", secretKey: "test_sk_secret", clientKey: "test_ck_client", apiUrl: undefined },
    });
    expect(policy.get("script-src")).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-/),
      "https://js.tosspayments.com",
    ]);
    expect(policy.get("frame-src")).toEqual(["https://www.youtube.com", "https://*.tosspayments.com"]);
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "wss://motomate.example",
      "https://*.tosspayments.com",
    ]);
    // Nothing else widens: images, styles, objects and who may frame the product stay as they were.
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    expect([...policy.values()].flat().join(" ")).not.toContain("test_sk_secret");
  });
});
