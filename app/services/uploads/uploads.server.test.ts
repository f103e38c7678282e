import { DomainError } from "#app/services/errors";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FixedClock } from "#app/platform/clock.server";
import { createLocalStorage } from "#app/platform/storage/local.server";
import { type FileStorage, StorageError } from "#app/platform/storage/types";
import type { UploadErrorCode } from "./errors";
import { imageLimits, storageKey, storeImage, storeImages, storePdf, thumbnailPath } from "./uploads.server";
import { gif, jpeg, phoneJpeg, png, readExif } from "./test-images";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempStorage() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-uploads-"));
  dirs.push(root);
  return { root, storage: createLocalStorage({ root }) };
}

function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function refusal(promise: Promise<unknown>, code: UploadErrorCode): Promise<DomainError<"upload">> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError<"upload">).code).toBe(code);
  return error as DomainError<"upload">;
}

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

describe("storage keys", () => {
  it("are {kind}/{yyyy}/{mm}/{uuid}.{ext} with the month in Korean time", () => {
    expect(storageKey("avatar", "webp", new Date("2026-11-15T03:00:00Z"))).toMatch(
      new RegExp(`^avatar/2026/11/${uuid}\\.webp$`),
    );
    // 2026-11-30 16:00 UTC is already December 1st in Seoul.
    expect(storageKey("post", "webp", new Date("2026-11-30T16:00:00Z"))).toMatch(/^post\/2026\/12\//);
    expect(storageKey("post", "webp", new Date("2026-12-31T15:30:00Z"))).toMatch(/^post\/2027\/01\//);
    expect(storageKey("a", "b", new Date())).not.toBe(storageKey("a", "b", new Date()));
  });
});

describe("storeImage", () => {
  it("stores a re-encoded avatar without EXIF or GPS, the right way up, under a generated key", async () => {
    const { root, storage } = tempStorage();
    const input = await phoneJpeg();
    const exif = (await sharp(input).metadata()).exif;
    expect(readExif(exif!).gps?.latitudeRef).toBe("N");

    const clock = new FixedClock(new Date("2026-11-15T03:00:00Z"));
    const stored = await storeImage(storage, input, { kind: "avatar", declaredType: "image/jpeg", clock });
    expect(stored.key).toMatch(new RegExp(`^avatar/2026/11/${uuid}\\.webp$`));
    expect(stored).toMatchObject({
      url: `/uploads/${stored.key}`,
      width: 100,
      height: 200,
      contentType: "image/webp",
    });

    const file = await storage.get(stored.key);
    expect(file?.contentType).toBe("image/webp");
    expect(file?.body.length).toBe(stored.bytes);
    const metadata = await sharp(file!.body).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 100, height: 200 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(listFiles(root)).toEqual([stored.key]);
  });

  it("stores business images as JPEG and refuses what the preset does not allow", async () => {
    const { root, storage } = tempStorage();
    const stored = await storeImage(storage, await png(3000, 1000), { kind: "business" });
    expect(stored.key).toMatch(/^business\/\d{4}\/\d{2}\/[0-9a-f-]+\.jpg$/);
    expect(stored).toMatchObject({ width: 2048, height: 683, contentType: "image/jpeg" });

    await refusal(storeImage(storage, await gif(20, 20), { kind: "business" }), "unsupported_type");
    await refusal(
      storeImage(storage, await png(20, 20), { kind: "post", declaredType: "image/jpeg" }),
      "type_mismatch",
    );
    expect(listFiles(root)).toEqual([stored.key]);
  });
});

describe("post images", () => {
  it("get a square WebP thumbnail beside them, for list covers", async () => {
    const { root, storage } = tempStorage();
    const stored = await storeImage(storage, await png(1600, 900), { kind: "post" });
    expect(thumbnailPath(stored.url)).toBe(stored.url.replace(/\.webp$/, ".thumb.webp"));
    const thumbnail = await storage.get(thumbnailPath(stored.key));
    expect(await sharp(thumbnail!.body).metadata()).toMatchObject({
      format: "webp",
      width: 240,
      height: 240,
    });
    expect(listFiles(root).sort()).toEqual([stored.key, thumbnailPath(stored.key)].sort());
  });
});

describe("storeImages", () => {
  it("stores several post images and returns them in order", async () => {
    const { root, storage } = tempStorage();
    const stored = await storeImages(
      storage,
      [await jpeg(300, 200), { body: await png(200, 300), declaredType: "image/png" }, await gif(50, 50)],
      { kind: "post" },
    );
    expect(stored.map((image) => [image.width, image.height])).toEqual([
      [300, 200],
      [200, 300],
      [50, 50],
    ]);
    expect(new Set(stored.map((image) => image.key)).size).toBe(3);
    expect(listFiles(root).sort()).toEqual(stored.map((image) => image.key).sort());
  });

  it("stores nothing when one of four files is bad, and names the file", async () => {
    const { root, storage } = tempStorage();
    const good = await jpeg(120, 80);
    const error = await refusal(
      storeImages(storage, [good, good, good, { body: await png(40, 40), declaredType: "image/jpeg" }], {
        kind: "post",
      }),
      "type_mismatch",
    );
    expect(error.details.index).toBe(3);
    expect(error.message).toBe("upload.type_mismatch");
    expect(error.cause).toBeInstanceOf(DomainError);
    expect(listFiles(root)).toEqual([]);
  });

  it("removes the files it already stored when storing a later one fails", async () => {
    const { root, storage: local } = tempStorage();
    let puts = 0;
    const storage: FileStorage = {
      ...local,
      async put(key, body, contentType) {
        if (++puts === 3) throw new StorageError("storage_failed", "disk full");
        return local.put(key, body, contentType);
      },
    };
    const good = await jpeg(120, 80);
    await expect(storeImages(storage, [good, good, good, good], { kind: "post" })).rejects.toThrow(
      "disk full",
    );
    expect(puts).toBe(3);
    expect(listFiles(root)).toEqual([]);
  });

  it("tells the logger about files it could not remove again", async () => {
    const { storage: local } = tempStorage();
    let puts = 0;
    const storage: FileStorage = {
      ...local,
      async put(key, body, contentType) {
        if (++puts === 2) throw new StorageError("storage_failed", "disk full");
        return local.put(key, body, contentType);
      },
      async delete() {
        throw new StorageError("storage_failed", "read-only");
      },
    };
    const logger = { warn: vi.fn() };
    const good = await jpeg(60, 40);
    await expect(storeImages(storage, [good, good], { kind: "post", logger })).rejects.toThrow("disk full");
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toMatchObject({ key: expect.stringMatching(/^post\//) });
  });

  it("refuses more files than the item may carry before looking at any", async () => {
    const { root, storage } = tempStorage();
    const good = await jpeg(40, 40);
    expect(imageLimits).toEqual({ avatar: 5, business: 3, post: 10 });

    const eleven = await refusal(
      storeImages(storage, Array(11).fill(good), { kind: "post" }),
      "too_many_files",
    );
    expect(eleven.details.limit).toBe(10);
    await refusal(storeImages(storage, Array(4).fill(good), { kind: "business" }), "too_many_files");
    await refusal(storeImages(storage, Array(3).fill(good), { kind: "post", max: 2 }), "too_many_files");
    // A larger max cannot lift the item's limit.
    await refusal(storeImages(storage, Array(4).fill(good), { kind: "business", max: 10 }), "too_many_files");
    expect(listFiles(root)).toEqual([]);

    expect(await storeImages(storage, Array(10).fill(good), { kind: "post" })).toHaveLength(10);
    expect(await storeImages(storage, [], { kind: "post" })).toEqual([]);
  });
});

describe("storePdf", () => {
  it("stores a checked PDF as uploaded and refuses anything else", async () => {
    const { root, storage } = tempStorage();
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    );
    const stored = await storePdf(storage, pdf, { kind: "document" });
    expect(stored).toMatchObject({ bytes: pdf.length, contentType: "application/pdf" });
    expect(stored.key).toMatch(new RegExp(`^document/\\d{4}/\\d{2}/${uuid}\\.pdf$`));
    expect(await storage.get(stored.key)).toEqual({ body: pdf, contentType: "application/pdf" });

    await refusal(storePdf(storage, await png(10, 10), { kind: "document" }), "unsupported_type");
    expect(listFiles(root)).toEqual([stored.key]);
  });
});
