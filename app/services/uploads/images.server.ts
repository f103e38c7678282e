import sharp, { type Metadata, type OutputInfo } from "sharp";
import { DomainError } from "#app/services/errors";

/**
 * Uploaded images are judged by their content, never by the file name or the type the browser declared, and they
 * are always decoded and re-encoded: EXIF orientation is applied, then every piece of metadata (EXIF with GPS, XMP,
 * IPTC, ICC profile) is left behind, and the picture is scaled to fit the preset's box.
 *
 * Animated GIF and WebP keep their first frame only.
 */

type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "heic" | "avif";
export type OutputFormat = "webp" | "jpeg" | "png";

export interface ImageRules {
  /** Largest accepted upload, in bytes; checked before anything is decoded. */
  maxBytes: number;
  allowedFormats: readonly ImageFormat[];
  /** The stored image fits in a square of this many pixels (never enlarged). */
  maxDimension: number;
  outputFormat: OutputFormat;
  /** Largest accepted width × height of the upload; MAX_INPUT_PIXELS unless given. */
  maxPixels?: number;
}

export interface ProcessedImage {
  body: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
  bytes: number;
  contentType: string;
}

/** 40 megapixels: more than any phone camera, far less than a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;

const MB = 1024 * 1024;

export const imageRules = {
  avatar: {
    maxBytes: 5 * MB,
    allowedFormats: ["jpeg", "png", "webp", "heic", "avif"],
    maxDimension: 1024,
    outputFormat: "webp",
  },
  businessImage: {
    maxBytes: 5 * MB,
    allowedFormats: ["jpeg", "png"],
    maxDimension: 2048,
    outputFormat: "jpeg",
  },
  postImage: {
    maxBytes: 10 * MB,
    allowedFormats: ["jpeg", "png", "webp", "gif"],
    maxDimension: 2048,
    outputFormat: "webp",
  },
} as const satisfies Record<string, ImageRules>;

const outputContentTypes: Record<OutputFormat, string> = {
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** Declared MIME types and the formats they may stand for. */
const declaredFormats: Record<string, readonly ImageFormat[]> = {
  "image/jpeg": ["jpeg"],
  "image/jpg": ["jpeg"],
  "image/pjpeg": ["jpeg"],
  "image/png": ["png"],
  "image/x-png": ["png"],
  "image/webp": ["webp"],
  "image/gif": ["gif"],
  "image/heic": ["heic"],
  "image/heic-sequence": ["heic"],
  "image/heif": ["heic", "avif"],
  "image/heif-sequence": ["heic", "avif"],
  "image/avif": ["avif"],
};

/** What browsers send when they do not know the type: no claim, so nothing to disagree with. */
const noClaim = new Set(["", "application/octet-stream", "binary/octet-stream"]);

type Container = "jpeg" | "png" | "gif" | "webp" | "heif";

const heifBrands = new Set([
  "avif",
  "avis",
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "hevm",
  "hevs",
  "mif1",
  "msf1",
]);

/**
 * The container from the first bytes. Anything else is refused before it reaches a decoder, so libvips' loaders for
 * SVG, TIFF, PDF and the like never see member uploads.
 */
function sniffContainer(input: Buffer): Container | undefined {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return "jpeg";
  if (input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  const head = input.subarray(0, 12).toString("latin1");
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return "gif";
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "webp";
  if (head.slice(4, 8) === "ftyp" && heifBrands.has(head.slice(8, 12))) return "heif";
  return undefined;
}

function formatOf(container: Container, metadata: Metadata): ImageFormat | undefined {
  if (container === "heif") {
    if (metadata.format !== "heif") return undefined;
    if (metadata.compression === "av1") return "avif";
    if (metadata.compression === "hevc") return "heic";
    return undefined;
  }
  return metadata.format === container ? container : undefined;
}

function normalizeType(type: string): string {
  return type.split(";")[0]!.trim().toLowerCase();
}

/** Refuses `input` unless it is an image the rules accept; returns it re-encoded without metadata. */
export async function processImage(
  input: Buffer,
  rules: ImageRules,
  options: { declaredType?: string } = {},
): Promise<ProcessedImage> {
  const maxPixels = rules.maxPixels ?? MAX_INPUT_PIXELS;
  if (input.length > rules.maxBytes) throw new DomainError("upload", "too_large", { limit: rules.maxBytes });

  const container = sniffContainer(input);
  if (container === undefined) throw new DomainError("upload", "unsupported_type");

  let metadata: Metadata;
  try {
    // Reads the header only; the pixel limit is checked below, with a clearer answer than sharp's.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new DomainError("upload", "corrupt", { format: container }, { cause: error });
  }
  const format = formatOf(container, metadata);
  if (format === undefined) {
    // A container whose content sharp reads as something else (a JPEG inside HEIF, a broken header …).
    throw new DomainError("upload", container === "heif" ? "unsupported_type" : "corrupt", {
      format: container,
    });
  }
  if (!rules.allowedFormats.includes(format)) throw new DomainError("upload", "unsupported_type", { format });

  if (options.declaredType !== undefined) {
    const declared = normalizeType(options.declaredType);
    if (!noClaim.has(declared) && !declaredFormats[declared]?.includes(format)) {
      throw new DomainError("upload", "type_mismatch", { format });
    }
  }

  const { width, height } = metadata;
  if (!width || !height) throw new DomainError("upload", "corrupt", { format });
  if (width * height > maxPixels)
    throw new DomainError("upload", "too_many_pixels", { format, limit: maxPixels });

  let pipeline = sharp(input, { limitInputPixels: maxPixels, failOn: "warning" }).autoOrient().resize({
    width: rules.maxDimension,
    height: rules.maxDimension,
    fit: "inside",
    withoutEnlargement: true,
  });
  // No keepMetadata/withMetadata: sharp writes none of the input's EXIF, XMP, IPTC or ICC data.
  switch (rules.outputFormat) {
    case "jpeg":
      pipeline = pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true });
      break;
    case "png":
      pipeline = pipeline.png();
      break;
    case "webp":
      pipeline = pipeline.webp({ quality: 82 });
      break;
  }

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await pipeline.toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new DomainError("upload", "too_many_pixels", { format, limit: maxPixels }, { cause: error });
    }
    // The prebuilt sharp reads the HEIF container but has no HEVC decoder.
    const code = format === "heic" ? "unsupported_type" : "corrupt";
    throw new DomainError("upload", code, { format }, { cause: error });
  }

  return {
    body: output.data,
    format: rules.outputFormat,
    width: output.info.width,
    height: output.info.height,
    bytes: output.data.length,
    contentType: outputContentTypes[rules.outputFormat],
  };
}
