import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import { assertStorageKey, type FileStorage, StorageError } from "./types";

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, NCloud Object Storage …) through the S3 REST API with
 * path-style addresses:
 *
 *     PUT    {endpoint}/{bucket}/{key}   body, Content-Type          → 200
 *     GET    {endpoint}/{bucket}/{key}                               → 200 body | 404 NoSuchKey
 *     DELETE {endpoint}/{bucket}/{key}                               → 204
 *
 * Every request is signed with AWS Signature Version 4 (aws4fetch) and carries the SHA-256 of its body in
 * x-amz-content-sha256, so the payload is covered by the signature. Errors come back as S3 XML
 * (`<Error><Code>…</Code><Message>…</Message></Error>`).
 */

export interface S3StorageOptions {
  /** The service's base URL, for example https://s3.ap-northeast-2.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load the files from (a CDN or the bucket's public address); `{endpoint}/{bucket}` otherwise. */
  publicUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** How long to wait for each answer. */
  timeoutMs?: number;
}

const bucketPattern = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function createS3Storage({
  endpoint,
  bucket,
  region,
  accessKeyId,
  secretAccessKey,
  publicUrl,
  fetch = globalThis.fetch,
  timeoutMs = 30_000,
}: S3StorageOptions): FileStorage {
  if (!/^https?:\/\/[^/]/.test(endpoint)) throw new TypeError("S3 endpoint must be an absolute http(s) URL");
  if (!bucketPattern.test(bucket)) throw new TypeError(`Invalid S3 bucket name ${JSON.stringify(bucket)}`);
  const base = `${endpoint.replace(/\/+$/, "")}/${bucket}`;
  const publicBase = (publicUrl ?? base).replace(/\/+$/, "");

  async function send(
    method: "PUT" | "GET" | "DELETE",
    key: string,
    body?: Buffer,
    contentType?: string,
  ): Promise<Response> {
    assertStorageKey(key);
    const payload = body ?? Buffer.alloc(0);
    const headers: Record<string, string> = {
      "x-amz-content-sha256": createHash("sha256").update(payload).digest("hex"),
    };
    if (contentType !== undefined) headers["content-type"] = contentType;
    const signed = await new AwsV4Signer({
      method,
      url: `${base}/${key}`,
      headers,
      accessKeyId,
      secretAccessKey,
      service: "s3",
      region,
    }).sign();
    try {
      return await fetch(signed.url, {
        method,
        headers: signed.headers,
        body: body === undefined ? undefined : new Uint8Array(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as { name?: unknown } | null)?.name === "TimeoutError";
      const reason = timedOut
        ? `no answer within ${timeoutMs} ms`
        : `the service could not be reached (${error instanceof Error ? error.message : String(error)})`;
      throw new StorageError("storage_failed", `S3 ${method} ${key} failed: ${reason}`, { cause: error });
    }
  }

  async function readError(response: Response): Promise<{ code?: string; message?: string }> {
    const text = await response.text().catch(() => "");
    return {
      code: /<Code>([^<]*)<\/Code>/.exec(text)?.[1],
      message: /<Message>([^<]*)<\/Message>/.exec(text)?.[1],
    };
  }

  function failure(
    method: string,
    key: string,
    status: number,
    { code, message }: { code?: string; message?: string },
  ): StorageError {
    const detail = [code, message].filter(Boolean).join(": ");
    return new StorageError(
      "storage_failed",
      `S3 ${method} ${key} answered HTTP ${status}${detail ? ` (${detail})` : ""}`,
    );
  }

  return {
    kind: "s3",

    async put(key, body, contentType) {
      const response = await send("PUT", key, body, contentType);
      if (!response.ok) throw failure("PUT", key, response.status, await readError(response));
      await response.body?.cancel();
    },

    async get(key) {
      const response = await send("GET", key);
      if (!response.ok) {
        const error = await readError(response);
        // A missing bucket also answers 404; that is a configuration fault, not a missing file.
        if (response.status === 404 && (error.code === undefined || error.code === "NoSuchKey"))
          return undefined;
        throw failure("GET", key, response.status, error);
      }
      let body: Buffer;
      try {
        body = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        throw new StorageError("storage_failed", `S3 GET ${key} failed while reading the body`, {
          cause: error,
        });
      }
      return { body, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },

    async delete(key) {
      const response = await send("DELETE", key);
      if (!response.ok) {
        const error = await readError(response);
        if (response.status === 404 && (error.code === undefined || error.code === "NoSuchKey")) return;
        throw failure("DELETE", key, response.status, error);
      }
      await response.body?.cancel();
    },

    url(key) {
      assertStorageKey(key);
      return `${publicBase}/${key}`;
    },
  };
}
