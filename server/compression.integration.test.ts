import { writeReadableStreamToWritable } from "@react-router/node";
import type { RequestHandler } from "express";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { compressAssets } from "../scripts/compress-assets";
import { createTestRuntime } from "#tests/setup/runtime";
import { createHttpApp, serveClientBuild } from "./app";
import { DYNAMIC_BROTLI } from "./compression";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});

/** A page of the size of /board/free, in the dozen chunks React Router writes it in. */
const pageChunks = Array.from(
  { length: 13 },
  (_, index) => `<section id="s${index}">${"<p>오늘의 라이딩 코스와 정비 이야기</p>".repeat(60)}</section>`,
);
const page = pageChunks.join("");

/** Answers a page the way @react-router/express does: a web stream written to the response, chunk by chunk. */
function streamedPage(stream: () => ReadableStream<Uint8Array>): RequestHandler {
  return (_req, res, next) => {
    res.status(200).type("html");
    writeReadableStreamToWritable(stream(), res).catch(next);
  };
}

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request: the headers are exactly the ones given (fetch would add its own Accept-Encoding). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const BROWSER = "gzip, deflate, br";

describe("dynamic answers", () => {
  it("are brotli at a low quality for a browser, and decode to the page", async () => {
    const made = vi.spyOn(zlib, "createBrotliCompress");
    const app = await listen(createHttpApp({ runtime, pages: streamedPage(() => streamOf(pageChunks)) }));
    try {
      const answer = await get(`${app.base}/board/free`, { "Accept-Encoding": BROWSER });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(page);
      expect(made).toHaveBeenCalledTimes(1);
      const params = made.mock.calls[0]![0]!.params!;
      expect(params[zlib.constants.BROTLI_PARAM_QUALITY]).toBe(3);
      expect(params[zlib.constants.BROTLI_PARAM_LGWIN]).toBe(18);
      expect(DYNAMIC_BROTLI.params).toEqual(params);
    } finally {
      made.mockRestore();
      await app.close();
    }
  });

  it("are gzip for a client that does not offer brotli", async () => {
    const app = await listen(createHttpApp({ runtime, pages: streamedPage(() => streamOf(pageChunks)) }));
    try {
      const answer = await get(`${app.base}/board/free`, { "Accept-Encoding": "gzip, deflate" });
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(answer.body).toString()).toBe(page);
    } finally {
      await app.close();
    }
  });

  it("are never flushed chunk by chunk: the page handler sees no res.flush", async () => {
    const flush = vi.spyOn(zlib.BrotliCompress.prototype, "flush");
    const offered: string[] = [];
    const pages: RequestHandler = (req, res, next) => {
      offered.push(typeof (res as { flush?: unknown }).flush);
      streamedPage(() => streamOf(pageChunks))(req, res, next);
    };
    const app = await listen(createHttpApp({ runtime, pages }));
    try {
      const answer = await get(`${app.base}/board/free`, { "Accept-Encoding": BROWSER });
      expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(page);
      expect(offered).toEqual(["undefined"]);
      expect(flush).not.toHaveBeenCalled();
    } finally {
      flush.mockRestore();
      await app.close();
    }
  });
});

describe("hashed assets", () => {
  let clientDir: string;
  let app: Awaited<ReturnType<typeof listen>>;
  const script = `export function ride(){return ${JSON.stringify("모토메이트 ".repeat(400))}}\n`;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-client-"));
    const assets = path.join(clientDir, "assets");
    fs.mkdirSync(assets);
    fs.writeFileSync(path.join(assets, "entry-abc123.js"), script);
    fs.writeFileSync(path.join(assets, "font-def456.woff2"), Buffer.alloc(4096, 7));
    compressAssets(assets);
    app = await listen(
      createHttpApp({
        runtime,
        mountStatic: serveClientBuild(clientDir),
        pages: (_req, res) => void res.status(418).send("page"),
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const immutable = "public, max-age=31536000, immutable";

  it("are sent as the brotli file written at build time, immutable, with the asset's type", async () => {
    const brotli = fs.readFileSync(path.join(clientDir, "assets", "entry-abc123.js.br"));
    const answer = await get(`${app.base}/assets/entry-abc123.js`, { "Accept-Encoding": BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers["cache-control"]).toBe(immutable);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.body.equals(brotli)).toBe(true);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("are sent as the gzip file to a client without brotli", async () => {
    const gzip = fs.readFileSync(path.join(clientDir, "assets", "entry-abc123.js.gz"));
    const answer = await get(`${app.base}/assets/entry-abc123.js`, { "Accept-Encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.body.equals(gzip)).toBe(true);
  });

  it("are sent as they are to a client that accepts no encoding, never compressed on the fly", async () => {
    const plain = await get(`${app.base}/assets/entry-abc123.js`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe(immutable);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(script);

    const deflateOnly = await get(`${app.base}/assets/entry-abc123.js`, { "Accept-Encoding": "deflate" });
    expect(deflateOnly.headers["content-encoding"]).toBeUndefined();
    expect(deflateOnly.body.toString()).toBe(script);
  });

  it("leave fonts in woff2 as they are", async () => {
    expect(fs.existsSync(path.join(clientDir, "assets", "font-def456.woff2.br"))).toBe(false);
    const font = await get(`${app.base}/assets/font-def456.woff2`, { "Accept-Encoding": BROWSER });
    expect(font.status).toBe(200);
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.headers["cache-control"]).toBe(immutable);
    expect(font.body.length).toBe(4096);
  });
});
