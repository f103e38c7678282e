import zlib from "node:zlib";
import sharp from "sharp";

// Images for the upload tests, generated with sharp at run time (no binary fixtures in the repository).

export function solid(width: number, height: number, channels: 3 | 4 = 3) {
  const background = channels === 4 ? { r: 30, g: 120, b: 200, alpha: 0.5 } : { r: 200, g: 60, b: 40 };
  return sharp({ create: { width, height, channels, background } });
}

/** A photo-like image (not compressible to nothing), so truncating it leaves a broken file. */
export function noisy(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 7) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export const jpeg = (width: number, height: number) => solid(width, height).jpeg().toBuffer();
export const png = (width: number, height: number) => solid(width, height).png().toBuffer();
export const gif = (width: number, height: number) => solid(width, height).gif().toBuffer();
export const webp = (width: number, height: number) => solid(width, height).webp().toBuffer();
export const avif = (width: number, height: number) => solid(width, height).avif().toBuffer();

/** A 200×100 JPEG taken "rotated" (EXIF orientation 6) near Seoul, with the camera's GPS position and XMP. */
export function phoneJpeg(): Promise<Buffer> {
  return noisy(200, 100)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "MotoPhone", Model: "Rider 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "37/1 31/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "127/1 1/1 30/1",
      },
    })
    .withXmp(
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""' +
        ' xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>홍길동</dc:creator></rdf:Description>' +
        '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
    )
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A tiny PNG whose header claims `width` × `height` pixels (a decompression bomb's calling card). */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface ExifSummary {
  tags: number[];
  gps?: { latitudeRef?: string; latitude?: number[]; longitudeRef?: string };
}

/**
 * Reads the TIFF structure of an EXIF block as sharp returns it (`Exif\0\0` + TIFF): the tags of IFD0 and, when
 * IFD0 points to one (tag 0x8825), the GPS IFD.
 */
export function readExif(exif: Buffer): ExifSummary {
  const tiff = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? exif.subarray(6) : exif;
  const little = tiff.subarray(0, 2).toString("latin1") === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (offset: number) =>
    Array.from({ length: u16(offset) }, (_, i) => {
      const at = offset + 2 + i * 12;
      return { tag: u16(at), type: u16(at + 2), count: u32(at + 4), valueAt: at + 8 };
    });

  const ifd0 = entries(u32(4));
  const summary: ExifSummary = { tags: ifd0.map((entry) => entry.tag) };
  const pointer = ifd0.find((entry) => entry.tag === 0x8825);
  if (pointer) {
    const gps = entries(u32(pointer.valueAt));
    const ascii = (tag: number) => {
      const entry = gps.find((e) => e.tag === tag);
      if (!entry) return undefined;
      const at = entry.count <= 4 ? entry.valueAt : u32(entry.valueAt);
      return tiff
        .subarray(at, at + entry.count)
        .toString("latin1")
        .replace(/\0+$/, "");
    };
    const rationals = (tag: number) => {
      const entry = gps.find((e) => e.tag === tag);
      if (!entry) return undefined;
      const at = u32(entry.valueAt);
      return Array.from({ length: entry.count }, (_, i) => u32(at + i * 8) / u32(at + i * 8 + 4));
    };
    summary.gps = { latitudeRef: ascii(1), latitude: rationals(2), longitudeRef: ascii(3) };
  }
  return summary;
}
