import { errorStatus } from "#app/shell/domain.server";
import { DomainError } from "#app/services/errors";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { UploadErrorCode } from "./errors";
import { imageRules, MAX_INPUT_PIXELS, processImage } from "./images.server";
import { avif, gif, jpeg, noisy, phoneJpeg, png, pngClaiming, readExif, solid, webp } from "./test-images";

async function refusal(promise: Promise<unknown>, code: UploadErrorCode): Promise<DomainError<"upload">> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError<"upload">).code).toBe(code);
  return error as DomainError<"upload">;
}

describe("image presets", () => {
  it("match the product rules", () => {
    expect(imageRules.avatar).toEqual({
      maxBytes: 5 * 1024 * 1024,
      allowedFormats: ["jpeg", "png", "webp", "heic", "avif"],
      maxDimension: 1024,
      outputFormat: "webp",
    });
    expect(imageRules.businessImage).toEqual({
      maxBytes: 5 * 1024 * 1024,
      allowedFormats: ["jpeg", "png"],
      maxDimension: 2048,
      outputFormat: "jpeg",
    });
    expect(imageRules.postImage).toEqual({
      maxBytes: 10 * 1024 * 1024,
      allowedFormats: ["jpeg", "png", "webp", "gif"],
      maxDimension: 2048,
      outputFormat: "webp",
    });
    expect(MAX_INPUT_PIXELS).toBe(40_000_000);
  });
});

