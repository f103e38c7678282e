import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "#app/db/client.server";
import { filterTableNames } from "#app/db/seed/types";
import type { Runtime } from "#app/platform/runtime.server";
import { eq } from "drizzle-orm";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { hideMember } from "#app/services/members/relations.server";
import { createTestRuntime } from "../tests/setup/runtime";
import { createHttpApp, PAGE_BODY_LIMIT } from "./app";

let base: string;
let server: http.Server;
let runtime: Runtime;

beforeAll(async () => {
  runtime = await createTestRuntime();
  // The pages are not under test here; the API, health and build endpoints answer before them.
  const app = createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("GET /api/filter", () => {
  it("answers every table of the allow-list", async () => {
    for (const tableName of filterTableNames) {
      const response = await fetch(`${base}/api/filter?tableName=${tableName}`);
      expect(response.status, tableName).toBe(200);
      const body = (await response.json()) as {
        tableName: string;
        items: { code: string; label: { ko: string; en: string } }[];
      };
      expect(body.tableName).toBe(tableName);
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items[0]!.label.ko).toBeTruthy();
    }
  });

  it("refuses any other table name with a JSON error in the request's language", async () => {
    for (const name of [
      "users",
      "filter_option",
      "meetingType; drop table job",
      "pg_catalog.pg_user",
      "MEETINGTYPE",
    ]) {
      const response = await fetch(`${base}/api/filter?tableName=${encodeURIComponent(name)}`);
      expect(response.status, name).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("unknown_filter_table");
      expect(body.error.message).toContain("알 수 없는 필터 테이블");
    }
    const english = await fetch(`${base}/api/filter?tableName=users`, {
      headers: { "Accept-Language": "en-US" },
    });
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe(
      "Unknown filter table: users",
    );
    const byCookie = await fetch(`${base}/api/filter?tableName=users`, {
      headers: { Cookie: "i18n_redirected=en", "Accept-Language": "ko" },
    });
    expect(((await byCookie.json()) as { error: { message: string } }).error.message).toMatch(/^Unknown/);
  });

  it("answers malformed parameters with 400, never 500", async () => {
    const missing = await fetch(`${base}/api/filter`);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("missing_table_name");
    const repeated = await fetch(`${base}/api/filter?tableName=point&tableName=adsType`);
    expect(repeated.status).toBe(400);
    expect(((await repeated.json()) as { error: { code: string } }).error.code).toBe("invalid_query");
    const badEscape = await fetch(`${base}/api/filter?tableName=%E0%A4%A`);
    expect(badEscape.status).toBe(400);
  });
});

describe("API edge", () => {
  it("answers unknown API paths with a JSON 404", async () => {
    const response = await fetch(`${base}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "요청한 API를 찾을 수 없습니다." },
    });
  });

  it("refuses an oversize body with 413 and a malformed one with 400", async () => {
    const big = await fetch(`${base}/api/filter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "가".repeat(200_000) }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    const broken = await fetch(`${base}/api/filter`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      error: { code: "malformed_body", message: "The request body could not be parsed." },
    });
  });

  it("refuses an oversize page form with a localised 413 page before reading it", async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${base}/en/login/new`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": PAGE_BODY_LIMIT + 1 },
      });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: text });
        });
      });
      request.on("error", reject);
      // Only the headers are sent: the answer must not wait for 45 MB.
      request.flushHeaders();
    });
    expect(status).toBe(413);
    expect(body).toContain("What you sent is too large.");
  });

  it("answers a malformed URL with a localised 400 page", async () => {
    const page = await fetch(`${base}/en/policy/%E0%A4%A`);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("The request is malformed.");
    expect(html).not.toMatch(/at .+\.ts:\d+/);
  });
});

describe("address search", () => {
  it("finds districts in the built-in gazetteer and says 'address not found' otherwise", async () => {
    const found = await fetch(`${base}/api/address?q=${encodeURIComponent("영등포")}`);
    const { items } = (await found.json()) as { items: { simpleAddress: string; lat: number }[] };
    expect(items[0]).toMatchObject({ simpleAddress: "영등포구" });
    const english = await fetch(`${base}/api/address?q=Yeongdeungpo&lang=en`);
    expect(((await english.json()) as { items: { simpleAddress: string }[] }).items[0]!.simpleAddress).toBe(
      "Yeongdeungpo-gu",
    );
    const missing = await fetch(`${base}/api/address?q=${encodeURIComponent("없는지명xyz")}`, {
      headers: { "Accept-Language": "en" },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: "address_not_found", message: "Address not found." },
    });
    expect((await fetch(`${base}/api/address?q=`)).status).toBe(400);
  });

  it("names the district of a point", async () => {
    const response = await fetch(`${base}/api/address/reverse?lat=37.526618&lng=126.919666`);
    expect(await response.json()).toMatchObject({ simpleAddress: "영등포구", code: expect.any(String) });
    expect((await fetch(`${base}/api/address/reverse?lat=north&lng=1`)).status).toBe(400);
  });
});

describe("GET /api/setting/blind", () => {
  it("answers a visitor with an empty list and a member with their rows", async () => {
    const visitor = await fetch(`${base}/api/setting/blind`);
    expect(await visitor.json()).toEqual({ rows: [], blindUserIds: [] });

    const deps = { ...runtime, config: runtime.config };
    const headers = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.9" });
    const signedUp = await signUpWithEmail(
      deps,
      { email: "blinder@example.com", password: "Saddle-Road-42!" },
      headers,
    );
    const cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
    const [viewer] = await runtime.db.select().from(member).where(eq(member.email, "blinder@example.com"));
    await runtime.db.insert(member).values({ id: "target-1", name: "target", email: "target@example.com" });
    await hideMember(runtime.db, runtime.clock, viewer!.id, "target-1");
    const response = await fetch(`${base}/api/setting/blind`, { headers: { cookie } });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      rows: [{ activated: true, blind_user_id: "target-1" }],
      blindUserIds: ["target-1"],
    });
  });
});

describe("health and build", () => {
  it("checks the database on /healthz", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "ok", build: "build-test-1" });
  });

  it("answers 503 when the database does not answer", async () => {
    const broken = await openPglite();
    await broken.close();
    const app = createHttpApp({
      runtime: { ...runtime, db: broken.db },
      pages: (_req, res) => void res.end(),
    });
    const down = http.createServer(app);
    await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(down.address() as AddressInfo).port}/healthz`, {
        headers: { "Accept-Language": "en" },
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: "error",
        error: { code: "database_unavailable", message: "The database cannot be reached." },
      });
    } finally {
      await new Promise<void>((resolve) => down.close(() => resolve()));
    }
  });

  it("reports the running build id", async () => {
    const response = await fetch(`${base}/builds/latest.json?timestamp=${Date.now()}`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ id: "build-test-1" });
  });

  it("hands everything else to the pages", async () => {
    const response = await fetch(`${base}/anything`);
    expect(response.status).toBe(418);
    expect(response.headers.get("x-powered-by")).toBeNull();
  });
});
