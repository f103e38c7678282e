import { createReadableStreamFromReadable } from "@react-router/node";
import type { RequestHandler } from "express";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPglite } from "#app/db/client.server";
import { filterTableNames } from "#app/db/seed/types";
import type { Runtime } from "#app/platform/runtime.server";
import { eq } from "drizzle-orm";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { blindMember } from "#app/services/members/relations.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { AUTH_BODY_LIMIT, createHttpApp, PAGE_BODY_LIMIT, serveClientBuild } from "./app";
import { cspNonce } from "./security-headers";
import { joiningConsents } from "#tests/setup/consents";

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

  it("keeps the bodies of Better Auth's endpoints small, from the headers: 413 past the limit, 411 without a length", async () => {
    const credentials = { email: "nobody@motomate.test" };
    const big = await fetch(`${base}/api/auth/sign-out`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en" },
      body: JSON.stringify({ ...credentials, name: "x".repeat(AUTH_BODY_LIMIT) }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");

    const unknownLength = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${base}/api/auth/sign-out`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
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
      request.write(JSON.stringify(credentials).slice(0, 10));
    });
    expect(unknownLength.status).toBe(411);
    expect((JSON.parse(unknownLength.body) as { error: { code: string } }).error.code).toBe(
      "length_required",
    );

    const small = await fetch(`${base}/api/auth/sign-out`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(credentials),
    });
    expect(small.status, "a small body reaches the endpoint").toBe(200);
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
      { email: "blinder@example.com", password: "Saddle-Road-42!", consents: joiningConsents },
      headers,
    );
    const cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
    const [viewer] = await runtime.db.select().from(member).where(eq(member.email, "blinder@example.com"));
    await runtime.db.insert(member).values({
      id: "target-1",
      name: "target",
      email: "target@example.com",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await blindMember(runtime.db, runtime.clock, viewer!.id, "target-1");
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

/** One raw request (fetch refuses methods such as TRACE), answered with its status, headers and body. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? "GET", headers: options.headers });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on("error", reject);
    request.end(options.body);
  });
}

/** An app on its own port, with the pages answering what the edge handed them. */
async function listen(app: ReturnType<typeof createHttpApp>) {
  const other = http.createServer(app);
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(other.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => other.close(() => resolve())),
  };
}

function policyOf(header: string | null | undefined) {
  return new Map(
    (header ?? "").split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe("security headers", () => {
  it("send a Content-Security-Policy with a fresh nonce per response, and the nonce to the pages", async () => {
    const pages = createHttpApp({
      runtime,
      pages: (_req, res) => void res.status(418).send(cspNonce(res)),
    });
    const { base: pagesBase, close } = await listen(pages);
    try {
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${pagesBase}/board/free`);
        const policy = policyOf(response.headers.get("content-security-policy"));
        const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(policy.get("script-src")?.[1] ?? "")?.[1];
        expect(nonce).toBeDefined();
        expect(await response.text()).toBe(nonce);
        nonces.add(nonce!);
        expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
        expect(policy.get("object-src")).toEqual(["'none'"]);
        expect(policy.get("base-uri")).toEqual(["'self'"]);
        expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
        expect(policy.get("frame-src")).toEqual(["https://www.youtube.com"]);
        // No tile server is configured: the maps load the app's own tiles, and no other image host is allowed.
        expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
        expect(policy.get("connect-src")).toEqual(["'self'", "ws://localhost:3999"]);
      }
      expect(nonces.size).toBe(3);
    } finally {
      await close();
    }
  });

  it("allow location for the product only and no camera or microphone, on every response", async () => {
    for (const path of ["/", "/healthz", "/api/nothing-here"]) {
      const response = await fetch(`${base}${path}`);
      const features = response.headers.get("permissions-policy")?.split(/,\s*/);
      expect(features, path).toEqual(
        expect.arrayContaining(["geolocation=(self)", "camera=()", "microphone=()"]),
      );
      expect(response.headers.get("content-security-policy"), path).toContain("script-src 'self' 'nonce-");
    }
  });

  it("send HSTS only when the public address is https", async () => {
    expect((await fetch(`${base}/`)).headers.get("strict-transport-security")).toBeNull();
    const secure = await listen(
      createHttpApp({
        runtime: {
          ...runtime,
          config: {
            ...runtime.config,
            publicUrl: "https://moto.example",
            mapTileUrl: "https://{s}.tile.example.org/{z}/{x}/{y}.png",
            storage: {
              kind: "s3",
              endpoint: "https://s3.example",
              bucket: "motomate-uploads",
              region: "us-east-1",
              accessKeyId: "motomate",
              secretAccessKey: "bucket-secret",
              publicUrl: "https://cdn.example/uploads",
            },
          },
        },
        pages: (_req, res) => void res.status(418).send("page"),
      }),
    );
    try {
      const response = await fetch(`${secure.base}/`);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const policy = policyOf(response.headers.get("content-security-policy"));
      expect(policy.get("connect-src")).toEqual(["'self'", "wss://moto.example"]);
      expect(policy.get("img-src")).toContain("https://*.tile.example.org");
      expect(policy.get("img-src")).toContain("https://cdn.example");
    } finally {
      await secure.close();
    }
  });
});

