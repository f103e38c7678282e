import type { Request, Response, Router } from "express";
import type { MessageKey } from "#app/i18n";
import { hit, type RateRule } from "#app/platform/rate-limit.server";
import type { Runtime } from "#app/platform/runtime.server";
import { UploadError, uploadErrorStatus } from "#app/services/uploads/errors";
import { imageRules } from "#app/services/uploads/images.server";
import { storeImage } from "#app/services/uploads/uploads.server";
import { apiViewer, sendApiError } from "../api";

/** Post images a member may upload: plenty for ten-image posts and retries, too few for abuse. */
export const POST_IMAGE_RATE: RateRule = { limit: 60, windowMs: 10 * 60_000 };

/** One image of at most the post image limit, plus room for the multipart envelope. */
export const POST_IMAGE_BODY_LIMIT = imageRules.postImage.maxBytes + 64 * 1024;

const fail = (req: Request, res: Response, status: number, code: string) =>
  sendApiError(req, res, status, code, `editor.upload.error.${code}` as MessageKey);

/** The request body, or undefined as soon as it grows past `limit` (nothing more is read). */
async function readBody(req: Request, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The `file` parts of a multipart body, read with the platform's own form parser. */
async function fileParts(contentType: string, body: Buffer): Promise<File[] | undefined> {
  try {
    const form = await new Request("http://uploads.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: new Uint8Array(body),
    }).formData();
    return form.getAll("file").filter((value): value is File => typeof value !== "string");
  } catch {
    return undefined;
  }
}

/** JSON endpoints of the uploads part of the community, mounted under /api. */
export function mountUploadsApi(api: Router, runtime: Runtime): void {
  // An image for the rich-text editor: stored re-encoded without metadata; the editor inserts the answered URL.
  api.post("/uploads/post-image", async (req, res) => {
    res.set("Cache-Control", "no-store");
    const user = await apiViewer(req, runtime);
    if (!user) return fail(req, res, 401, "login_required");

    const verdict = await hit(
      runtime.db,
      `upload:post-image:${user.id}`,
      POST_IMAGE_RATE,
      runtime.clock.now(),
    );
    if (!verdict.allowed) {
      res.set("Retry-After", String(Math.ceil(verdict.retryAfterMs / 1000)));
      return fail(req, res, 429, "rate_limited");
    }

    const contentType = req.headers["content-type"] ?? "";
    if (!/^multipart\/form-data\s*;/i.test(contentType)) return fail(req, res, 400, "file_required");
    const body = await readBody(req, POST_IMAGE_BODY_LIMIT);
    if (!body) {
      // The rest of the upload is not read; closing lets the client see the answer at once.
      res.set("Connection", "close");
      return fail(req, res, 413, "too_large");
    }
    const files = await fileParts(contentType, body);
    if (!files || files.length === 0) return fail(req, res, 400, "file_required");
    if (files.length > 1) return fail(req, res, 400, "too_many_files");
    const file = files[0]!;

    try {
      const image = await storeImage(runtime.storage, Buffer.from(await file.arrayBuffer()), {
        kind: "post",
        declaredType: file.type,
        clock: runtime.clock,
      });
      res.status(201).json({ url: image.url, width: image.width, height: image.height });
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      return fail(req, res, uploadErrorStatus(error.code), error.code);
    }
  });
}
