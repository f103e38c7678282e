import { randomUUID } from "node:crypto";
import { and, eq, gt, gte, isNotNull, isNull, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { Database } from "#app/db/client.server";
import { verification, withdrawalPassword } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import type { SettlementInfoErrorCode } from "./info-errors";
import { PASSWORD_MAX_TRIES, SECURITY_CHECK_MS, WITHDRAWAL_PASSWORD_PATTERN } from "./settlement-rules";

/**
 * The withdrawal password (spec: six digits, set twice; five wrong tries need the administrator): hashed with scrypt
 * as members' passwords are, the wrong tries counted on its row by one conditional UPDATE each, so concurrent tries
 * neither lose a count nor pass five. A right password records a security check for the session, kept like the
 * staff's step-up in a `verification` row that expires after SECURITY_CHECK_MS.
 */

const fail = (code: SettlementInfoErrorCode) => new DomainError("settlementInfo", code);

export type WithdrawalPasswordState =
  { state: "none" } | { state: "set"; failedTries: number } | { state: "locked"; lockedAt: Date };

/** Whether the member has a withdrawal password, and whether it is locked. */
export async function withdrawalPasswordState(
  db: Database,
  userId: string,
): Promise<WithdrawalPasswordState> {
  const [row] = await db.select().from(withdrawalPassword).where(eq(withdrawalPassword.userId, userId));
  if (row?.lockedAt) return { state: "locked", lockedAt: row.lockedAt };
  if (!row?.hash) return { state: "none" };
  return { state: "set", failedTries: row.failedTries };
}

/**
 * Sets the member's withdrawal password: freely when there is none (the first time, or after an administrator's
 * unlock cleared it); a change needs the session's recent security check; a locked one cannot be changed.
 */
export async function setWithdrawalPassword(
  db: Database,
  clock: Clock,
  actor: Actor,
  password: string,
  options: { recentlyChecked: boolean },
): Promise<void> {
  if (!WITHDRAWAL_PASSWORD_PATTERN.test(password)) throw fail("password_format");
  // Hashed before the unit: scrypt takes its time and the row need not wait for it.
  const hash = await hashPassword(password);
  await runInTransaction(db, clock, async (uow) => {
    await uow.tx
      .insert(withdrawalPassword)
      .values({ userId: actor.id, failedTries: 0, updatedAt: uow.now })
      .onConflictDoNothing();
    const [row] = await uow.tx
      .select()
      .from(withdrawalPassword)
      .where(eq(withdrawalPassword.userId, actor.id))
      .for("update");
    if (row!.lockedAt) throw fail("password_locked");
    if (row!.hash && !options.recentlyChecked) throw fail("password_set");
    await uow.tx
      .update(withdrawalPassword)
      .set({ hash, failedTries: 0, lockedAt: null, setAt: uow.now, updatedAt: uow.now })
      .where(eq(withdrawalPassword.userId, actor.id));
  });
}

const checkKey = (sessionId: string) => `settlement-check:${sessionId}`;

/**
 * Whether this session of the member entered the right withdrawal password within SECURITY_CHECK_MS, and that
 * password is still the one in force: a lock (from any session), an administrator's unlock or a new password since
 * then ends the check.
 */
export async function hasRecentSecurityCheck(
  db: Database,
  clock: Clock,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .innerJoin(withdrawalPassword, eq(withdrawalPassword.userId, verification.value))
    .where(
      and(
        eq(verification.identifier, checkKey(sessionId)),
        eq(verification.value, userId),
        gt(verification.expiresAt, clock.now()),
        isNull(withdrawalPassword.lockedAt),
        isNotNull(withdrawalPassword.hash),
        gte(verification.createdAt, withdrawalPassword.setAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The member enters the withdrawal password on the security check. Right: the wrong tries start again from zero
 * and this session is checked for SECURITY_CHECK_MS. Wrong: one more try counted (`password_wrong` with the count
 * out of PASSWORD_MAX_TRIES), and the last one locks it (`password_locked`) until an administrator unlocks it. Text
 * that is not six digits is refused without counting.
 */
export async function checkWithdrawalPassword(
  db: Database,
  clock: Clock,
  actor: Actor,
  sessionId: string,
  password: string,
): Promise<void> {
  if (!WITHDRAWAL_PASSWORD_PATTERN.test(password)) throw fail("password_format");
  const [row] = await db.select().from(withdrawalPassword).where(eq(withdrawalPassword.userId, actor.id));
  if (row?.lockedAt) throw fail("password_locked");
  if (!row?.hash) throw fail("password_required");
  const right = await verifyPassword({ hash: row.hash, password });
  const now = clock.now();
  // Only while the password read is still the one in force and not locked: a lock or a change meanwhile wins.
  const unchanged = and(
    eq(withdrawalPassword.userId, actor.id),
    isNull(withdrawalPassword.lockedAt),
    eq(withdrawalPassword.hash, row.hash),
  );
  if (right) {
    const [reset] = await db
      .update(withdrawalPassword)
      .set({ failedTries: 0, updatedAt: now })
      .where(unchanged)
      .returning({ userId: withdrawalPassword.userId });
    if (!reset) throw await refusalNow(db, actor.id);
    await db.delete(verification).where(eq(verification.identifier, checkKey(sessionId)));
    await db.insert(verification).values({
      id: randomUUID(),
      identifier: checkKey(sessionId),
      value: actor.id,
      expiresAt: new Date(now.getTime() + SECURITY_CHECK_MS),
      createdAt: now,
      updatedAt: now,
    });
    return;
  }
  // One statement: the row's lock makes concurrent tries count one after another, each seeing the last count.
  const [counted] = await db
    .update(withdrawalPassword)
    .set({
      failedTries: sql`${withdrawalPassword.failedTries} + 1`,
      lockedAt: sql`case when ${withdrawalPassword.failedTries} + 1 >= ${PASSWORD_MAX_TRIES} then ${now.toISOString()}::timestamptz end`,
      updatedAt: now,
    })
    .where(unchanged)
    .returning({ failedTries: withdrawalPassword.failedTries, lockedAt: withdrawalPassword.lockedAt });
  if (!counted) throw await refusalNow(db, actor.id);
  if (counted.lockedAt) throw fail("password_locked");
  throw wrongTry(counted.failedTries);
}

const wrongTry = (tries: number) =>
  new DomainError("settlementInfo", "password_wrong", { params: { tries, max: PASSWORD_MAX_TRIES } });

/** The refusal for a try whose password was locked, cleared or changed while it was being checked. */
async function refusalNow(db: Database, userId: string): Promise<DomainError> {
  const state = await withdrawalPasswordState(db, userId);
  if (state.state === "locked") return fail("password_locked");
  if (state.state === "none") return fail("password_required");
  return wrongTry(state.failedTries);
}