describe("page requests the pages cannot answer", () => {
  it("answer any method but GET, HEAD and POST with 405 and the allowed methods", async () => {
    for (const method of ["TRACE", "DELETE", "PUT", "PATCH", "OPTIONS"]) {
      const response = await send(`${base}/en/board/free/1`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow, method).toBe("GET, HEAD, POST");
      expect(response.body, method).toContain("This address does not accept that kind of request.");
    }
    expect((await send(`${base}/board/free/1`, { method: "HEAD" })).status).toBe(418);
  });

  it("refuse a POST that is not an HTML form with 415, from its header alone", async () => {
    for (const type of [
      "application/json",
      "text/xml",
      "text/plain",
      "application/octet-stream",
      undefined,
    ]) {
      const response = await send(`${base}/login`, {
        method: "POST",
        headers: type ? { "Content-Type": type } : {},
        body: '{"identifier":"a"}',
      });
      expect(response.status, type).toBe(415);
      expect(response.body, type).toContain("보낸 내용의 형식을 처리할 수 없습니다.");
    }
    for (const type of [
      "application/x-www-form-urlencoded",
      "application/x-www-form-urlencoded; charset=UTF-8",
      "Multipart/Form-Data; boundary=----x",
    ]) {
      const response = await send(`${base}/login`, { method: "POST", headers: { "Content-Type": type } });
      expect(response.status, type).toBe(418);
    }
  });

  it("answer a path with NUL or another control character with 400, never the pages", async () => {
    for (const path of ["/profile/%00", "/board/free/%01", "/en/profile/a%0Ab", "/search/%7F", "/%C2%85"]) {
      const response = await send(`${base}${path}`);
      expect(response.status, path).toBe(400);
      expect(response.headers["content-type"], path).toMatch(/^text\/html/);
    }
    const api = await send(`${base}/api/alarm/%00/read`, { method: "POST" });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toMatchObject({ error: { code: "malformed_url" } });
    expect((await send(`${base}/profile/${encodeURIComponent("라이더")}`)).status).toBe(418);
  });

  it("keep the connection open after answering a page form without reading it", async () => {
    // As React Router does for a page without an action: the body becomes a request stream nobody reads.
    const server = http.createServer(
      createHttpApp({
        runtime,
        pages: (req, res) => {
          void createReadableStreamFromReadable(req);
          res.status(405).send("no action");
        },
      }),
    );
    let connections = 0;
    server.on("connection", () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(`http://127.0.0.1:${(server.address() as AddressInfo).port}/faq`, {
          method: "POST",
          agent,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
        request.on("response", (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", reject);
        request.end(body);
      });
    try {
      const big = `title=${"x".repeat(300_000)}`;
      expect([await post(big), await post(big), await post("title=a")]).toEqual([405, 405, 405]);
      // One connection served all three: a client that reuses it (as browsers do) is never reset.
      expect(connections).toBe(1);
    } finally {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("answer a query with NUL with 400, and leave any other query to the pages", async () => {
    for (const query of ["q=%00", "q=a%00b&page=1", "redirectTo=%2F%00"]) {
      expect((await send(`${base}/board/free?${query}`)).status, query).toBe(400);
    }
    const api = await send(`${base}/api/search?q=%00`);
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toMatchObject({ error: { code: "malformed_url" } });
    for (const query of [
      "q=%ED%8E%98%EB%8B%AC",
      "q=%E0%A4%A",
      "tab=100%25",
      "redirectTo=/%09/evil.example",
    ]) {
      expect((await send(`${base}/board/free?${query}`)).status, query).toBe(418);
    }
  });

  it("answer a missing built file with 404, not with a page or a server error", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-client-"));
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, "assets", "entry-abc123.js"), "export {};");
    const built = await listen(
      createHttpApp({
        runtime,
        mountStatic: serveClientBuild(clientDir),
        pages: (_req, res) => void res.status(418).send("page"),
      }),
    );
    try {
      expect((await send(`${built.base}/assets/entry-abc123.js`)).status).toBe(200);
      for (const missing of ["/assets/entry-gone.js", "/assets/nested/style-x.css"]) {
        const response = await send(`${built.base}${missing}`);
        expect(response.status, missing).toBe(404);
      }
      const english = await send(`${built.base}/assets/entry-gone.js`, {
        headers: { "Accept-Language": "en" },
      });
      expect(english.body).toContain("404");
      expect((await send(`${built.base}/assets/entry-abc123.js`, { method: "POST" })).status).toBe(405);
    } finally {
      await built.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
  it("serve the build's other files from a list made at start: a page's address never reaches the disk", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-client-"));
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.mkdirSync(path.join(clientDir, "icons"));
    fs.writeFileSync(path.join(clientDir, "favicon.ico"), "icon");
    fs.writeFileSync(path.join(clientDir, "icons", "share.png"), "share");
    const built = await listen(
      createHttpApp({
        runtime,
        mountStatic: serveClientBuild(clientDir),
        pages: (_req, res) => void res.status(418).send("page"),
      }),
    );
    const stat = vi.spyOn(fs, "stat");
    try {
      expect((await send(`${built.base}/favicon.ico`)).body).toBe("icon");
      expect((await send(`${built.base}/icons/share.png`)).body).toBe("share");
      const looked = stat.mock.calls.length;
      expect(looked).toBeGreaterThan(0);
      for (const page of ["/board/free", "/", "/icons", "/en/market/total"]) {
        const response = await send(`${built.base}${page}`);
        expect(response.status, page).toBe(418);
      }
      expect(stat.mock.calls.length).toBe(looked);
    } finally {
      stat.mockRestore();
      await built.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe("forwarded requests", () => {
  /** The address the pages see, as React Router rebuilds it from the request. */
  const seen: RequestHandler = (req, res) =>
    void res.status(418).json({
      protocol: req.protocol,
      host: req.get("host"),
      forwardedHost: req.get("x-forwarded-host") ?? null,
      forwardedProto: req.get("x-forwarded-proto") ?? null,
    });
  const forwarded = {
    Host: "127.0.0.1:3000",
    "X-Forwarded-Host": "moto.example",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-For": "198.51.100.7",
  };

  it("take the public scheme and host from a trusted proxy", async () => {
    const trusting = await listen(
      createHttpApp({
        runtime: { ...runtime, config: { ...runtime.config, trustedProxies: ["127.0.0.1"] } },
        pages: seen,
      }),
    );
    try {
      const response = await send(`${trusting.base}/board/free`, { headers: forwarded });
      // The proxy's own Host (with the upstream port) no longer mixes with the public name.
      expect(JSON.parse(response.body)).toMatchObject({ protocol: "https", host: "moto.example" });
    } finally {
      await trusting.close();
    }
  });

  it("drop forwarded headers from anybody else", async () => {
    const untrusting = await listen(createHttpApp({ runtime, pages: seen }));
    try {
      const response = await send(`${untrusting.base}/board/free`, { headers: forwarded });
      expect(JSON.parse(response.body)).toEqual({
        protocol: "http",
        host: "127.0.0.1:3000",
        forwardedHost: null,
        forwardedProto: null,
      });
    } finally {
      await untrusting.close();
    }
  });
});
