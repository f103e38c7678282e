import { createHmac, timingSafeEqual } from "node:crypto";
import type { ReviewImage } from "#app/db/schema";

export type { ReviewImage };
import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import type { RateRule } from "#app/platform/rate-limit.server";
import { HOUR_MS } from "#app/platform/seoul-calendar";
import type { FileStorage } from "#app/platform/storage/types";
import type { UploadInput } from "#app/services/uploads/uploads.server";
import { storeImage, thumbnailPath } from "#app/services/uploads/uploads.server";
import { allowUpload, recordUploads, type OwnedFile } from "#app/services/uploads/ownership.server";
import { DomainError, isDomainError } from "#app/services/errors";
import { REVIEW_IMAGES_MAX } from "./items";

/**
 * A review's images are stored when the member reaches the confirm step, and travel through the confirm page (and
 * back to the form) as references the server signed for that member: `{url, thumbnailUrl}` and an HMAC of them. So
 * a review can only ever show images this server stored for its author, never an address typed into a form.
 */

function signatureOf(secret: string, memberId: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`review-image\n${memberId}\n${payload}`).digest();
}

/** The reference a form carries for one stored image. */
export function signReviewImage(secret: string, memberId: string, image: ReviewImage): string {
  const payload = Buffer.from(JSON.stringify([image.url, image.thumbnailUrl]), "utf8").toString("base64url");
  return `${payload}.${signatureOf(secret, memberId, payload).toString("base64url")}`;
}

function readOne(secret: string, memberId: string, reference: string): ReviewImage | null {
  const [payload, signature, extra] = reference.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = signatureOf(secret, memberId, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [url, thumbnailUrl] = value as unknown[];
    if (typeof url !== "string" || typeof thumbnailUrl !== "string") return null;
    return { url, thumbnailUrl };
  } catch {
    return null;
  }
}

/** The images behind the references a form posted back; any reference the server did not sign is refused. */
export function readReviewImages(
  secret: string,
  memberId: string,
  references: readonly string[],
): ReviewImage[] {
  if (references.length > REVIEW_IMAGES_MAX) throw new DomainError("review", "images_max");
  const images = references.map((reference) => readOne(secret, memberId, reference));
  if (images.some((image) => image === null)) throw new DomainError("review", "image_invalid");
  return images as ReviewImage[];
}

/**
 * Previews that store photos, per member: a member writing one review previews a few times; storing photos over
 * and over without publishing is refused (ADR 051).
 */
export const REVIEW_PREVIEW_RATE: RateRule = { limit: 10, windowMs: HOUR_MS };

/**
 * Stores the photos chosen in the form as post images (re-encoded, metadata removed, a 240 px square thumbnail
 * beside each), recorded as the member's uploads, attached to nothing until the review is published. Either all are
 * stored or, when one is refused, none stays behind. A preview that stores photos counts against
 * `REVIEW_PREVIEW_RATE`.
 */
export async function storeReviewPhotos(
  { db, storage, clock }: { db: Database; storage: FileStorage; clock: Clock },
  ownerId: string,
  photos: readonly UploadInput[],
): Promise<ReviewImage[]> {
  if (photos.length > REVIEW_IMAGES_MAX) throw new DomainError("review", "images_max");
  if (photos.length === 0) return [];
  await allowUpload(db, clock, ownerId, "review-preview", REVIEW_PREVIEW_RATE);
  const files: OwnedFile[] = [];
  try {
    const images: ReviewImage[] = [];
    for (const [index, photo] of photos.entries()) {
      let stored;
      try {
        stored = await storeImage(storage, photo.body, {
          kind: "post",
          declaredType: photo.declaredType,
          clock,
        });
      } catch (error) {
        if (isDomainError(error, "upload"))
          throw new DomainError("upload", error.code, { ...error.details, index }, { cause: error });
        throw error;
      }
      const thumbnailKey = thumbnailPath(stored.key);
      files.push({ key: stored.key, url: stored.url, thumbnailKey, bytes: stored.bytes });
      images.push({ url: stored.url, thumbnailUrl: storage.url(thumbnailKey) });
    }
    await recordUploads(db, clock, ownerId, files);
    return images;
  } catch (error) {
    const keys = files.flatMap((file) => [file.key, thumbnailPath(file.key)]);
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    throw error;
  }
}
