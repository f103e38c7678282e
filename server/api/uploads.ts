import express, { type Request, type Router } from "express";
import { hit, type RateRule } from "#app/platform/rate-limit.server";
import type { Runtime } from "#app/platform/runtime.server";
import { imageRules } from "#app/services/uploads/images.server";
import { recordUploads } from "#app/services/uploads/ownership.server";
import { storeImage, thumbnailPath } from "#app/services/uploads/uploads.server";
import { apiViewer, handler, refuse } from "./kit";

/** Post images a member may upload: plenty for ten-image posts and retries, too few for abuse. */
export const POST_IMAGE_RATE: RateRule = { limit: 60, windowMs: 10 * 60_000 };

/** One image of at most the post image limit, plus room for the multipart envelope. */
const POST_IMAGE_BODY_LIMIT = imageRules.postImage.maxBytes + 64 * 1024;

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

/**
 * Uploads: an image for the rich-text editor, stored re-encoded without metadata and recorded as the member's; the
 * editor inserts its URL, and the post that is published with it takes it (else it is collected a day later).
 */
export function uploadsRouter(runtime: Runtime): Router {
  const router = express.Router();
  router.post(
    "/uploads/post-image",
    handler(
      async (req, res) => {
        const user = await apiViewer(req, runtime);
        if (!user) refuse("upload", "login_required");

        const verdict = await hit(
          runtime.db,
          `upload:post-image:${user.id}`,
          POST_IMAGE_RATE,
          runtime.clock.now(),
        );
        if (!verdict.allowed) {
          res.set("Retry-After", String(Math.ceil(verdict.retryAfterMs / 1000)));
          refuse("upload", "rate_limited");
        }

        const contentType = req.headers["content-type"] ?? "";
        if (!/^multipart\/form-data\s*;/i.test(contentType)) refuse("upload", "file_required");
        const body = await readBody(req, POST_IMAGE_BODY_LIMIT);
        if (!body) {
          // The rest of the upload is not read; closing lets the client see the answer at once.
          res.set("Connection", "close");
          refuse("upload", "too_large");
        }
        const files = await fileParts(contentType, body);
        if (!files || files.length === 0) refuse("upload", "file_required");
        if (files.length > 1) refuse("upload", "too_many_files");
        const file = files[0]!;

        // A file the image rules refuse is answered by the handler from its code.
        const image = await storeImage(runtime.storage, Buffer.from(await file.arrayBuffer()), {
          kind: "post",
          declaredType: file.type,
          clock: runtime.clock,
        });
        await recordUploads(runtime.db, runtime.clock, user.id, [
          { key: image.key, url: image.url, thumbnailKey: thumbnailPath(image.key), bytes: image.bytes },
        ]);
        res.status(201).json({ url: image.url, width: image.width, height: image.height });
      },
      { cache: "no-store" },
    ),
  );
  return router;
}
