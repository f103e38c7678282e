import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createS3Storage, type S3StorageOptions } from "./s3.server";
import { StorageError } from "./types";

// Contract test of the S3 adapter against a local server that speaks a minimal S3 (path-style PUT/GET/DELETE of
// objects, XML errors) and checks every request's AWS Signature Version 4 itself, from the canonical request rules,
// with the known secret.

const ACCESS_KEY_ID = "AKIDMOTOMATETEST0001";
const SECRET = "mOtOmAtE/sEcReT+kEy/0123456789abcdefghij";
const REGION = "ap-northeast-2";
const BUCKET = "motomate-test";

// --- SigV4 verification, written from the specification (independent of the signing library) ---

interface SignedRequest {
  method: string;
  /** The request target as sent: path and query, percent-encoded. */
  target: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

type Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** URI-encode as SigV4 requires: everything but A-Z a-z 0-9 - _ . ~ as %XY with upper-case hex. */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function headerValue(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

function canonicalRequest(request: SignedRequest, signedHeaders: string[], payloadHash: string): string {
  const [rawPath = "/", rawQuery = ""] = request.target.split("?", 2);
  // S3 does not normalise the path: each segment is decoded once and encoded again.
  const canonicalUri = rawPath
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", value = ""] = pair.split("=", 2);
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  return [
    request.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(";"),
    payloadHash,
  ].join("\n");
}

function verifySigV4(
  request: SignedRequest,
  credentials: { accessKeyId: string; secret: string; region: string },
  now: Date,
): Verdict {
  const deny = (code: string, message: string, status = 403): Verdict => ({
    ok: false,
    status,
    code,
    message,
  });
  const authorization = headerValue(request.headers, "authorization");
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization ?? "",
    );
  if (!match) return deny("AccessDenied", "Missing or malformed AWS4-HMAC-SHA256 authorization");
  const [, accessKeyId, scopeDate, region, service, signedHeaderList, signature] =
    match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) return deny("InvalidAccessKeyId", "Unknown access key");
  if (region !== credentials.region || service !== "s3") {
    return deny("AuthorizationHeaderMalformed", "Wrong region or service in the credential scope", 400);
  }

