import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { HASHED_ASSETS_PATH } from "./precompressed-assets";

/**
 * The Accept-Encoding that compression() negotiates from: the client's offers without brotli, which it would
 * otherwise prefer. `br;q=0` also overrides a `*` offer.
 */
export function offersWithoutBrotli(acceptEncoding: string) {
  const offers = acceptEncoding
    .split(",")
    .map((offer) => offer.trim())
    .filter((offer) => offer && offer.split(";")[0]!.trim().toLowerCase() !== "br");
  return [...offers, "br;q=0"].join(", ");
}

function isHashedAsset(req: Request) {
  return req.originalUrl.startsWith(`${HASHED_ASSETS_PATH}/`);
}

/** Dynamic answers (pages, data, API) are gzip; hashed assets keep the client's real header (see ADR 033). */
function offerGzipForDynamicAnswers(req: Request, _res: Response, next: NextFunction) {
  const accepted = req.headers["accept-encoding"];
  if (accepted && !isHashedAsset(req)) req.headers["accept-encoding"] = offersWithoutBrotli(accepted);
  next();
}

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
 * On-the-fly compression of dynamic answers: gzip at its default level, never flushed before the end. Hashed assets
 * are compressed at build time and never again here.
 */
export function compressDynamicAnswers(): RequestHandler[] {
  return [
    offerGzipForDynamicAnswers,
    compression({ filter: (req, res) => !isHashedAsset(req) && compression.filter(req, res) }),
    withoutFlush,
  ];
}
