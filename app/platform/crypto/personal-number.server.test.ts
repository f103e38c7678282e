import { describe, expect, it } from "vitest";
import {
  createKeyring,
  decryptPersonal,
  encryptPersonal,
  keyIdOf,
  needsRotation,
  personalKeyId,
  PersonalDataError,
  rotate,
  type PersonalNumberBinding,
} from "./personal-number.server";

const oldKey = Buffer.alloc(32, 1);
const newKey = Buffer.alloc(32, 2);
const keyring = createKeyring(oldKey);
const account: PersonalNumberBinding = { purpose: "bank-account", ownerId: "42" };
const resident: PersonalNumberBinding = { purpose: "resident-number", ownerId: "42" };

function failure(open: () => unknown): PersonalDataError {
  try {
    open();
  } catch (error) {
    expect(error).toBeInstanceOf(PersonalDataError);
    return error as PersonalDataError;
  }
  throw new Error("expected the sealed value not to open");
}

/** Flips one bit of the IV (part 2) or of the ciphertext and tag (part 3) at `byte` (negative: from the end). */
function flip(sealed: string, part: 2 | 3, byte: number) {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[byte < 0 ? bytes.length + byte : byte]! ^= 0x01;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
}

describe("sealing personal numbers", () => {
  it("opens what it sealed, and the sealed text says nothing of the number", () => {
    const sealed = encryptPersonal(keyring, account, "110123456789");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("110123456789");
    expect(keyIdOf(sealed)).toBe(personalKeyId(oldKey));
    expect(decryptPersonal(keyring, account, sealed)).toBe("110123456789");
    expect(decryptPersonal(keyring, account, encryptPersonal(keyring, account, ""))).toBe("");
  });

  it("seals the same number differently every time", () => {
    const first = encryptPersonal(keyring, resident, "9001011234567");
    const second = encryptPersonal(keyring, resident, "9001011234567");
    expect(first.split(".")[2]).not.toBe(second.split(".")[2]);
    expect(first.split(".")[3]).not.toBe(second.split(".")[3]);
  });

  it("does not open for another field or another owner", () => {
    const sealed = encryptPersonal(keyring, resident, "9001011234567");
    expect(failure(() => decryptPersonal(keyring, account, sealed)).code).toBe("unreadable");
    expect(failure(() => decryptPersonal(keyring, { ...resident, ownerId: "43" }, sealed)).code).toBe(
      "unreadable",
    );
    expect(failure(() => decryptPersonal(keyring, { ...resident, ownerId: "4" }, sealed)).code).toBe(
      "unreadable",
    );
  });

  it("refuses a sealed value with an altered ciphertext, tag or IV", () => {
    const sealed = encryptPersonal(keyring, account, "110123456789");
    expect(decryptPersonal(keyring, account, sealed)).toBe("110123456789");
    for (const altered of [
      flip(sealed, 3, 0),
      flip(sealed, 3, -1),
      flip(sealed, 2, 0),
      flip(sealed, 2, 11),
    ]) {
      const error = failure(() => decryptPersonal(keyring, account, altered));
      expect(error.code).toBe("unreadable");
      expect(error.message).not.toContain("110123456789");
    }
  });

  it("refuses what is not a sealed value, or is cut short", () => {
    const sealed = encryptPersonal(keyring, account, "110123456789");
    const [, keyId, iv, body] = sealed.split(".") as [string, string, string, string];
    const cases = [
      "110123456789",
      "",
      `v2.${keyId}.${iv}.${body}`,
      `v1.${keyId}.${iv}`,
      `v1.${keyId}.${iv}.${body}.x`,
      `v1.${keyId}.${iv}.${body}=`,
      `v1.${keyId}.${iv.slice(0, 8)}.${body}`,
      `v1.${keyId}.${iv}.${body.slice(0, 20)}`,
      `v1..${iv}.${body}`,
    ];
    for (const text of cases)
      expect(failure(() => decryptPersonal(keyring, account, text)).code, text).toBe("malformed");
  });

  it("names a key it does not hold", () => {
    const sealed = encryptPersonal(createKeyring(newKey), account, "110123456789");
    const error = failure(() => decryptPersonal(keyring, account, sealed));
    expect(error.code).toBe("unknown-key");
    expect(error.message).toContain(personalKeyId(newKey));
    expect(error.message).toContain("ENCRYPTION_READ_KEYS");
  });

  it("rotates: a new current key still opens the old values and re-seals them under itself", () => {
    const before = encryptPersonal(keyring, account, "110123456789");
    const rotated = createKeyring(newKey, [oldKey]);
    expect(rotated.currentId).toBe(personalKeyId(newKey));
    expect(needsRotation(keyring, before)).toBe(false);
    expect(needsRotation(rotated, before)).toBe(true);
    expect(decryptPersonal(rotated, account, before)).toBe("110123456789");

    const after = rotate(rotated, account, before);
    expect(keyIdOf(after)).toBe(personalKeyId(newKey));
    expect(needsRotation(rotated, after)).toBe(false);
    expect(decryptPersonal(createKeyring(newKey), account, after)).toBe("110123456789");
    expect(rotate(rotated, account, after)).toBe(after);
    expect(failure(() => rotate(rotated, resident, before)).code).toBe("unreadable");
  });

  it("derives a key id from the key alone, and refuses a short or repeated key", () => {
    expect(personalKeyId(Buffer.from(oldKey))).toBe(personalKeyId(oldKey));
    expect(personalKeyId(newKey)).not.toBe(personalKeyId(oldKey));
    expect(() => createKeyring(Buffer.alloc(16, 1))).toThrow(/32 bytes/);
    expect(() => createKeyring(oldKey, [Buffer.alloc(31, 1)])).toThrow(/32 bytes/);
    expect(() => createKeyring(oldKey, [newKey, Buffer.from(oldKey)])).toThrow(/twice/);
  });

  it("keeps its own copy of the keys", () => {
    const key = Buffer.alloc(32, 5);
    const ring = createKeyring(key);
    const sealed = encryptPersonal(ring, account, "110123456789");
    key.fill(6);
    expect(decryptPersonal(ring, account, sealed)).toBe("110123456789");
  });
});
