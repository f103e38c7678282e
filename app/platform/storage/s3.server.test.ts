import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  canonicalRequest,
  sha256,
  startFakeS3,
  verifySigV4,
  type SignedRequest,
} from "#tests/setup/s3-server";
import { createS3Storage, type S3StorageOptions } from "./s3.server";
import { StorageError } from "./types";

// Contract test of the S3 adapter against a local server that speaks a minimal S3 and checks every request's AWS
// Signature Version 4 (tests/setup/s3-server.ts).

const ACCESS_KEY_ID = "AKIDMOTOMATETEST0001";
const SECRET = "mOtOmAtE/sEcReT+kEy/0123456789abcdefghij";
const REGION = "ap-northeast-2";
const BUCKET = "motomate-test";

let fake: Awaited<ReturnType<typeof startFakeS3>>;
let endpoint: string;
const objects = () => fake.state.objects;
const requests = () => fake.state.requests;

beforeAll(async () => {
  fake = await startFakeS3({ accessKeyId: ACCESS_KEY_ID, secret: SECRET, region: REGION, bucket: BUCKET });
  endpoint = fake.endpoint;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.state.objects.clear();
  fake.state.requests.length = 0;
  fake.state.forcedError = undefined;
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
    expect(objects().get(KEY)).toEqual({ body, contentType: "image/webp" });
    expect(await s3.get(KEY)).toEqual({ body, contentType: "image/webp" });
    await s3.delete(KEY);
    expect(objects().has(KEY)).toBe(false);
    expect(await s3.get(KEY)).toBeUndefined();

    expect(requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /${BUCKET}/${KEY}`,
      `GET /${BUCKET}/${KEY}`,
      `DELETE /${BUCKET}/${KEY}`,
      `GET /${BUCKET}/${KEY}`,
    ]);
    for (const request of requests()) {
      expect(request.verdict).toEqual({ ok: true });
      expect(request.headers.authorization).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/${REGION}/s3/aws4_request, `),
      );
      expect(request.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
    }
    // The payload itself is signed, not UNSIGNED-PAYLOAD.
    expect(requests()[0]!.headers["x-amz-content-sha256"]).toBe(sha256(body));
    expect(requests()[1]!.headers["x-amz-content-sha256"]).toBe(sha256(""));
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
    expect(objects().size).toBe(0);
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
    expect(objects().size).toBe(0);
  });

  it("answers undefined for a missing key but fails for a missing bucket", async () => {
    expect(await storage().get("avatar/none.webp")).toBeUndefined();
    await expect(storage().delete("avatar/none.webp")).resolves.toBeUndefined();
    const error = await refusal(storage({ bucket: "no-such-bucket" }).get("avatar/none.webp"));
    expect(error.message).toContain("NoSuchBucket");
  });

  it("fails on server errors", async () => {
    fake.state.forcedError = { status: 500, code: "InternalError" };
    const error = await refusal(storage().put(KEY, Buffer.from("x"), "image/webp"));
    expect(error.message).toContain("500");
    expect(error.message).toContain("InternalError");
    await refusal(storage().get(KEY));
  });

  it("fails when the service does not answer in time", async () => {
    fake.state.forcedError = "hang";
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
    expect(requests()).toHaveLength(0);
    expect(s3.url(KEY)).toBe(`${endpoint}/${BUCKET}/${KEY}`);
    expect(storage({ publicUrl: "https://cdn.motomate.kr/" }).url(KEY)).toBe(
      `https://cdn.motomate.kr/${KEY}`,
    );
    expect(() => storage({ bucket: "Bad_Bucket" })).toThrow(TypeError);
    expect(() => storage({ endpoint: "s3.example.com" })).toThrow(TypeError);
  });
});
