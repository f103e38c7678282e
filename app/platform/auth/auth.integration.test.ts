import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { account } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, isOpenAuthPath, openAuthPaths } from "./auth.server";
import { joiningConsents } from "#tests/setup/consents";
import { testPasswordHasher } from "#tests/setup/password-hasher";

let runtime: Runtime;
let cookie: string;
beforeAll(async () => {
  runtime = await createTestRuntime({ productionPasswords: true });
  const signedUp = await signUpWithEmail(
    { ...runtime, config: runtime.config },
    { email: "paths@example.com", password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: "203.0.113.1" }),
  );
  cookie = signedUp.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
});

/** Every endpoint the library registered (core and plugins), as its router would serve it. */
function libraryEndpoints() {
  return Object.entries(runtime.auth.api)
    .map(([name, endpoint]) => {
      const { path, options } = endpoint as unknown as {
        path?: string;
        options?: { method?: string | string[] };
      };
      const method = options?.method ?? "*";
      const methods = method === "*" ? ["GET", "POST"] : Array.isArray(method) ? method : [method];
      return { name, path, methods };
    })
    .filter((endpoint): endpoint is { name: string; path: string; methods: string[] } =>
      Boolean(endpoint.path),
    );
}

function call(path: string, method: string) {
  const url = `${runtime.config.publicUrl}${AUTH_BASE_PATH}${path.replace(/:[a-zA-Z]+/g, "oidc")}`;
  return runtime.auth.handler(
    new Request(url, {
      method,
      headers: {
        cookie,
        origin: runtime.config.publicUrl,
        "content-type": "application/json",
        [CLIENT_IP_HEADER]: "203.0.113.2",
      },
      body:
        method === "GET" || method === "HEAD" ? undefined : JSON.stringify({ password: "Saddle-Road-42!" }),
    }),
  );
}

describe("Better Auth over HTTP", () => {
  it("answers 404 on every path of the library but the few a browser must reach", async () => {
    const endpoints = libraryEndpoints();
    // The list comes from the library itself: core, two-factor and generic OAuth endpoints are all there.
    expect(endpoints.length).toBeGreaterThan(30);
    const paths = endpoints.map((endpoint) => endpoint.path);
    for (const path of [
      "/verify-password",
      "/update-session",
      "/revoke-session",
      "/two-factor/enable",
      "/two-factor/verify-totp",
    ])
      expect(paths).toContain(path);

    const answered: string[] = [];
    for (const { path, methods } of endpoints) {
      if (isOpenAuthPath(path)) continue;
      for (const method of methods) {
        const response = await call(path, method);
        if (response.status !== 404) answered.push(`${method} ${path} ${response.status}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it("keeps the open paths open", async () => {
    for (const path of openAuthPaths) {
      const response = await call(path, path === "/sign-out" ? "POST" : "GET");
      expect(response.status, path).not.toBe(404);
    }
  });

  it("no longer checks a password for a stolen session", async () => {
    for (const path of ["/verify-password", "/update-session", "/revoke-session"]) {
      expect((await call(path, "POST")).status, path).toBe(404);
    }
  });
});

describe("passwords", () => {
  it("are stored with Better Auth's own scrypt, which the tests' cheaper hasher cannot read", async () => {
    // The file's one member, made by the sign-up above.
    const [stored] = await runtime.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.providerId, "credential"));
    const hash = stored!.password!;
    expect(await verifyPassword({ hash, password: "Saddle-Road-42!" })).toBe(true);
    expect(await verifyPassword({ hash, password: "Saddle-Road-43!" })).toBe(false);
    expect(await testPasswordHasher.verify({ hash, password: "Saddle-Road-42!" })).toBe(false);
  });
});
