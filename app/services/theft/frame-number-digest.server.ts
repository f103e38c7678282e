import { createHmac, hkdfSync } from "node:crypto";
import type { PersonalDataKeyring } from "#app/platform/crypto/personal-number.server";
import { DomainError } from "#app/services/errors";
import { frameNumberTail, readFrameNumber, type FrameNumberFormat } from "./frame-number";

/**
 * A frame number as it is stored: never the number, only a keyed hash of its normalised form and its last four
 * characters. The hash is an HMAC-SHA256 under a key derived (HKDF) from a personal-data key, so a leaked database
 * alone cannot be searched through the small space of VINs; the same number under the same key always gives the same
 * hash, which is what matching needs. `candidates` are its hashes under every key of the keyring (the current one
 * first), so numbers stored before a key rotation still match while the retired key is kept readable (ADR 070).
 */
export interface FrameNumberDigest {
  digest: string;
  keyId: string;
  candidates: string[];
  format: FrameNumberFormat;
  tail: string;
}

const derivedKeys = new WeakMap<Buffer, Buffer>();

function hashKey(key: Buffer): Buffer {
  let derived = derivedKeys.get(key);
  if (!derived) {
    derived = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), "motomate frame-number v1", 32));
    derivedKeys.set(key, derived);
  }
  return derived;
}

const hashUnder = (key: Buffer, normalised: string) =>
  createHmac("sha256", hashKey(key)).update(normalised, "utf8").digest("base64url");

/** Digests a typed frame number; refuses one of neither format with the format's own code. */
export function digestFrameNumber(keyring: PersonalDataKeyring, typed: string): FrameNumberDigest {
  const reading = readFrameNumber(typed);
  if (!reading.ok) throw new DomainError("theft", reading.problem);
  const current = keyring.keys.get(keyring.currentId)!;
  const others = [...keyring.keys].filter(([id]) => id !== keyring.currentId).map(([, key]) => key);
  return {
    digest: hashUnder(current, reading.normalised),
    keyId: keyring.currentId,
    candidates: [current, ...others].map((key) => hashUnder(key, reading.normalised)),
    format: reading.format,
    tail: frameNumberTail(reading.normalised),
  };
}

/** A typed number's digest, or null for an empty field (no number, or keep the stored one). */
export function digestTypedFrameNumber(
  keyring: PersonalDataKeyring,
  typed: string,
): FrameNumberDigest | null {
  return typed.trim() === "" ? null : digestFrameNumber(keyring, typed);
}
