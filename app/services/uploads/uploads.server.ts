import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { type Clock, systemClock } from "#app/platform/clock.server";
import { seoulMonthPath } from "#app/platform/seoul-calendar";
import type { Logger } from "#app/platform/logger.server";
import type { FileStorage } from "#app/platform/storage/types";
import { imageRules, type ImageRules, type OutputFormat, processImage } from "./images.server";
import { checkPdf, MAX_PDF_BYTES } from "./pdf.server";
import { DomainError, isDomainError } from "#app/services/errors";

/**
 * The upload service every feature uses: it validates, re-encodes and stores the files under keys it generates, and
 * returns what the owning feature keeps in its own rows (key, url, size, dimensions, type). Files stored before
 * anything is published are recorded with their owner until something takes them (./ownership.server.ts).
 */

export type ImageKind = "avatar" | "business" | "post";

const rulesByKind: Record<ImageKind, ImageRules> = {
  avatar: imageRules.avatar,
  business: imageRules.businessImage,
  post: imageRules.postImage,
};

/** Most images one item may carry (a member's avatars, a shop's photos, a post's images). */
export const imageLimits: Record<ImageKind, number> = { avatar: 5, business: 3, post: 10 };

export interface StoredImage {
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
  contentType: string;
}

export interface StoredDocument {
  key: string;
  url: string;
  bytes: number;
  contentType: string;
}

export interface UploadInput {
  body: Buffer;
  /** The MIME type the browser declared; checked against the content, never trusted. */
  declaredType?: string;
}

interface StoreContext {
  clock?: Clock;
  /** Told about files a failed call could not remove again. */
  logger?: Pick<Logger, "warn">;
}

const extensions: Record<OutputFormat, string> = { webp: "webp", jpeg: "jpg", png: "png" };

/** `{kind}/{yyyy}/{mm}/{uuid}.{ext}`, the month in Korean time. */
export function storageKey(kind: string, extension: string, now: Date): string {
  return `${kind}/${seoulMonthPath(now)}/${randomUUID()}.${extension}`;
}

export async function storeImage(
  storage: FileStorage,
  input: Buffer,
  { kind, declaredType, clock = systemClock }: { kind: ImageKind; declaredType?: string } & StoreContext,
): Promise<StoredImage> {
  const image = await processImage(input, rulesByKind[kind], { declaredType });
  const key = storageKey(kind, extensions[image.format], clock.now());
  // A post's image (the editor uploads them one at a time) may become a listing's cover: its square is made now.
  if (kind === "post") await storage.put(thumbnailPath(key), await thumbnailOf(image.body), "image/webp");
  await storage.put(key, image.body, image.contentType);
  return {
    key,
    url: storage.url(key),
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    contentType: image.contentType,
  };
}

/** The edge of the square thumbnail stored beside every post image (twice the largest list cover, for dense screens). */
const THUMBNAIL_EDGE = 240;

/** A post image's thumbnail: the centre square, WebP. */
function thumbnailOf(body: Buffer): Promise<Buffer> {
  return sharp(body)
    .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: "cover" })
    .webp({ quality: 72 })
    .toBuffer();
}

/**
 * Where a post image's thumbnail is, by key or by address: beside it, `….thumb.webp`. Lists show covers through it,
 * so that twenty listings load twenty small squares rather than twenty photos of up to 2048 pixels.
 */
export function thumbnailPath(keyOrUrl: string): string {
  return keyOrUrl.replace(/\.[a-z]+$/, ".thumb.webp");
}

/**
 * Stores all of `inputs` or none of them. Every file is validated and re-encoded before the first one is stored;
 * a refusal names the file by its index. When storing fails half-way, the files this call already stored are
 * removed again before the error is passed on.
 */
export async function storeImages(
  storage: FileStorage,
  inputs: ReadonlyArray<Buffer | UploadInput>,
  { kind, max, clock = systemClock, logger }: { kind: ImageKind; max?: number } & StoreContext,
): Promise<StoredImage[]> {
  const limit = Math.min(max ?? imageLimits[kind], imageLimits[kind]);
  if (inputs.length > limit) throw new DomainError("upload", "too_many_files", { limit });

  const rules = rulesByKind[kind];
  const images = [];
  for (const [index, input] of inputs.entries()) {
    const { body, declaredType } = Buffer.isBuffer(input) ? { body: input, declaredType: undefined } : input;
    try {
      images.push(await processImage(body, rules, { declaredType }));
    } catch (error) {
      if (isDomainError(error, "upload")) {
        throw new DomainError("upload", error.code, { ...error.details, index }, { cause: error });
      }
      throw error;
    }
  }

  const stored: StoredImage[] = [];
  try {
    for (const image of images) {
      const key = storageKey(kind, extensions[image.format], clock.now());
      await storage.put(key, image.body, image.contentType);
      stored.push({
        key,
        url: storage.url(key),
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        contentType: image.contentType,
      });
    }
  } catch (error) {
    await removeAll(
      storage,
      stored.map((image) => image.key),
      logger,
    );
    throw error;
  }
  return stored;
}

/** Checks and stores a PDF as uploaded, under `{kind}/{yyyy}/{mm}/{uuid}.pdf`. */
export async function storePdf(
  storage: FileStorage,
  input: Buffer,
  { kind, maxBytes = MAX_PDF_BYTES, clock = systemClock }: { kind: string; maxBytes?: number } & StoreContext,
): Promise<StoredDocument> {
  const pdf = checkPdf(input, maxBytes);
  const key = storageKey(kind, "pdf", clock.now());
  await storage.put(key, input, pdf.contentType);
  return { key, url: storage.url(key), bytes: pdf.bytes, contentType: pdf.contentType };
}

async function removeAll(storage: FileStorage, keys: string[], logger: StoreContext["logger"]) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === "rejected") {
      logger?.warn({ key: keys[index], err: result.reason }, "could not remove a file of a failed upload");
    }
  });
}
