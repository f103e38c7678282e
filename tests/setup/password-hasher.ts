import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHasher } from "#app/platform/auth/auth.server";

/** scrypt at a sixteenth of the production cost: N 1,024 and r 8 instead of Better Auth's N 16,384 and r 16. */
const COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Members' passwords in the test runtimes: scrypt in Better Auth's own stored form (`salt:key`, hex), at a lower
 * cost, as test suites lower bcrypt's cost. Sign-up, sign-in, password change and reset go through Better Auth as in
 * production; only the key derivation is cheaper, which the hundreds of members the tests make would otherwise pay
 * about a tenth of a CPU second each for. `auth.integration.test.ts` checks the production hasher on its own
 * runtime.
 */
export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) throw new Error("Invalid password hash");
    const expected = Buffer.from(key, "hex");
    const derived = await derive(password, salt);
    return derived.length === expected.length && timingSafeEqual(derived, expected);
  },
};
