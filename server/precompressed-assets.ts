import express, { type RequestHandler } from "express";
import fs from "node:fs";
import path from "node:path";

/** Where the client build's hashed files are served. */
export const HASHED_ASSETS_PATH = "/assets";

/** The encodings the build writes next to an asset (scripts/compress-assets.ts), in the server's preference. */
const PRECOMPRESSED_ENCODINGS = [
  { encoding: "br", extension: ".br" },
  { encoding: "gzip", extension: ".gz" },
] as const;

const ENCODED_EXTENSIONS = new Set<string>(PRECOMPRESSED_ENCODINGS.map(({ extension }) => extension));

function listFiles(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = `${prefix}${entry.name}`;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${name}/`) : [name];
  });
}

/** Each asset's encodings written at build time, read once: a build never changes under a running server. */
function encodedVariants(assetsDir: string) {
  const files = listFiles(assetsDir);
  const present = new Set(files);
  const variants = new Map<string, string[]>();
  for (const file of files) {
    if (ENCODED_EXTENSIONS.has(path.extname(file))) continue;
    const encodings = PRECOMPRESSED_ENCODINGS.filter(({ extension }) => present.has(file + extension)).map(
      ({ encoding }) => encoding,
    );
    if (encodings.length > 0) variants.set(`/${file}`, encodings);
  }
  return variants;
}

/**
 * The hashed files of the client build, immutable: an asset compressed at build time is sent in the best encoding
 * the request accepts (brotli, then gzip), with the type of the asset itself; any other request gets the file as
 * it is. A missing file is a 404, never a page.
 */
export function servePrecompressedAssets(assetsDir: string): RequestHandler {
  const variants = encodedVariants(assetsDir);
  const serve = express.static(assetsDir, {
    immutable: true,
    maxAge: "1y",
    index: false,
    fallthrough: false,
  });
  return (req, res, next) => {
    const encodings = variants.get(req.path);
    if (encodings && (req.method === "GET" || req.method === "HEAD")) {
      res.vary("Accept-Encoding");
      // The server's preference among the accepted ones: a browser lists gzip before br without preferring it.
      const chosen = PRECOMPRESSED_ENCODINGS.find(
        ({ encoding }) => encodings.includes(encoding) && req.acceptsEncodings(encoding) === encoding,
      );
      if (chosen) {
        const { encoding, extension } = chosen;
        res.type(path.extname(req.path));
        res.set("Content-Encoding", encoding);
        req.url = `${req.path}${extension}`;
      }
    }
    serve(req, res, next);
  };
}
