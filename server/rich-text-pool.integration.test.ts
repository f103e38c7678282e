import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import { submitWriteForm } from "#app/routes/board/write-form.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { joiningConsents } from "#tests/setup/consents";
import { listCategories } from "#app/services/board/articles.server";
import { RICH_TEXT_MAX_BYTES } from "#app/services/content/limits";
import { setRichTextRunner } from "#app/services/content/rich-text-runner.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { createHttpApp } from "./app";
import { createRichTextPool, type RichTextPool } from "./rich-text-pool";

let base: string;
let server: http.Server;
let runtime: Runtime;
let pool: RichTextPool;
let cookie: string;
let categoryId: string;
/** Resolved each time a worker thread is given rich text to read. */
let workerStarted: () => void = () => undefined;

function isRouteErrorData(thrown: unknown): thrown is { init: ResponseInit | null } {
  return typeof thrown === "object" && thrown !== null && "init" in thrown && "data" in thrown;
}

/** The board write page's action behind plain HTTP: a redirect, or the refusal's code as JSON. */
async function writePage(req: ExpressRequest, res: ExpressResponse) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(name, value);
  const request = new Request(new URL(req.originalUrl, runtime.config.publicUrl), {
    method: req.method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
  let result: Awaited<ReturnType<typeof submitWriteForm>>;
  try {
    result = await submitWriteForm(request, "board");
  } catch (thrown) {
    // A body over the form's limit is thrown as the page's error (413) before it is parsed.
    if (isRouteErrorData(thrown)) return void res.status(thrown.init!.status!).end();
    throw thrown;
  }
  if (result instanceof Response) return void res.status(result.status).end();
  // A service refusal names its code; the form schema's names the field's message key (board.error.<code>).
  const refusal = result as unknown as {
    data: { error?: { code: string }; lastResult?: { error?: Record<string, string[] | null> } };
    init: { status: number };
  };
  const fieldKey = refusal.data.lastResult?.error?.content?.[0];
  res
    .status(refusal.init.status)
    .json(refusal.data.error ?? { code: fieldKey?.replace(/^board\.error\./, "") });
}

beforeAll(async () => {
  runtime = await createTestRuntime();
  setRuntime(runtime);
  pool = createRichTextPool();
  setRichTextRunner((task) => {
    workerStarted();
    return pool.run(task);
  });
  const app = createHttpApp({
    runtime,
    pages: (req, res, next) => {
      if (req.method === "POST" && req.path === "/board/write") return void writePage(req, res).catch(next);
      res.status(404).end();
    },
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const email = "pool@example.com";
  const signedUp = await signUpWithEmail(
    runtime,
    { email, password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: "203.0.113.9" }),
  );
  cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  await runtime.db
    .update(member)
    .set({ nickname: "일꾼", onboarding: "welcomed" })
    .where(eq(member.email, email));
  categoryId = String((await listCategories(runtime.db, "free"))[0]!.id);
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setRichTextRunner(undefined);
  await pool.close();
  setRuntime(undefined);
});

function post(content: string) {
  return fetch(`${base}/board/write`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ kind: "free", categoryId, title: "최악의 글", content, token: randomUUID() }),
    redirect: "manual",
  });
}

/** `unit` repeated to just under the byte limit, after `head`. */
const filled = (head: string, unit: string) =>
  head + unit.repeat(Math.floor((RICH_TEXT_MAX_BYTES - Buffer.byteLength(head)) / Buffer.byteLength(unit)));

describe("rich text on worker threads", () => {
  it("answers /healthz while a worst-case 200 KB post is read, and then stores the post", async () => {
    const started = new Promise<void>((resolve) => (workerStarted = resolve));
    // The most work a body within the limits can cost: 28,000 tiny elements, every one sanitised.
    let writeAnswered = false;
    const write = post(filled("<p>x</p>", "<b></b>")).then((response) => {
      writeAnswered = true;
      return response;
    });
    await started;
    let healthChecks = 0;
    do {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      healthChecks += 1;
      // Answered while the worker still reads the post: the first one at least.
      if (healthChecks === 1) expect(writeAnswered).toBe(false);
    } while (!writeAnswered);
    expect(healthChecks).toBeGreaterThanOrEqual(1);
    expect((await write).status).toBe(302);
  });

  it("refuses unclosed nesting on the worker and an oversized body before any thread reads it", async () => {
    let reads = 0;
    workerStarted = () => (reads += 1);
    const deep = await post(filled("", "<p><b><i><u><s>"));
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { code: string }).code).toBe("content_too_deep");
    expect(reads).toBe(1);
    // Over the content's limit but within the form's: the service refuses it before any thread reads it.
    const large = await post("<p>x</p>".repeat(Math.ceil(RICH_TEXT_MAX_BYTES / 8) + 1));
    expect(large.status).toBe(400);
    expect(((await large.json()) as { code: string }).code).toBe("content_too_large");
    // The body that once kept the server busy for 97 s: over the form's limit, refused before it is parsed.
    const huge = await post("<p><b><i><u><s>".repeat(66_000));
    expect(huge.status).toBe(413);
    expect(reads).toBe(1);
  });
});
