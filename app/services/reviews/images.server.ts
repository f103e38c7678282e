import { createHmac, timingSafeEqual } from "node:crypto";
import type { ReviewImage } from "#app/db/schema";

export type { ReviewImage };
import type { Clock } from "#app/platform/clock.server";
import type { FileStorage } from "#app/platform/storage/types";
import type { UploadInput } from "#app/services/uploads/uploads.server";
import { storeImage, thumbnailPath } from "#app/services/uploads/uploads.server";
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
 * Stores the photos chosen in the form as post images (re-encoded, metadata removed, a 240 px square thumbnail
 * beside each). Either all are stored or, when one is refused, none stays behind.
 */
export async function storeReviewPhotos(
  storage: FileStorage,
  clock: Clock,
  photos: readonly UploadInput[],
): Promise<ReviewImage[]> {
  if (photos.length > REVIEW_IMAGES_MAX) throw new DomainError("review", "images_max");
  const keys: string[] = [];
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
      keys.push(stored.key, thumbnailPath(stored.key));
      images.push({ url: stored.url, thumbnailUrl: storage.url(thumbnailPath(stored.key)) });
    }
    return images;
  } catch (error) {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    throw error;
  }
}