  const amzDate = headerValue(request.headers, "x-amz-date") ?? "";
  const parsed = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!parsed) return deny("AccessDenied", "Missing or malformed x-amz-date");
  if (amzDate.slice(0, 8) !== scopeDate) {
    return deny("AuthorizationHeaderMalformed", "Credential date does not match x-amz-date", 400);
  }
  const [, y, mo, d, h, mi, s] = parsed.map(Number) as number[];
  const signedAt = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  if (Math.abs(now.getTime() - signedAt) > 15 * 60 * 1000) {
    return deny(
      "RequestTimeTooSkewed",
      "The difference between the request time and the server's time is too large",
    );
  }

  const signedHeaders = signedHeaderList!.split(";");
  const sorted = [...signedHeaders].sort();
  if (signedHeaders.join(";") !== sorted.join(";"))
    return deny("AccessDenied", "SignedHeaders are not sorted");
  const mustSign = ["host", ...Object.keys(request.headers).filter((name) => name.startsWith("x-amz-"))];
  for (const name of mustSign) {
    if (!signedHeaders.includes(name)) return deny("AccessDenied", `Header ${name} is not signed`);
  }

  const payloadHash = headerValue(request.headers, "x-amz-content-sha256");
  if (!payloadHash) return deny("InvalidRequest", "Missing x-amz-content-sha256", 400);
  if (payloadHash !== sha256(request.body)) {
    return deny(
      "XAmzContentSHA256Mismatch",
      "The provided x-amz-content-sha256 does not match the body",
      400,
    );
  }

  const canonical = canonicalRequest(request, signedHeaders, payloadHash);
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secret}`, scopeDate!), region!), "s3"),
    "aws4_request",
  );
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature!, "hex");
  if (!timingSafeEqual(expected, given)) {
    return deny(
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided",
    );
  }
  return { ok: true };
}

// --- the minimal S3 server ---

interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  verdict: Verdict;
}

let objects: Map<string, { body: Buffer; contentType: string }>;
let requests: Recorded[];
let forcedError: { status: number; code: string } | "hang" | undefined;
let server: http.Server;
let endpoint: string;

function xmlError(res: http.ServerResponse, status: number, code: string, message: string, resource: string) {
  res
    .writeHead(status, { "Content-Type": "application/xml" })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
        `<Resource>${resource}</Resource><RequestId>TEST</RequestId></Error>`,
    );
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? "";
      const target = req.url ?? "/";
      const verdict = verifySigV4(
        { method, target, headers: req.headers, body },
        { accessKeyId: ACCESS_KEY_ID, secret: SECRET, region: REGION },
        new Date(),
      );
      const resource = target.split("?")[0]!;
      requests.push({ method, path: resource, headers: req.headers, verdict });
      if (!verdict.ok) return xmlError(res, verdict.status, verdict.code, verdict.message, resource);
      if (forcedError === "hang") return;
      if (forcedError) {
        return xmlError(res, forcedError.status, forcedError.code, "Forced by the test", resource);
      }

      const [, bucket = "", ...rest] = resource.split("/");
      const key = rest.map(decodeURIComponent).join("/");
      if (bucket !== BUCKET)
        return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist", resource);
      if (key === "") return xmlError(res, 400, "InvalidRequest", "An object key is required", resource);

      switch (method) {
        case "PUT":
          objects.set(key, {
            body,
            contentType: headerValue(req.headers, "content-type") ?? "binary/octet-stream",
          });
          return res.writeHead(200, { ETag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
        case "GET": {
          const object = objects.get(key);
          if (!object) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.", resource);
          return res
            .writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length })
            .end(object.body);
        }
        case "DELETE":
          objects.delete(key);
          return res.writeHead(204).end();
        default:
          return xmlError(res, 405, "MethodNotAllowed", "The specified method is not allowed", resource);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  objects = new Map();
  requests = [];
  forcedError = undefined;
});

function storage(options: Partial<S3StorageOptions> = {}) {
  return createS3Storage({
    endpoint,
    bucket: BUCKET,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET,
    ...options,
  });
}

async function refusal(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  const storageError = error as StorageError;
  expect(storageError.message).not.toContain(SECRET);
  return storageError;
}

const KEY = "post/2026/11/0b6c8f2e-4a51-4f4c-9d7e-2f0c1a3b5d6e.webp";

describe("the test's SigV4 verifier", () => {
  it("reproduces the GET Object example of the AWS S3 documentation", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html (example: GET Object)
    const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const request: SignedRequest = {
      method: "GET",
      target: "/test.txt",
      headers: {
        host: "examplebucket.s3.amazonaws.com",
        range: "bytes=0-9",
        "x-amz-content-sha256": emptyHash,
        "x-amz-date": "20130524T000000Z",
        authorization:
          "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
          "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
          "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
      },
      body: Buffer.alloc(0),
    };
    const credentials = {
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      region: "us-east-1",
    };
    const at = new Date("2013-05-24T00:00:00Z");
    expect(
      sha256(canonicalRequest(request, ["host", "range", "x-amz-content-sha256", "x-amz-date"], emptyHash)),
    ).toBe("7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972");
    expect(verifySigV4(request, credentials, at)).toEqual({ ok: true });
    expect(verifySigV4({ ...request, target: "/test2.txt" }, credentials, at)).toMatchObject({
      ok: false,
      code: "SignatureDoesNotMatch",
    });
    expect(verifySigV4(request, { ...credentials, secret: "wrong" }, at)).toMatchObject({
      ok: false,
      code: "SignatureDoesNotMatch",
    });
    expect(verifySigV4(request, credentials, new Date("2013-05-24T00:20:00Z"))).toMatchObject({
      ok: false,
      code: "RequestTimeTooSkewed",
    });
  });
});

describe("S3 storage", () => {
  it("puts, gets and deletes an object with path-style, signed requests", async () => {
    const s3 = storage();
    expect(s3.kind).toBe("s3");
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x10, 0x80]);

    await s3.put(KEY, body, "image/webp");
    expect(objects.get(KEY)).toEqual({ body, contentType: "image/webp" });
    expect(await s3.get(KEY)).toEqual({ body, contentType: "image/webp" });
    await s3.delete(KEY);
    expect(objects.has(KEY)).toBe(false);
    expect(await s3.get(KEY)).toBeUndefined();

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /${BUCKET}/${KEY}`,
      `GET /${BUCKET}/${KEY}`,
      `DELETE /${BUCKET}/${KEY}`,
      `GET /${BUCKET}/${KEY}`,
    ]);
    for (const request of requests) {
      expect(request.verdict).toEqual({ ok: true });
      expect(request.headers.authorization).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/${REGION}/s3/aws4_request, `),
      );
      expect(request.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
    }
    // The payload itself is signed, not UNSIGNED-PAYLOAD.
    expect(requests[0]!.headers["x-amz-content-sha256"]).toBe(sha256(body));
    expect(requests[1]!.headers["x-amz-content-sha256"]).toBe(sha256(""));
  });

  it("stores a larger binary body intact", async () => {
    const s3 = storage();
    const body = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < body.length; i++) body[i] = (i * 31) & 0xff;
    await s3.put("post/2026/11/big.jpg", body, "image/jpeg");
    expect((await s3.get("post/2026/11/big.jpg"))?.body.equals(body)).toBe(true);
  });

  it("fails with the server's S3 error when the secret is wrong, and stores nothing", async () => {
    const s3 = storage({ secretAccessKey: "not-the-secret" });
    const error = await refusal(s3.put(KEY, Buffer.from("x"), "image/webp"));
    expect(error.code).toBe("storage_failed");
    expect(error.message).toContain("403");
    expect(error.message).toContain("SignatureDoesNotMatch");
    expect(objects.size).toBe(0);
    await refusal(s3.get(KEY));
    await refusal(s3.delete(KEY));
  });

  it("fails with InvalidAccessKeyId for an unknown access key", async () => {
    const error = await refusal(
      storage({ accessKeyId: "AKIDUNKNOWN" }).put(KEY, Buffer.from("x"), "image/webp"),
    );
    expect(error.message).toContain("InvalidAccessKeyId");
  });

  it("is refused when the request is changed after signing", async () => {
    // A body swapped on the way no longer matches x-amz-content-sha256.
    const swapBody: typeof fetch = (input, init) =>
      fetch(input, { ...init, body: new Uint8Array([1, 2, 3]) });
    const bodyError = await refusal(storage({ fetch: swapBody }).put(KEY, Buffer.from("x"), "image/webp"));
    expect(bodyError.message).toContain("XAmzContentSHA256Mismatch");

    // Another key with the same signature.
    const otherKey: typeof fetch = (input, init) => fetch(String(input).replace("/post/", "/avatar/"), init);
    const keyError = await refusal(storage({ fetch: otherKey }).put(KEY, Buffer.from("x"), "image/webp"));
    expect(keyError.message).toContain("SignatureDoesNotMatch");

    // A signed header changed.
    const otherPayload: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("x-amz-content-sha256", sha256("y"));
      return fetch(input, { ...init, headers, body: Buffer.from("y") });
    };
    const headerError = await refusal(
      storage({ fetch: otherPayload }).put(KEY, Buffer.from("x"), "image/webp"),
    );
    expect(headerError.message).toContain("SignatureDoesNotMatch");
    expect(objects.size).toBe(0);
  });

  it("answers undefined for a missing key but fails for a missing bucket", async () => {
    expect(await storage().get("avatar/none.webp")).toBeUndefined();
    await expect(storage().delete("avatar/none.webp")).resolves.toBeUndefined();
    const error = await refusal(storage({ bucket: "no-such-bucket" }).get("avatar/none.webp"));
    expect(error.message).toContain("NoSuchBucket");
  });

  it("fails on server errors", async () => {
    forcedError = { status: 500, code: "InternalError" };
    const error = await refusal(storage().put(KEY, Buffer.from("x"), "image/webp"));
    expect(error.message).toContain("500");
    expect(error.message).toContain("InternalError");
    await refusal(storage().get(KEY));
  });

  it("fails when the service does not answer in time", async () => {
    forcedError = "hang";
    const started = Date.now();
    const error = await refusal(storage({ timeoutMs: 200 }).put(KEY, Buffer.from("x"), "image/webp"));
    expect(error.message).toContain("no answer within 200 ms");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("fails when the service cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await refusal(storage({ endpoint: url }).put(KEY, Buffer.from("x"), "image/webp"));
    expect(error.message).toContain("could not be reached");
  });

  it("refuses bad keys without a request and builds public URLs", async () => {
    const s3 = storage();
    for (const key of ["../x", "/abs", "a/../b"]) {
      expect((await refusal(s3.put(key, Buffer.from("x"), "image/png"))).code).toBe("invalid_key");
      expect((await refusal(s3.get(key))).code).toBe("invalid_key");
    }
    expect(requests).toHaveLength(0);
    expect(s3.url(KEY)).toBe(`${endpoint}/${BUCKET}/${KEY}`);
    expect(storage({ publicUrl: "https://cdn.motomate.kr/" }).url(KEY)).toBe(
      `https://cdn.motomate.kr/${KEY}`,
    );
    expect(() => storage({ bucket: "Bad_Bucket" })).toThrow(TypeError);
    expect(() => storage({ endpoint: "s3.example.com" })).toThrow(TypeError);
  });
});
