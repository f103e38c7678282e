import { toSeoulTimestamp } from "#app/platform/seoul-calendar";
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from "node:crypto";

/**
 * The JWE Toss Payments' payouts API wants (ADR 065): compact serialisation (RFC 7516 §7.1), `alg: "dir"` with the
 * security key (64 hex characters = 32 bytes) as the content key, `enc: "A256GCM"` (RFC 7518 §5.3: a 96-bit IV, a
 * 128-bit tag, the ASCII of the encoded protected header as additional data), and the custom header parameters Toss
 * requires: `iat` (ISO 8601 with the offset and no fraction of a second) and `nonce` (a fresh UUID per request).
 */

const SECURITY_KEY = /^[0-9a-fA-F]{64}$/;

/** Whether a text is a Toss security key: 64 hexadecimal characters. */
function isSecurityKey(text: string): boolean {
  return SECURITY_KEY.test(text);
}

function keyOf(securityKey: string): Buffer {
  if (!isSecurityKey(securityKey)) throw new TypeError("the security key is not 64 hexadecimal characters");
  return Buffer.from(securityKey, "hex");
}

export function encryptJwe(plaintext: string, securityKey: string, at: Date = new Date()): string {
  const key = keyOf(securityKey);
  // `iat` in Seoul's offset to the second, as Toss's examples write it.
  const header = { alg: "dir", enc: "A256GCM", iat: toSeoulTimestamp(at), nonce: randomUUID() };
  const protectedHeader = Buffer.from(JSON.stringify(header)).toString("base64url");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(protectedHeader, "ascii"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  // `dir` has no encrypted key: its part is empty, hence the two dots.
  return [
    protectedHeader,
    "",
    iv.toString("base64url"),
    ciphertext.toString("base64url"),
    tag.toString("base64url"),
  ].join(".");
}

/** Whether a text has the shape of a compact JWE (five base64url parts); says nothing of whether it opens. */
export function looksLikeJwe(text: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/.test(text.trim());
}

/** Opens a compact `dir`/`A256GCM` JWE; throws on any other algorithm, a wrong key or a tampered part. */
export function decryptJwe(
  compact: string,
  securityKey: string,
): { plaintext: string; header: Record<string, unknown> } {
  const parts = compact.trim().split(".");
  if (parts.length !== 5) throw new TypeError("not a compact JWE");
  const [protectedHeader, encryptedKey, iv, ciphertext, tag] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  const header = JSON.parse(Buffer.from(protectedHeader, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
  if (header.alg !== "dir" || header.enc !== "A256GCM" || encryptedKey !== "")
    throw new TypeError("not a dir/A256GCM JWE");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(securityKey), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(protectedHeader, "ascii"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const plaintext = Buffer.concat([
    decipher.update(Buffer.from(ciphertext, "base64url")),
    decipher.final(),
  ]).toString("utf8");
  return { plaintext, header };
}
