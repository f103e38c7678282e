import { and, eq, ne } from "drizzle-orm";
import { member } from "#app/db/schema";
import { clientAddress, rateRules, type AuthDeps } from "#app/services/auth/accounts.server";
import { AuthError } from "#app/services/auth/errors";
import { sendPhoneCode, verifyPhoneCode } from "#app/services/auth/phone-code.server";
import { hit } from "#app/platform/rate-limit.server";
import { checkMobile } from "./profile-rules";

function phoneDeps(deps: AuthDeps) {
  return { db: deps.db, clock: deps.clock, sms: deps.messaging.sms, secret: deps.config.sessionSecret };
}

async function assertFree(deps: AuthDeps, userId: string, phone: string) {
  const [other] = await deps.db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.phoneNumber, phone), ne(member.id, userId)));
  if (other) throw new AuthError("phone_in_use");
}

/** Sends the code that proves the member holds the mobile number of their profile (same send limits as sign-up). */
export async function sendProfileMobileCode(deps: AuthDeps, userId: string, phone: string, headers: Headers) {
  if (checkMobile(phone)) throw new AuthError("invalid_phone");
  const limited = await hit(
    deps.db,
    `send:address:${clientAddress(headers)}`,
    rateRules.sendPerAddress,
    deps.clock.now(),
  );
  if (!limited.allowed) throw new AuthError("too_many_requests", { retryAfterMs: limited.retryAfterMs });
  await assertFree(deps, userId, phone);
  await sendPhoneCode(phoneDeps(deps), phone, "profile");
}

/** A right code makes the number the member's, verified; the unique index settles two members racing for it. */
export async function verifyProfileMobile(deps: AuthDeps, userId: string, phone: string, code: string) {
  if (checkMobile(phone)) throw new AuthError("invalid_phone");
  await assertFree(deps, userId, phone);
  await verifyPhoneCode(phoneDeps(deps), phone, "profile", code);
  try {
    await deps.db
      .update(member)
      .set({ phoneNumber: phone, phoneNumberVerified: true, updatedAt: deps.clock.now() })
      .where(eq(member.id, userId));
  } catch {
    throw new AuthError("phone_in_use");
  }
}
