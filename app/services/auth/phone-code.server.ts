import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Database } from "#app/db/client.server";
import { verification } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { SmsSender } from "#app/platform/messaging/index.server";
import { clearSends, recordSend } from "#app/platform/rate-limit.server";
import { translate } from "#app/i18n";
import { DomainError } from "#app/services/errors";

export type PhoneCodePurpose = "signup" | "reset" | "profile";
/** SMS codes live 5 minutes and allow 5 wrong tries. */
const PHONE_CODE_TTL_MS = 5 * 60_000;
const MAX_TRIES = 5;

interface Deps {
  db: Database;
  clock: Clock;
  sms: SmsSender;
  secret: string;
}

const identifierOf = (purpose: PhoneCodePurpose, phone: string) => `phone-code:${purpose}:${phone}`;

function digest(secret: string, code: string) {
  return createHmac("sha256", secret).update(code).digest("hex");
}

/** Sends a 6-digit code by SMS; at most 5 sends in a row per number and purpose. The code is stored only hashed. */
export async function sendPhoneCode(
  { db, clock, sms, secret }: Deps,
  phone: string,
  purpose: PhoneCodePurpose,
) {
  const now = clock.now();
  const send = await recordSend(db, phone, `sms:${purpose}`, now);
  if (!send.allowed) throw new DomainError("auth", "send_count_exceeded");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const identifier = identifierOf(purpose, phone);
  await runInTransaction(db, clock, async ({ tx }) => {
    // A new code replaces the previous one.
    await tx.delete(verification).where(eq(verification.identifier, identifier));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier,
      value: JSON.stringify({ digest: digest(secret, code), tries: 0 }),
      expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
      createdAt: now,
      updatedAt: now,
    });
  });
  try {
    await sms.send({
      to: phone,
      text: `[${translate("ko", "app.name")}] ${translate("ko", "auth.sms.code", { code })}`,
    });
  } catch {
    throw new DomainError("auth", "send_failed");
  }
}

/**
 * Instead of a sign-up code, a number that already has an account is told so, in both languages (the sign-up page
 * answers alike either way). It counts against the same sends in a row as a code.
 */
export async function sendAlreadyRegistered(
  { db, clock, sms }: Omit<Deps, "secret">,
  phone: string,
  purpose: PhoneCodePurpose,
) {
  const send = await recordSend(db, phone, `sms:${purpose}`, clock.now());
  if (!send.allowed) throw new DomainError("auth", "send_count_exceeded");
  try {
    await sms.send({
      to: phone,
      text: `[${translate("ko", "app.name")}] ${translate("ko", "auth.sms.registered")}\n${translate("en", "auth.sms.registered")}`,
    });
  } catch {
    throw new DomainError("auth", "send_failed");
  }
}

/** Checks a code once: a right code is consumed, a wrong one counts a try, and an expired one is refused. */
export async function verifyPhoneCode(
  { db, clock, secret }: Omit<Deps, "sms">,
  phone: string,
  purpose: PhoneCodePurpose,
  code: string,
) {
  const identifier = identifierOf(purpose, phone);
  const ok = await runInTransaction(db, clock, async ({ tx, now }) => {
    const [row] = await tx
      .select()
      .from(verification)
      .where(and(eq(verification.identifier, identifier)))
      .orderBy(desc(verification.createdAt))
      .limit(1)
      .for("update");
    if (!row || row.expiresAt <= now) return false;
    const stored = JSON.parse(row.value) as { digest: string; tries: number };
    if (stored.tries >= MAX_TRIES) return false;
    const given = Buffer.from(digest(secret, code.trim()));
    if (given.length === stored.digest.length && timingSafeEqual(given, Buffer.from(stored.digest))) {
      await tx.delete(verification).where(eq(verification.id, row.id));
      return true;
    }
    await tx
      .update(verification)
      .set({ value: JSON.stringify({ ...stored, tries: stored.tries + 1 }), updatedAt: now })
      .where(eq(verification.id, row.id));
    return false;
  });
  if (!ok) throw new DomainError("auth", "code_invalid");
  await clearSends(db, phone, `sms:${purpose}`);
}
