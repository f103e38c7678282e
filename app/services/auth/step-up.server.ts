import { createHmac, randomUUID } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Database } from "#app/db/client.server";
import { verification } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { hit, refund, reset } from "#app/platform/rate-limit.server";
import type { StaffActor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { rateRules, type AuthDeps } from "./accounts.server";

/** How long a re-entered authenticator code opens the money pages for (ADR 055). */
const STEP_UP_MS = 10 * 60_000;

// Kept with the authentication library's own short-lived values, one per session, gone when it expires.
const stepUpKey = (sessionId: string) => `step-up:${sessionId}`;

/** Whether this session re-entered an authenticator code within the last ten minutes. */
export async function steppedUpRecently(db: Database, clock: Clock, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, stepUpKey(sessionId)), gt(verification.expiresAt, clock.now())))
    .limit(1);
  return row !== undefined;
}

/**
 * A signed-in staff member re-enters an authenticator code: checked by the two-step plugin against their own secret,
 * wrong codes limited per account as at sign-in, and a code accepted once refused after. Opens the money pages to
 * this session for `STEP_UP_MS`.
 */
export async function stepUp(
  deps: AuthDeps,
  actor: StaffActor,
  sessionId: string,
  code: string,
  headers: Headers,
): Promise<void> {
  const now = deps.clock.now();
  const failuresKey = `2fa:failures:${actor.id}`;
  const attempt = await hit(deps.db, failuresKey, rateRules.twoFactorFailuresPerAccount, now);
  if (!attempt.allowed)
    throw new DomainError("auth", "too_many_requests", { retryAfterMs: attempt.retryAfterMs });
  const trimmed = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(trimmed)) throw new DomainError("auth", "two_factor_invalid");
  const usedKey = `2fa:used:${actor.id}:${createHmac("sha256", deps.config.sessionSecret).update(trimmed).digest("hex")}`;
  if (!(await hit(deps.db, usedKey, rateRules.totpCodeOnce, now)).allowed)
    throw new DomainError("auth", "two_factor_invalid");
  try {
    await deps.auth.api.verifyTOTP({ body: { code: trimmed, trustDevice: false }, headers });
  } catch (error) {
    await reset(deps.db, usedKey);
    if (!(error instanceof APIError)) throw error;
    throw new DomainError("auth", "two_factor_invalid");
  }
  await refund(deps.db, failuresKey);
  await deps.db.delete(verification).where(eq(verification.identifier, stepUpKey(sessionId)));
  await deps.db.insert(verification).values({
    id: randomUUID(),
    identifier: stepUpKey(sessionId),
    value: actor.id,
    expiresAt: new Date(now.getTime() + STEP_UP_MS),
    createdAt: now,
    updatedAt: now,
  });
}