describe("processImage", () => {
  it("applies the EXIF orientation, then drops EXIF with GPS, XMP and everything else", async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ format: "jpeg", width: 200, height: 100, orientation: 6 });
    expect(before.xmp).toBeDefined();
    const exif = readExif(before.exif!);
    expect(exif.tags).toContain(0x8825); // IFD0 points to a GPS IFD …
    expect(exif.gps).toEqual({ latitudeRef: "N", latitude: [37, 31, 0], longitudeRef: "E" }); // … that holds it

    const image = await processImage(input, imageRules.avatar, { declaredType: "image/jpeg" });
    expect(image).toMatchObject({ format: "webp", contentType: "image/webp", width: 100, height: 200 });
    expect(image.bytes).toBe(image.body.length);

    const after = await sharp(image.body).metadata();
    expect(after).toMatchObject({ format: "webp", width: 100, height: 200 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // No metadata chunk at all in the WebP container.
    for (const chunk of ["EXIF", "XMP ", "ICCP", "MotoPhone"]) {
      expect(image.body.includes(Buffer.from(chunk, "latin1")), chunk).toBe(false);
    }
  });

  it("turns an iPhone-style portrait the right way up for every output format", async () => {
    const input = await phoneJpeg();
    for (const rules of [imageRules.businessImage, imageRules.postImage]) {
      const image = await processImage(input, rules);
      expect([image.width, image.height]).toEqual([100, 200]);
      const after = await sharp(image.body).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.format).toBe(rules.outputFormat);
    }
  });

  it("scales a 4000×3000 photo to fit 2048 and never enlarges a small one", async () => {
    const big = await processImage(await jpeg(4000, 3000), imageRules.businessImage);
    expect(big).toMatchObject({ format: "jpeg", contentType: "image/jpeg", width: 2048, height: 1536 });
    expect(await sharp(big.body).metadata()).toMatchObject({ format: "jpeg", width: 2048, height: 1536 });

    const tall = await processImage(await png(1000, 3000), imageRules.avatar);
    expect([tall.width, tall.height]).toEqual([341, 1024]);

    const small = await processImage(await png(300, 200), imageRules.postImage);
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it("flattens transparency onto white for JPEG output", async () => {
    const input = await solid(40, 40, 4).png().toBuffer();
    const image = await processImage(input, imageRules.businessImage);
    const { data, info } = await sharp(image.body).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    // 50 % of (30, 120, 200) over white.
    expect(data[0]).toBeGreaterThan(130);
    expect(data[2]).toBeGreaterThan(215);
  });

  it("accepts each allowed format and encodes the preset's format", async () => {
    expect((await processImage(await webp(50, 40), imageRules.avatar)).format).toBe("webp");
    expect(
      (await processImage(await avif(50, 40), imageRules.avatar, { declaredType: "image/avif" })).format,
    ).toBe("webp");
    expect(
      (await processImage(await avif(50, 40), imageRules.avatar, { declaredType: "image/heif" })).format,
    ).toBe("webp");
    expect(
      (await processImage(await gif(50, 40), imageRules.postImage, { declaredType: "image/gif" })).format,
    ).toBe("webp");
    expect((await processImage(await png(50, 40), imageRules.businessImage)).format).toBe("jpeg");
  });

  it("refuses a PNG declared as image/jpeg, and accepts a declaration that agrees or claims nothing", async () => {
    const input = await png(64, 64);
    const error = await refusal(
      processImage(input, imageRules.avatar, { declaredType: "image/jpeg" }),
      "type_mismatch",
    );
    expect(error.details.format).toBe("png");
    expect(errorStatus(error)).toBe(415);
    await refusal(processImage(input, imageRules.avatar, { declaredType: "text/plain" }), "type_mismatch");
    await refusal(processImage(input, imageRules.avatar, { declaredType: "image/svg+xml" }), "type_mismatch");
    for (const declaredType of [
      "image/png",
      "IMAGE/PNG",
      "image/png; charset=binary",
      "application/octet-stream",
      "",
    ]) {
      await expect(processImage(input, imageRules.avatar, { declaredType })).resolves.toMatchObject({
        format: "webp",
      });
    }
  });

  it("refuses random bytes, other formats and broken images", async () => {
    await refusal(processImage(randomBytes(4096), imageRules.postImage), "unsupported_type");
    await refusal(processImage(Buffer.alloc(0), imageRules.postImage), "unsupported_type");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    await refusal(processImage(svg, imageRules.postImage, { declaredType: "image/png" }), "unsupported_type");
    const tiff = await solid(10, 10).tiff().toBuffer();
    await refusal(processImage(tiff, imageRules.postImage), "unsupported_type");

    // A JPEG signature followed by garbage, and a real photo cut in half.
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2048)]);
    await refusal(processImage(garbage, imageRules.postImage), "corrupt");
    const photo = await noisy(300, 200).jpeg().toBuffer();
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const error = await refusal(processImage(truncated, imageRules.postImage), "corrupt");
    expect(errorStatus(error)).toBe(422);
  });

  it("refuses a GIF for a business image", async () => {
    const error = await refusal(
      processImage(await gif(50, 50), imageRules.businessImage, { declaredType: "image/gif" }),
      "unsupported_type",
    );
    expect(error.details.format).toBe("gif");
    await refusal(processImage(await webp(50, 50), imageRules.businessImage), "unsupported_type");
  });

  it("refuses a 6 MB upload for a business image before decoding it", async () => {
    // Not an image at all: the size alone decides.
    const error = await refusal(
      processImage(Buffer.alloc(6 * 1024 * 1024), imageRules.businessImage),
      "too_large",
    );
    expect(error.details.limit).toBe(5 * 1024 * 1024);
    expect(errorStatus(error)).toBe(413);

    const padded = Buffer.concat([await jpeg(100, 100), Buffer.alloc(6 * 1024 * 1024)]);
    await refusal(processImage(padded, imageRules.businessImage), "too_large");
  });

  it("refuses a 9000×9000 (81 megapixel) PNG", async () => {
    const input = await solid(9000, 9000).png({ compressionLevel: 1 }).toBuffer();
    expect(input.length).toBeLessThan(imageRules.postImage.maxBytes);
    expect(await sharp(input, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 9000,
      height: 9000,
    });
    const error = await refusal(processImage(input, imageRules.postImage), "too_many_pixels");
    expect(error.details.limit).toBe(MAX_INPUT_PIXELS);
  });

  it("refuses a tiny PNG whose header claims 100000×100000 pixels", async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    await refusal(processImage(bomb, imageRules.avatar), "too_many_pixels");
  });

  it("honours a lower pixel limit given in the rules", async () => {
    const rules = { ...imageRules.postImage, maxPixels: 10_000 };
    await refusal(processImage(await png(101, 100), rules), "too_many_pixels");
    await expect(processImage(await png(100, 100), rules)).resolves.toMatchObject({
      width: 100,
      height: 100,
    });
  });
});
