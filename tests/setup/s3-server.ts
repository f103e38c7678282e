import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local server that speaks a minimal S3 (path-style PUT/GET/DELETE of objects, XML errors) and checks every
// request's AWS Signature Version 4 itself, from the canonical request rules, with the known secret. The S3 adapter's
// contract test and the tests of several server processes sharing one bucket run against it.

// --- SigV4 verification, written from the specification (independent of the signing library) ---

export interface SignedRequest {
  method: string;
  /** The request target as sent: path and query, percent-encoded. */
  target: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

type Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };

export const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
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

export function canonicalRequest(
  request: SignedRequest,
  signedHeaders: string[],
  payloadHash: string,
): string {
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

export function verifySigV4(
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

export interface FakeS3Options {
  accessKeyId: string;
  secret: string;
  region: string;
  bucket: string;
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string, resource: string) {
  res
    .writeHead(status, { "Content-Type": "application/xml" })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
        `<Resource>${resource}</Resource><RequestId>TEST</RequestId></Error>`,
    );
}

/** Starts the fake on a free port of 127.0.0.1; its objects and the requests it saw are open to the test. */
export async function startFakeS3(options: FakeS3Options) {
  const state = {
    objects: new Map<string, { body: Buffer; contentType: string }>(),
    requests: [] as Recorded[],
    forcedError: undefined as { status: number; code: string } | "hang" | undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? "";
      const target = req.url ?? "/";
      const verdict = verifySigV4(
        { method, target, headers: req.headers, body },
        { accessKeyId: options.accessKeyId, secret: options.secret, region: options.region },
        new Date(),
      );
      const resource = target.split("?")[0]!;
      state.requests.push({ method, path: resource, headers: req.headers, verdict });
      if (!verdict.ok) return xmlError(res, verdict.status, verdict.code, verdict.message, resource);
      const forcedError = state.forcedError;
      if (forcedError === "hang") return;
      if (forcedError) {
        return xmlError(res, forcedError.status, forcedError.code, "Forced by the test", resource);
      }

      const [, bucket = "", ...rest] = resource.split("/");
      const key = rest.map(decodeURIComponent).join("/");
      if (bucket !== options.bucket)
        return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist", resource);
      if (key === "") return xmlError(res, 400, "InvalidRequest", "An object key is required", resource);

      switch (method) {
        case "PUT":
          state.objects.set(key, {
            body,
            contentType: headerValue(req.headers, "content-type") ?? "binary/octet-stream",
          });
          return res.writeHead(200, { ETag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
        case "GET": {
          const object = state.objects.get(key);
          if (!object) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.", resource);
          return res
            .writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length })
            .end(object.body);
        }
        case "DELETE":
          state.objects.delete(key);
          return res.writeHead(204).end();
        default:
          return xmlError(res, 405, "MethodNotAllowed", "The specified method is not allowed", resource);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    state,
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
