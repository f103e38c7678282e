import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, eq, inArray, ne, or } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Database } from "#app/db/client.server";
import {
  account,
  businessProfile,
  member,
  memberAvatar,
  memberGenre,
  memberLocation,
  memberOrigin,
  memberProfile,
  memberSns,
  session,
  twoFactor,
  verification,
  withdrawnIdentity,
} from "#app/db/schema";
import type { Auth } from "#app/platform/auth/auth.server";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { isSuspendedRefusal, suspensionInForce } from "#app/platform/auth/suspension.server";
import { systemClock, type Clock } from "#app/platform/clock.server";
import { realtimePublisher } from "#app/platform/publisher.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { AppConfig } from "#app/platform/env.server";
import type { Messaging } from "#app/platform/messaging/index.server";
import type { FileStorage } from "#app/platform/storage/types";
import { hit, recordSend, refund, reset, type RateRule } from "#app/platform/rate-limit.server";
import { requireConsents, type SignUpConsents } from "./consents";
import { consentFields } from "./consents.server";
import { deviceCookie, readCookie, readDeviceCookie } from "./device-cookie.server";
import {
  emailSchema,
  isPlaceholderEmail,
  mobileSchema,
  normalizePhone,
  parseIdentifier,
  phoneAccountEmail,
} from "./identifiers";
import { checkPassword } from "./password-policy";
import { sendAlreadyRegistered, sendPhoneCode, verifyPhoneCode } from "./phone-code.server";
import { DomainError, isDomainError } from "#app/services/errors";

export interface AuthDeps {
  auth: Auth;
  /** Where profile photos live, so that withdrawal removes them; absent where no photo can exist. */
  storage?: FileStorage;
  db: Database;
  clock: Clock;
  messaging: Messaging;
  config: Pick<AppConfig, "sessionSecret" | "publicUrl" | "socialProviders" | "oidc">;
}

