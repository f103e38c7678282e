import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * Personal numbers (resident registration numbers, bank account numbers) sealed with AES-256-GCM.
 *
 * A sealed value is `v1.<keyId>.<iv>.<ciphertext+tag>` (base64url parts). The key id says which key of the keyring
 * opens it, so keys can be rotated; the additional authenticated data binds the version, the key id, the purpose and
 * the owner, so a sealed value copied to another field or to another member's row does not open. See ADR 017.
 */

type PersonalNumberPurpose = "resident-number" | "bank-account";

/** Where a sealed value belongs: what it is and whose it is (the id of the owning member or record). */
export interface PersonalNumberBinding {
  purpose: PersonalNumberPurpose;
  ownerId: string;
}

export interface PersonalDataKeyring {
  /** Encrypts every new value. */
  readonly currentId: string;
  /** Every key that decrypts, the current one included. */
  readonly keys: ReadonlyMap<string, Buffer>;
}

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

type PersonalDataErrorCode = "malformed" | "unknown-key" | "unreadable";

/** A sealed value that cannot be opened. The message never contains the value itself. */
export class PersonalDataError extends Error {
  constructor(
    readonly code: PersonalDataErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "PersonalDataError";
  }
}

/**
 * A key's id is derived from the key, so an id can never name two different keys (a reused name would make old
 * values unreadable) and operators configure keys alone. Six bytes of an HMAC say nothing about a 256-bit key.
 */
export function personalKeyId(key: Buffer): string {
  return createHmac("sha256", key)
    .update("motomate personal-number key id")
    .digest()
    .subarray(0, 6)
    .toString("base64url");
}

/** The current key encrypts; `readOnly` keys only decrypt (the retired key, or the next one before it is current). */
export function createKeyring(current: Buffer, readOnly: readonly Buffer[] = []): PersonalDataKeyring {
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...readOnly]) {
    if (key.length !== KEY_BYTES)
      throw new RangeError(`a personal-data key must be ${KEY_BYTES} bytes, not ${key.length}`);
    const id = personalKeyId(key);
    if (keys.has(id)) throw new RangeError(`the personal-data key ${id} is listed twice`);
    keys.set(id, Buffer.from(key));
  }
  return { currentId: personalKeyId(current), keys };
}

function additionalData(keyId: string, binding: PersonalNumberBinding) {
  return Buffer.from(`${VERSION}.${keyId}.${binding.purpose}.${binding.ownerId}`, "utf8");
}

interface SealedParts {
  keyId: string;
  iv: Buffer;
  body: Buffer;
}

function parseSealed(sealed: string): SealedParts {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION || !parts.slice(1).every((part) => BASE64URL.test(part)))
    throw new PersonalDataError(
      "malformed",
      "not a sealed personal number (expected v1.<keyId>.<iv>.<data>)",
    );
  const [, keyId, iv, body] = parts as [string, string, string, string];
  const parsed = { keyId, iv: Buffer.from(iv, "base64url"), body: Buffer.from(body, "base64url") };
  if (parsed.iv.length !== IV_BYTES || parsed.body.length < TAG_BYTES)
    throw new PersonalDataError(
      "malformed",
      "a sealed personal number with a cut initialisation vector or tag",
    );
  return parsed;
}

/** Encrypts under the keyring's current key with a fresh random IV: the same number never seals to the same text. */
export function encryptPersonal(
  keyring: PersonalDataKeyring,
  binding: PersonalNumberBinding,
  plaintext: string,
) {
  const keyId = keyring.currentId;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyring.keys.get(keyId)!, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(keyId, binding));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${keyId}.${iv.toString("base64url")}.${body.toString("base64url")}`;
}

export function decryptPersonal(
  keyring: PersonalDataKeyring,
  binding: PersonalNumberBinding,
  sealed: string,
) {
  const { keyId, iv, body } = parseSealed(sealed);
  const key = keyring.keys.get(keyId);
  if (!key)
    throw new PersonalDataError(
      "unknown-key",
      `sealed with key ${keyId}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_READ_KEYS`,
    );
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(additionalData(keyId, binding));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new PersonalDataError(
      "unreadable",
      `a sealed ${binding.purpose} did not authenticate (altered, or sealed for another field or owner)`,
    );
  }
}

/** The id of the key that sealed a value, without opening it. */
export function keyIdOf(sealed: string): string {
  return parseSealed(sealed).keyId;
}

export function needsRotation(keyring: PersonalDataKeyring, sealed: string): boolean {
  return keyIdOf(sealed) !== keyring.currentId;
}

/** Re-seals a value under the current key; a value already under it comes back unchanged (no needless write). */
export function rotate(keyring: PersonalDataKeyring, binding: PersonalNumberBinding, sealed: string): string {
  const plaintext = decryptPersonal(keyring, binding, sealed);
  return needsRotation(keyring, sealed) ? encryptPersonal(keyring, binding, plaintext) : sealed;
}
