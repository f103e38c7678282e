import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { AppConfig } from "#app/platform/env.server";
import { TOSS_PAGE_SOURCES } from "#app/platform/payments/toss.server";
import { YOUTUBE_EMBED_PREFIX } from "#app/services/content/youtube";

/** The origin of a map tile template; a `{s}` (or any other placeholder) in the host becomes a wildcard label. */
function tileSource(mapTileUrl: string) {
  const [, scheme, host] = /^(https?:\/\/)([^/]+)/.exec(mapTileUrl) ?? [];
  if (!scheme || !host) return undefined;
  return scheme + host.replace(/\{[^}]*\}/g, "*");
}

type PolicyConfig = Pick<AppConfig, "publicUrl" | "mapTileUrl" | "storage" | "payments">;

/**
 * The page policy (ADR 010): scripts only from the product's own files or inline with this response's nonce; frames
 * only from the YouTube embed origin; images from the product, data:/blob: (the editor's previews) and the map tile
 * host and the CDN of uploads (S3_PUBLIC_URL); connections to the product and its own Socket.IO endpoint; never
 * framed by other sites. With Toss Payments configured, its SDK's script host and the frames and calls of its
 * payment window are allowed too, and only then (ADR 059).
 */
function contentSecurityPolicy(config: PolicyConfig, nonce: string) {
  const publicUrl = new URL(config.publicUrl);
  const tiles = tileSource(config.mapTileUrl);
  const uploads = config.storage.kind === "s3" ? config.storage.publicUrl : undefined;
  const socketOrigin = `${publicUrl.protocol === "https:" ? "wss:" : "ws:"}//${publicUrl.host}`;
  const toss = config.payments.kind === "toss";
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(toss ? [TOSS_PAGE_SOURCES.script] : [])],
    // Sonner injects a <style> element, and server-rendered style attributes (the loading bar) need it too.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": [
      "'self'",
      "data:",
      "blob:",
      ...(tiles ? [tiles] : []),
      ...(uploads ? [new URL(uploads).origin] : []),
    ],
    "font-src": ["'self'"],
    "connect-src": ["'self'", socketOrigin, ...(toss ? [TOSS_PAGE_SOURCES.connect] : [])],
    "frame-src": [new URL(YOUTUBE_EMBED_PREFIX).origin, ...(toss ? [TOSS_PAGE_SOURCES.frame] : [])],
    "frame-ancestors": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** Browser features the product uses: location for its own maps; cameras, microphones and payment APIs never. */
const PERMISSIONS_POLICY = "geolocation=(self), camera=(), microphone=(), payment=(), usb=()";

/** One year; only ever sent when the product's public address is https. */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** The nonce of a response, for the inline scripts of the page it renders. */
export function cspNonce(res: Response): string {
  return (res.locals as { cspNonce: string }).cspNonce;
}

/** Security headers of every response, with a fresh script nonce each time. */
export function securityHeaders(config: PolicyConfig) {
  const https = new URL(config.publicUrl).protocol === "https:";
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    (res.locals as { cspNonce: string }).cspNonce = nonce;
    res.set({
      "Content-Security-Policy": contentSecurityPolicy(config, nonce),
      "Permissions-Policy": PERMISSIONS_POLICY,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "SAMEORIGIN",
    });
    if (https) res.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    next();
  };
}