/** Limits, per client address and per account, stored in the database (see rate-limit.server.ts). */
export const rateRules = {
  signInPerAddress: { limit: 20, windowMs: 15 * 60_000 },
  /** Wrong passwords for one account from browsers that never signed in to it, whichever identifier they typed. */
  signInFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  /** Wrong passwords from one browser that signed in to the account before (its device cookie). */
  signInFailuresPerDevice: { limit: 5, windowMs: 15 * 60_000 },
  /** Wrong authenticator or recovery codes for one account, across any number of fresh challenges. */
  twoFactorFailuresPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  /** An authenticator code is accepted once: it stays valid for up to 90 s (the current step and one each side). */
  totpCodeOnce: { limit: 1, windowMs: 2 * 60_000 },
  signUpPerAddress: { limit: 10, windowMs: 60 * 60_000 },
  sendPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  passwordChangePerAccount: { limit: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

export function clientAddress(headers: Headers) {
  return headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

async function limit(deps: AuthDeps, key: string, rule: RateRule) {
  const result = await hit(deps.db, key, rule, deps.clock.now());
  if (!result.allowed)
    throw new DomainError("auth", "too_many_requests", { retryAfterMs: result.retryAfterMs });
}

function requirePassword(password: string, identifiers: string[]) {
  const check = checkPassword(password, identifiers);
  if (!check.ok) throw new DomainError("auth", "weak_password", { reasons: check.reasons });
}

/** Keyed hash of an e-mail or phone, so a withdrawn identity is recognised without being kept in clear. */
function identityHash(deps: AuthDeps, identifier: string) {
  return createHmac("sha256", deps.config.sessionSecret).update(`withdrawn:${identifier}`).digest("hex");
}

async function isWithdrawn(deps: AuthDeps, identifier: string) {
  const [row] = await deps.db
    .select({ at: withdrawnIdentity.withdrawnAt })
    .from(withdrawnIdentity)
    .where(eq(withdrawnIdentity.identifierHash, identityHash(deps, identifier)));
  return Boolean(row);
}

async function memberByEmail(db: Database, email: string) {
  const [row] = await db.select().from(member).where(eq(member.email, email));
  return row;
}

async function memberByPhone(db: Database, phone: string) {
  const [row] = await db.select().from(member).where(eq(member.phoneNumber, phone));
  return row;
}

async function sendVerificationMail(deps: AuthDeps, email: string, headers: Headers) {
  const send = await recordSend(deps.db, email, "email:verify", deps.clock.now());
  if (!send.allowed) throw new DomainError("auth", "send_count_exceeded");
  try {
    await deps.auth.api.sendVerificationEmail({
      body: { email, callbackURL: "/setting/account/verified" },
      headers,
    });
  } catch {
    throw new DomainError("auth", "send_failed");
  }
}

interface SignedIn {
  /** Set-Cookie headers to pass on to the browser. */
  headers: Headers;
  /** The password was right and the account has two-factor on: a code is asked next. */
  twoFactor: boolean;
}

export async function signUpWithEmail(
  deps: AuthDeps,
  input: { email: string; password: string; consents: SignUpConsents },
  headers: Headers,
) {
  const email = input.email.trim().toLowerCase();
  if (!email || !input.password) throw new DomainError("auth", "missing_credentials");
  if (!emailSchema.safeParse(email).success || isPlaceholderEmail(email))
    throw new DomainError("auth", "invalid_email");
  requirePassword(input.password, [email]);
  requireConsents(input.consents);
  await limit(deps, `signup:address:${clientAddress(headers)}`, rateRules.signUpPerAddress);
  if (await memberByEmail(deps.db, email)) throw new DomainError("auth", "email_in_use");
  let result;
  try {
    result = await deps.auth.api.signUpEmail({
      body: {
        email,
        password: input.password,
        name: email.split("@")[0]!,
        ...consentFields(input.consents, deps.clock.now()),
      },
      headers,
      returnHeaders: true,
    });
  } catch (error) {
    // Two sign-ups racing on one address: the unique index lets one through.
    if (await memberByEmail(deps.db, email)) throw new DomainError("auth", "email_in_use");
    throw error;
  }
  await sendVerificationMail(deps, email, headers).catch(() => undefined);
  result.headers.append("Set-Cookie", deviceCookie(deps.config, result.response.user.id));
  return { headers: result.headers, twoFactor: false } satisfies SignedIn;
}

/**
 * Sends the sign-up code, or to a number that already has an account a text saying so (sign in or reset the
 * password). The answer and the send limits are the same either way: the page never tells whose number it is.
 */
export async function sendSignUpCode(deps: AuthDeps, phoneInput: string, headers: Headers) {
  const phone = normalizePhone(phoneInput);
  if (!mobileSchema.safeParse(phone).success) throw new DomainError("auth", "invalid_phone");
  await limit(deps, `send:address:${clientAddress(headers)}`, rateRules.sendPerAddress);
  if (await memberByPhone(deps.db, phone)) await sendAlreadyRegistered(phoneCodeDeps(deps), phone, "signup");
  else await sendPhoneCode(phoneCodeDeps(deps), phone, "signup");
}

function phoneCodeDeps(deps: AuthDeps) {
  return { db: deps.db, clock: deps.clock, sms: deps.messaging.sms, secret: deps.config.sessionSecret };
}

export async function signUpWithPhone(
  deps: AuthDeps,
  input: { phone: string; code: string; password: string; consents: SignUpConsents },
  headers: Headers,
) {
  const phone = normalizePhone(input.phone);
  if (!phone || !input.password) throw new DomainError("auth", "missing_credentials");
  if (!mobileSchema.safeParse(phone).success) throw new DomainError("auth", "invalid_phone");
  requirePassword(input.password, [phone]);
  requireConsents(input.consents);
  await limit(deps, `signup:address:${clientAddress(headers)}`, rateRules.signUpPerAddress);
  // A registered number never got a code, so it fails here like a wrong code; only the number's holder learns more.
  await verifyPhoneCode(phoneCodeDeps(deps), phone, "signup", input.code);
  if (await memberByPhone(deps.db, phone)) throw new DomainError("auth", "phone_in_use");
  let result;
  try {
    result = await deps.auth.api.signUpEmail({
      body: {
        email: phoneAccountEmail(phone),
        password: input.password,
        name: `${phone.slice(0, 3)}****${phone.slice(7)}`,
        phoneNumber: phone,
        phoneNumberVerified: true,
        ...consentFields(input.consents, deps.clock.now()),
      },
      headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (await memberByPhone(deps.db, phone)) throw new DomainError("auth", "phone_in_use");
    throw error;
  }
  result.headers.append("Set-Cookie", deviceCookie(deps.config, result.response.user.id));
  return { headers: result.headers, twoFactor: false } satisfies SignedIn;
}

/** A hash of a random password, made once per auth instance: checking it costs what checking a real one does. */
const nobodysHash = new WeakMap<Auth, Promise<string>>();

/** The work of a password check for an identifier without an account, so that timing does not tell them apart. */
async function checkPasswordOfNobody(auth: Auth, password: string) {
  const context = await auth.$context;
  let hash = nobodysHash.get(auth);
  if (!hash) {
    hash = context.password.hash(randomBytes(24).toString("base64url"));
    nobodysHash.set(auth, hash);
  }
  await context.password.verify({ hash: await hash, password });
}

/**
 * Where a failed password counts: the browser's own budget when it has signed in to this account before (device
 * cookie), otherwise the budget that all other browsers share for the account (or for an identifier of no account).
 */
function signInFailureCounter(deps: AuthDeps, account: string, known: boolean, headers: Headers) {
  const device = known ? readDeviceCookie(deps.config, headers) : undefined;
  return device?.userId === account
    ? { key: `signin:device:${device.nonce}`, rule: rateRules.signInFailuresPerDevice }
    : { key: `signin:untrusted:${account}`, rule: rateRules.signInFailuresPerAccount };
}

/**
 * E-mail or mobile number plus password. A wrong identifier and a wrong password get the same answer after the
 * same work (one password hash check); failures are limited per address and per account, whichever of its
 * identifiers was typed, and a browser that signed in to the account before keeps its own budget.
 */
export async function signIn(
  deps: AuthDeps,
  input: { identifier: string; password: string },
  headers: Headers,
) {
  if (!input.identifier.trim() || !input.password) throw new DomainError("auth", "missing_credentials");
  await limit(deps, `signin:address:${clientAddress(headers)}`, rateRules.signInPerAddress);
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) throw new DomainError("auth", "login_failed");
  if (await isWithdrawn(deps, identifier.value)) throw new DomainError("auth", "already_withdrawn");
  const owner =
    identifier.kind === "email"
      ? await memberByEmail(deps.db, identifier.value)
      : await memberByPhone(deps.db, identifier.value);
  const failures = signInFailureCounter(
    deps,
    owner?.id ?? `${identifier.kind}:${identifier.value}`,
    Boolean(owner),
    headers,
  );
  // Counted before the check and given back on success, so that parallel guesses cannot overrun the budget.
  const attempt = await hit(deps.db, failures.key, failures.rule, deps.clock.now());
  if (!attempt.allowed)
    throw new DomainError("auth", "too_many_requests", { retryAfterMs: attempt.retryAfterMs });

  let result;
  try {
    if (!owner) {
      await checkPasswordOfNobody(deps.auth, input.password);
      throw new DomainError("auth", "login_failed");
    }
    result = await deps.auth.api.signInEmail({
      body: { email: owner.email, password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (owner && isSuspendedRefusal(error)) {
      // The password was right: only the suspension stands in the way, and the member is told until when.
      await refund(deps.db, failures.key);
      throw await suspendedError(deps, owner.id);
    }
    if (isDomainError(error, "auth") || error instanceof APIError)
      throw new DomainError("auth", "login_failed");
    await refund(deps.db, failures.key);
    throw error;
  }
  await refund(deps.db, failures.key);
  const twoFactor = Boolean((result.response as { twoFactorRedirect?: boolean }).twoFactorRedirect);
  // With two-step verification on, the browser is trusted only once the code is right too.
  if (!twoFactor) result.headers.append("Set-Cookie", deviceCookie(deps.config, owner.id));
  return { headers: result.headers, twoFactor } satisfies SignedIn;
}

/** The refusal a suspended member's sign-in gets: until when, or permanently (ADR 056). */
async function suspendedError(deps: AuthDeps, memberId: string) {
  const suspension = await suspensionInForce(deps.db, memberId, deps.clock.now());
  // Lifted or ended since the refusal, a moment ago: the next try gets in.
  if (!suspension) return new DomainError("auth", "login_failed");
  return suspension.endsAt
    ? new DomainError("auth", "suspended", { until: suspension.endsAt })
    : new DomainError("auth", "suspended_permanently");
}

/** The account whose two-step challenge the request carries (Better Auth's signed challenge cookie), if any. */
async function challengedMember(deps: AuthDeps, headers: Headers) {
  const context = await deps.auth.$context;
  const signed = readCookie(headers, context.createAuthCookie("two_factor").name) ?? "";
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = signed.slice(0, dot);
  const expected = Buffer.from(createHmac("sha256", context.secret).update(token).digest("base64"));
  const given = Buffer.from(signed.slice(dot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [challenge] = await deps.db
    .select({ userId: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, token));
  // The authentication library writes the challenge's expiry by the system clock, so it is read by the same one:
  // the application's clock may run ahead of it (a test clock), and a fresh challenge would look expired.
  return challenge && challenge.expiresAt > systemClock.now() ? challenge.userId : undefined;
}

/**
 * The second step of a sign-in with two-factor on: an authenticator code or one of the recovery codes. Wrong codes
 * are limited per account across challenges, and an authenticator code that was accepted once is refused after.
 */
export async function verifySignInCode(deps: AuthDeps, code: string, headers: Headers) {
  await limit(deps, `signin:address:${clientAddress(headers)}`, rateRules.signInPerAddress);
  const userId = await challengedMember(deps, headers);
  if (!userId) throw new DomainError("auth", "two_factor_invalid");
  const now = deps.clock.now();
  const failuresKey = `2fa:failures:${userId}`;
  const attempt = await hit(deps.db, failuresKey, rateRules.twoFactorFailuresPerAccount, now);
  if (!attempt.allowed)
    throw new DomainError("auth", "too_many_requests", { retryAfterMs: attempt.retryAfterMs });
  const trimmed = code.replace(/\s/g, "");
  const isTotp = /^\d{6}$/.test(trimmed);
  // Claimed before the check, so that two requests with one code cannot both get in.
  const usedKey = `2fa:used:${userId}:${createHmac("sha256", deps.config.sessionSecret).update(trimmed).digest("hex")}`;
  if (isTotp && !(await hit(deps.db, usedKey, rateRules.totpCodeOnce, now)).allowed)
    throw new DomainError("auth", "two_factor_invalid");
  try {
    const result = isTotp
      ? await deps.auth.api.verifyTOTP({
          body: { code: trimmed, trustDevice: false },
          headers,
          returnHeaders: true,
        })
      : await deps.auth.api.verifyBackupCode({ body: { code: trimmed }, headers, returnHeaders: true });
    await refund(deps.db, failuresKey);
    result.headers.append("Set-Cookie", deviceCookie(deps.config, userId));
    return { headers: result.headers, twoFactor: false } satisfies SignedIn;
  } catch (error) {
    if (isTotp) await reset(deps.db, usedKey);
    if (isSuspendedRefusal(error)) {
      await refund(deps.db, failuresKey);
      throw await suspendedError(deps, userId);
    }
    if (!(error instanceof APIError)) throw error;
    // The library keeps a lock of its own after many wrong codes in a row.
    throw new DomainError(
      "auth",
      error.status === "TOO_MANY_REQUESTS" ? "too_many_requests" : "two_factor_invalid",
    );
  }
}

/** Ends this device's session ('local' scope). */
export async function signOut(deps: AuthDeps, headers: Headers) {
  const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
  return result.headers;
}

/** Ends every session of the member, this one included, and closes their open realtime connections. */
export async function signOutEverywhere(deps: AuthDeps, userId: string, headers: Headers) {
  await deps.db.delete(session).where(eq(session.userId, userId));
  realtimePublisher().closeMember(userId);
  return signOut(deps, headers).catch(() => new Headers());
}

/**
 * Sends a reset link by e-mail or a code by SMS. Whether an account exists is not revealed; the send limit is.
 */
export async function requestPasswordReset(deps: AuthDeps, identifierInput: string, headers: Headers) {
  const identifier = parseIdentifier(identifierInput);
  if (!identifier)
    throw new DomainError("auth", /^\d/.test(identifierInput.trim()) ? "invalid_phone" : "invalid_email");
  await limit(deps, `send:address:${clientAddress(headers)}`, rateRules.sendPerAddress);
  if (identifier.kind === "phone") {
    const owner = await memberByPhone(deps.db, identifier.value);
    if (!owner || owner.withdrawnAt) return identifier;
    await sendPhoneCode(phoneCodeDeps(deps), identifier.value, "reset");
    return identifier;
  }
  const owner = await memberByEmail(deps.db, identifier.value);
  if (!owner || owner.withdrawnAt) return identifier;
  const send = await recordSend(deps.db, identifier.value, "email:reset", deps.clock.now());
  if (!send.allowed) throw new DomainError("auth", "send_count_exceeded");
  try {
    await deps.auth.api.requestPasswordReset({ body: { email: identifier.value }, headers });
  } catch {
    throw new DomainError("auth", "send_failed");
  }
  return identifier;
}

export async function resetPasswordWithLink(deps: AuthDeps, input: { token: string; password: string }) {
  const [row] = await deps.db
    .select({ userId: verification.value })
    .from(verification)
    .where(eq(verification.identifier, `reset-password:${input.token}`));
  const owner = row ? (await deps.db.select().from(member).where(eq(member.id, row.userId)))[0] : undefined;
  requirePassword(input.password, owner ? [owner.email, owner.phoneNumber ?? ""] : []);
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) throw new DomainError("auth", "link_invalid");
    throw error;
  }
}

export async function resetPasswordWithCode(
  deps: AuthDeps,
  input: { phone: string; code: string; password: string },
) {
  const phone = normalizePhone(input.phone);
  requirePassword(input.password, [phone]);
  const owner = await memberByPhone(deps.db, phone);
  await verifyPhoneCode(phoneCodeDeps(deps), phone, "reset", input.code);
  if (!owner) throw new DomainError("auth", "code_invalid");
  const context = await deps.auth.$context;
  const hash = await context.password.hash(input.password);
  await runInTransaction(deps.db, deps.clock, async ({ tx, now }) => {
    const updated = await tx
      .update(account)
      .set({ password: hash, updatedAt: now })
      .where(and(eq(account.userId, owner.id), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    if (updated.length === 0) throw new DomainError("auth", "code_invalid");
    await tx.delete(session).where(eq(session.userId, owner.id));
  });
  realtimePublisher().closeMember(owner.id);
}

/** Re-authentication: the current password for members who have one, a fresh session for social-only members. */
async function confirmIdentity(
  deps: AuthDeps,
  viewer: { id: string; sessionCreatedAt: Date },
  password: string | undefined,
) {
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, viewer.id), eq(account.providerId, "credential")));
  if (credential?.hash) {
    await limit(deps, `password:${viewer.id}`, rateRules.passwordChangePerAccount);
    const context = await deps.auth.$context;
    if (!password || !(await context.password.verify({ hash: credential.hash, password }))) {
      throw new DomainError("auth", "wrong_password");
    }
    return;
  }
  const fresh = deps.clock.now().getTime() - viewer.sessionCreatedAt.getTime() < 5 * 60_000;
  if (!fresh) throw new DomainError("auth", "reauth_required");
}

export async function changePassword(
  deps: AuthDeps,
  viewer: { id: string; email: string; phoneNumber: string | null; sessionCreatedAt: Date },
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
) {
  await confirmIdentity(deps, viewer, input.currentPassword);
  requirePassword(input.newPassword, [viewer.email, viewer.phoneNumber ?? ""]);
  const result = await deps.auth.api.changePassword({
    body: {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      revokeOtherSessions: true,
    },
    headers,
    returnHeaders: true,
  });
  return result.headers;
}

interface LinkedIdentity {
  providerId: string;
  linkedAt: Date;
}

export async function listSignInMethods(db: Database, userId: string) {
  const rows = await db
    .select({ providerId: account.providerId, linkedAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId));
  return {
    hasPassword: rows.some((row) => row.providerId === "credential"),
    identities: rows.filter((row) => row.providerId !== "credential") satisfies LinkedIdentity[],
  };
}

/** Unlinks an external identity, but never the last way to sign in. */
export async function unlinkIdentity(deps: AuthDeps, userId: string, providerId: string) {
  await runInTransaction(deps.db, deps.clock, async ({ tx }) => {
    const [others] = await tx
      .select({ n: count() })
      .from(account)
      .where(and(eq(account.userId, userId), ne(account.providerId, providerId)));
    if ((others?.n ?? 0) === 0) throw new DomainError("auth", "last_sign_in_method");
    await tx.delete(account).where(and(eq(account.userId, userId), eq(account.providerId, providerId)));
  });
}

/**
 * Withdrawal: every session ends; personal data is removed and the row is kept, anonymised, because posts, payments
 * and tax records that the law requires us to keep refer to it. The e-mail and phone are kept only as keyed hashes,
 * so that signing in with them says the account was withdrawn.
 */
export async function withdraw(
  deps: AuthDeps,
  viewer: { id: string; sessionCreatedAt: Date },
  password: string | undefined,
  headers: Headers,
) {
  const [current] = await deps.db.select().from(member).where(eq(member.id, viewer.id));
  if (!current) throw new DomainError("auth", "login_required");
  if (current.withdrawnAt) throw new DomainError("auth", "already_withdrawn");
  await confirmIdentity(deps, viewer, password);
  const identifiers = [current.email, current.phoneNumber].filter(
    (value): value is string => Boolean(value) && !value!.endsWith("@withdrawn.invalid"),
  );
  const cleared = await signOut(deps, headers).catch(() => new Headers());
  const photos = [
    ...(await deps.db
      .select({ key: memberAvatar.storageKey })
      .from(memberAvatar)
      .where(eq(memberAvatar.userId, current.id))),
    ...((
      await deps.db
        .select({ images: businessProfile.images })
        .from(businessProfile)
        .where(eq(businessProfile.userId, current.id))
    )[0]?.images ?? []),
  ].map((photo) => photo.key);
  await runInTransaction(deps.db, deps.clock, async ({ tx, now }) => {
    for (const identifier of identifiers) {
      const plain = identifier.endsWith(`@phone.motomate.invalid`) ? identifier.split("@")[0]! : identifier;
      await tx
        .insert(withdrawnIdentity)
        .values({ identifierHash: identityHash(deps, plain), userId: current.id, withdrawnAt: now })
        .onConflictDoNothing();
    }
    await tx.delete(session).where(eq(session.userId, current.id));
    await tx.delete(account).where(eq(account.userId, current.id));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, current.id));
    // The profile is personal data: introduction, birth date, areas, links, photos and shop contact details go.
    await tx.delete(memberProfile).where(eq(memberProfile.userId, current.id));
    await tx.delete(memberLocation).where(eq(memberLocation.userId, current.id));
    await tx.delete(memberGenre).where(eq(memberGenre.userId, current.id));
    await tx.delete(memberSns).where(eq(memberSns.userId, current.id));
    await tx.delete(memberAvatar).where(eq(memberAvatar.userId, current.id));
    await tx.delete(businessProfile).where(eq(businessProfile.userId, current.id));
    await tx.delete(memberOrigin).where(eq(memberOrigin.memberId, current.id));
    await tx
      .delete(verification)
      .where(or(inArray(verification.identifier, identifiers), eq(verification.value, current.id)));
    await tx
      .update(member)
      .set({
        email: `withdrawn+${current.id}@withdrawn.invalid`,
        emailVerified: false,
        name: "withdrawn",
        nickname: null,
        image: null,
        phoneNumber: null,
        phoneNumberVerified: false,
        twoFactorEnabled: false,
        marketingAgreedAt: null,
        withdrawnAt: now,
        updatedAt: now,
      })
      .where(eq(member.id, current.id));
  });
  realtimePublisher().closeMember(current.id);
  await Promise.all(photos.map((key) => deps.storage?.delete(key).catch(() => undefined)));
  return cleared;
}

/** Starts two-factor enrolment after checking the password; the authenticator URI and recovery codes are shown once. */
export async function startTwoFactor(deps: AuthDeps, password: string, headers: Headers) {
  try {
    const result = await deps.auth.api.enableTwoFactor({ body: { password, method: "totp" }, headers });
    if (result.method !== "totp") throw new DomainError("auth", "two_factor_invalid");
    return { totpURI: result.totpURI, backupCodes: result.backupCodes };
  } catch (error) {
    if (error instanceof APIError) throw new DomainError("auth", "wrong_password");
    throw error;
  }
}

/** Confirms enrolment with a first code from the app; only then is two-factor on. */
export async function confirmTwoFactor(deps: AuthDeps, code: string, headers: Headers) {
  try {
    const result = await deps.auth.api.verifyTOTP({
      body: { code: code.trim() },
      headers,
      returnHeaders: true,
    });
    return result.headers;
  } catch (error) {
    if (error instanceof APIError) throw new DomainError("auth", "two_factor_invalid");
    throw error;
  }
}

/** Turning two-factor off needs the password again. */
export async function stopTwoFactor(deps: AuthDeps, password: string, headers: Headers) {
  try {
    await deps.auth.api.disableTwoFactor({ body: { password }, headers });
  } catch (error) {
    if (error instanceof APIError) throw new DomainError("auth", "wrong_password");
    throw error;
  }
}
