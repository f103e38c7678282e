import { and, eq, ne } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member } from "#app/db/schema";
import { clientAddress, rateRules, type AuthDeps } from "#app/services/auth/accounts.server";
import { normalizePhone } from "#app/services/auth/identifiers";
import { sendAlreadyRegistered, sendPhoneCode, verifyPhoneCode } from "#app/services/auth/phone-code.server";
import { hit } from "#app/platform/rate-limit.server";
import { checkMobile } from "./profile-rules";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { recomputeReputation } from "#app/services/reputation/reputation.server";
import { DomainError } from "#app/services/errors";

function phoneDeps(deps: AuthDeps) {
  return { db: deps.db, clock: deps.clock, sms: deps.messaging.sms, secret: deps.config.sessionSecret };
}

async function heldByAnother(deps: AuthDeps, userId: string, phone: string) {
  const [other] = await deps.db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.phoneNumber, phone), ne(member.id, userId)));
  return Boolean(other);
}

/**
 * Sends the code that proves the member holds the mobile number of their profile (same send limits as sign-up). A
 * number another account holds gets the "already registered" text instead, and the request answers alike, so the
 * page cannot be used to learn whose number is registered; verifying then fails as a wrong code would.
 */
export async function sendProfileMobileCode(deps: AuthDeps, userId: string, typed: string, headers: Headers) {
  const phone = normalizePhone(typed);
  if (checkMobile(phone)) throw new DomainError("auth", "invalid_phone");
  const limited = await hit(
    deps.db,
    `send:address:${clientAddress(headers)}`,
    rateRules.sendPerAddress,
    deps.clock.now(),
  );
  if (!limited.allowed)
    throw new DomainError("auth", "too_many_requests", { retryAfterMs: limited.retryAfterMs });
  if (await heldByAnother(deps, userId, phone))
    await sendAlreadyRegistered(phoneDeps(deps), phone, "profile");
  else await sendPhoneCode(phoneDeps(deps), phone, "profile");
}

/**
 * A right code makes the number the member's, verified; the unique index settles two members racing for it.
 * Answers the number as stored.
 */
export async function verifyProfileMobile(deps: AuthDeps, userId: string, typed: string, code: string) {
  const phone = normalizePhone(typed);
  if (checkMobile(phone)) throw new DomainError("auth", "invalid_phone");
  // Only the holder of a code gets further: a number another account held when the code was asked for got none.
  await verifyPhoneCode(phoneDeps(deps), phone, "profile", code);
  if (await heldByAnother(deps, userId, phone)) throw new DomainError("auth", "phone_in_use");
  try {
    await runInTransaction(deps.db, deps.clock, async (uow) => {
      await uow.tx
        .update(member)
        .set({ phoneNumber: phone, phoneNumberVerified: true, updatedAt: uow.now })
        .where(eq(member.id, userId));
      await recomputeReputation(uow, [userId]);
    });
  } catch {
    throw new DomainError("auth", "phone_in_use");
  }
  return phone;
}

/** The member's mobile number when it is verified, for the profile form to show; null otherwise. */
export async function verifiedMobile(db: Database, userId: string): Promise<string | null> {
  const [owner] = await db
    .select({ phone: member.phoneNumber, verified: member.phoneNumberVerified })
    .from(member)
    .where(eq(member.id, userId));
  return owner?.verified ? owner.phone : null;
}
