/**
 * Part of `npm run build`: writes a brotli (.br) and a gzip (.gz) copy, each at its highest level, next to every
 * compressible file of the client build's hashed assets, for server/precompressed-assets.ts to send. Fonts in woff2
 * are compressed already; a copy that would not be smaller is not written.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".txt", ".woff", ".ttf"]);

function brotli(content: Buffer) {
  return zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

function gzip(content: Buffer) {
  return zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
}

/** Compresses every compressible file under `dir`; answers how many bytes the copies hold against the originals. */
export function compressAssets(dir: string) {
  let original = 0;
  let compressed = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    for (const [extension, encode] of [
      [".br", brotli],
      [".gz", gzip],
    ] as const) {
      const encoded = encode(content);
      if (encoded.length >= content.length) continue;
      fs.writeFileSync(file + extension, encoded);
      if (extension === ".br") {
        original += content.length;
        compressed += encoded.length;
      }
    }
  }
  return { original, compressed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? "build/client/assets");
  const { original, compressed } = compressAssets(dir);
  console.log(`Assets compressed: ${original} bytes → ${compressed} bytes with brotli`);
}
