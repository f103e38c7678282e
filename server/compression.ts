import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import zlib from "node:zlib";
import { HASHED_ASSETS_PATH } from "./precompressed-assets";

function isHashedAsset(req: Request) {
  return req.originalUrl.startsWith(`${HASHED_ASSETS_PATH}/`);
}

/**
 * Brotli for dynamic answers: quality 3 with a 256 KiB window. On the main pages, whole, it costs about half the CPU
 * of gzip at its default level and gives from 5% fewer to 4% more bytes (ADR 075); a page is at most a few hundred
 * KiB, so a larger window finds nothing more.
 */
export const DYNAMIC_BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};

/**
 * React Router flushes the compressor after every chunk of a page when the response offers `res.flush`, which
 * compression() adds: a page was compressed as a dozen separate blocks and sent in as many writes. Without it the
 * compressor sends its output as its buffer fills and at the end. No page streams a deferred part (ADR 033).
 */
function withoutFlush(_req: Request, res: Response, next: NextFunction) {
  Reflect.deleteProperty(res, "flush");
  next();
}

/**
 * On-the-fly compression of dynamic answers: brotli at a low quality for clients that offer it (every browser over
 * HTTPS), gzip at its default level for the others, never flushed before the end. Hashed assets are compressed at
 * build time and never again here.
 */
export function compressDynamicAnswers(): RequestHandler[] {
  return [
    compression({
      filter: (req, res) => !isHashedAsset(req) && compression.filter(req, res),
      brotli: DYNAMIC_BROTLI,
    }),
    withoutFlush,
  ];
}
