import { aliasedTable, and, desc, eq, ilike, inArray, not, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  boardArticle,
  boardComment,
  meeting,
  member,
  memberSanction,
  rateLimitCounter,
  session,
  twoFactor,
} from "#app/db/schema";
import { suspendedAt, suspensionInForce } from "#app/platform/auth/suspension.server";
import type { Clock } from "#app/platform/clock.server";
import { realtimePublisher } from "#app/platform/publisher.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor, StaffActor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { rateRules } from "#app/services/auth/accounts.server";
import { isPlaceholderEmail } from "#app/services/auth/identifiers";
import { DomainError } from "#app/services/errors";
import { maskPhoneNumber } from "#app/services/personal-numbers/phone";
import { recordAdminAct, type ActingFrom } from "./audit.server";
import type { AdminErrorCode } from "./errors";
import { periodDays, type MemberQuery, type SuspensionPeriod } from "./members.schema";

/*
 * Members as the operator console sees them (ADR 056): search, a member's page, and the sanctions an administrator
 * takes — suspend, lift, clear a sign-in lockout, end sessions. Every act locks the member row first, is refused for
 * oneself, other staff and withdrawn accounts, and writes its audit row in its own unit of work.
 */

const adminError = (code: AdminErrorCode) => new DomainError("admin", code);

/** Who may manage members: staff holding `manage:members` (administrators and moderators, ADR 055). */
function requireMembersManager(actor: Actor | null): asserts actor is StaffActor {
  requirePermission(actor, "manage:members", () => adminError("forbidden"));
}

/** Staff accounts (any role but a member's) are managed elsewhere, never sanctioned from the console. */
const isStaffRole = (role: string) => role !== "member";

/** An e-mail as the console shows it: a phone account's placeholder holds the number, so it is not shown. */
const shownEmail = (email: string) => (isPlaceholderEmail(email) ? null : email);

const MEMBER_PAGE_SIZE = 20;
const ACTIVITY_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

/** The sign-in lockouts kept per account in the product's own counters (services/auth/accounts.server.ts). */
const lockoutKeys = (memberId: string) => ({
  signIn: `signin:untrusted:${memberId}`,
  twoStep: `2fa:failures:${memberId}`,
});

const likePrefix = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface MemberRow {
  id: string;
  nickname: string | null;
  email: string | null;
  role: string;
  joinedAt: Date;
  withdrawn: boolean;
  suspended: boolean;
}

/**
 * Members whose nickname or e-mail begins with `q` (or whose id is `q`), newest first, a page at a time; every
 * member when `q` is empty. A phone account's placeholder address is never matched, so the search cannot find
 * numbers.
 */
export async function searchMembers(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  query: MemberQuery,
): Promise<{ rows: MemberRow[]; hasNext: boolean }> {
  requireMembersManager(actor);
  const term = query.q.trim();
  const where: SQL | undefined = term
    ? or(
        eq(member.id, term),
        ilike(member.nickname, likePrefix(term)),
        and(
          ilike(member.email, likePrefix(term)),
          not(ilike(member.email, "%@phone.motomate.invalid")),
          not(ilike(member.email, "%@withdrawn.invalid")),
        ),
      )
    : undefined;
  const found = await db
    .select({
      id: member.id,
      nickname: member.nickname,
      email: member.email,
      role: member.role,
      joinedAt: member.createdAt,
      withdrawnAt: member.withdrawnAt,
      suspendedFrom: member.suspendedFrom,
      suspendedUntil: member.suspendedUntil,
    })
    .from(member)
    .where(where)
    .orderBy(desc(member.createdAt), desc(member.id))
    .limit(MEMBER_PAGE_SIZE + 1)
    .offset((query.page - 1) * MEMBER_PAGE_SIZE);
  const now = clock.now();
  return {
    rows: found.slice(0, MEMBER_PAGE_SIZE).map((row) => ({
      id: row.id,
      nickname: row.nickname,
      email: shownEmail(row.email),
      role: row.role,
      joinedAt: row.joinedAt,
      withdrawn: row.withdrawnAt !== null,
      suspended: suspendedAt(row, now),
    })),
    hasNext: found.length > MEMBER_PAGE_SIZE,
  };
}

export type SanctionState = "in_force" | "ended" | "lifted";

interface SanctionRecord {
  id: number;
  kind: "suspension";
  state: SanctionState;
  reason: string;
  startsAt: Date;
  /** Null: permanently. */
  endsAt: Date | null;
  createdByName: string | null;
  liftedAt: Date | null;
  liftedByName: string | null;
  liftReason: string | null;
}

interface MemberLockout {
  /** Wrong passwords counted against the account in the current window (from browsers it never signed in with). */
  signInFailures: number;
  /** Wrong two-step codes counted in the current window. */
  twoStepFailures: number;
  /** The authentication library's own two-step lock: consecutive wrong codes, and until when it holds. */
  libraryFailures: number;
  libraryLockedUntil: Date | null;
  /** Any of these refuses sign-in now. */
  locked: boolean;
  /** Anything to clear. */
  clearable: boolean;
}

export interface MemberPage {
  id: string;
  nickname: string | null;
  email: string | null;
  /** `010-****-5678`: never the whole number. */
  phone: string | null;
  role: string;
  memberType: string | null;
  joinedAt: Date;
  withdrawnAt: Date | null;
  twoFactorEnabled: boolean;
  sanctions: SanctionRecord[];
  /** The suspension in force, if any. */
  suspension: SanctionRecord | null;
  lockout: MemberLockout;
  /** Sessions that have not expired. */
  sessions: number;
  /** What the member did in the last 30 days. */
  activity: { posts: number; listings: number; comments: number; meetings: number };
  /** Whether the console may sanction this account at all (not oneself, not staff, not withdrawn). */
  sanctionable: boolean;
}

function sanctionState(
  row: { liftedAt: Date | null; startsAt: Date; endsAt: Date | null },
  now: Date,
): SanctionState {
  if (row.liftedAt) return "lifted";
  return row.startsAt <= now && (row.endsAt === null || row.endsAt > now) ? "in_force" : "ended";
}

/** Whether a rate-limit counter still counts at `now` (its window of `windowMs` has not ended). */
const counting = (row: { windowStart: Date } | undefined, windowMs: number, now: Date) =>
  row !== undefined && row.windowStart.getTime() + windowMs > now.getTime();

async function lockoutOf(db: Database, memberId: string, now: Date): Promise<MemberLockout> {
  const keys = lockoutKeys(memberId);
  const counters = await db
    .select({
      key: rateLimitCounter.key,
      count: rateLimitCounter.count,
      windowStart: rateLimitCounter.windowStart,
    })
    .from(rateLimitCounter)
    .where(inArray(rateLimitCounter.key, [keys.signIn, keys.twoStep]));
  const counter = (key: string) => {
    const row = counters.find((one) => one.key === key);
    const rule =
      key === keys.signIn ? rateRules.signInFailuresPerAccount : rateRules.twoFactorFailuresPerAccount;
    return counting(row, rule.windowMs, now) ? row!.count : 0;
  };
  const [library] = await db
    .select({ failures: twoFactor.failedVerificationCount, lockedUntil: twoFactor.lockedUntil })
    .from(twoFactor)
    .where(eq(twoFactor.userId, memberId));
  const signInFailures = counter(keys.signIn);
  const twoStepFailures = counter(keys.twoStep);
  const libraryFailures = library?.failures ?? 0;
  const libraryLockedUntil = library?.lockedUntil && library.lockedUntil > now ? library.lockedUntil : null;
  return {
    signInFailures,
    twoStepFailures,
    libraryFailures,
    libraryLockedUntil,
    locked:
      signInFailures >= rateRules.signInFailuresPerAccount.limit ||
      twoStepFailures >= rateRules.twoFactorFailuresPerAccount.limit ||
      libraryLockedUntil !== null,
    clearable:
      signInFailures > 0 || twoStepFailures > 0 || libraryFailures > 0 || Boolean(library?.lockedUntil),
  };
}

/** The member's page for an administrator: profile (personal numbers masked), sanctions, lockouts and activity. */
export async function memberPage(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  memberId: string,
): Promise<MemberPage> {
  requireMembersManager(actor);
  const now = clock.now();
  const since = new Date(now.getTime() - ACTIVITY_DAYS * DAY_MS);
  // The member and the counts of their page in one statement.
  const [found] = await db
    .select({
      row: member,
      sessions: sql<number>`(select count(*)::int from ${session} where ${session.userId} = ${memberId}
        and ${session.expiresAt} > ${now}::timestamptz)`,
      posts: sql<number>`(select count(*)::int from ${boardArticle} where ${boardArticle.authorId} = ${memberId}
        and ${boardArticle.section} <> 'market' and ${boardArticle.createdAt} >= ${since}::timestamptz)`,
      listings: sql<number>`(select count(*)::int from ${boardArticle} where ${boardArticle.authorId} = ${memberId}
        and ${boardArticle.section} = 'market' and ${boardArticle.createdAt} >= ${since}::timestamptz)`,
      comments: sql<number>`(select count(*)::int from ${boardComment} where ${boardComment.authorId} = ${memberId}
        and ${boardComment.createdAt} >= ${since}::timestamptz)`,
      meetings: sql<number>`(select count(*)::int from ${meeting} where (${meeting.requesterId} = ${memberId}
        or ${meeting.providerId} = ${memberId}) and ${meeting.createdAt} >= ${since}::timestamptz)`,
    })
    .from(member)
    .where(eq(member.id, memberId));
  if (!found) throw adminError("member_not_found");
  const { row, ...counts } = found;
  const creator = aliasedTable(member, "creator");
  const lifter = aliasedTable(member, "lifter");
  const sanctionRows = await db
    .select({
      sanction: memberSanction,
      createdByName: creator.nickname,
      liftedByName: lifter.nickname,
    })
    .from(memberSanction)
    .leftJoin(creator, eq(creator.id, memberSanction.createdBy))
    .leftJoin(lifter, eq(lifter.id, memberSanction.liftedBy))
    .where(eq(memberSanction.memberId, memberId))
    .orderBy(desc(memberSanction.startsAt), desc(memberSanction.id));
  const sanctions: SanctionRecord[] = sanctionRows.map(({ sanction, createdByName, liftedByName }) => ({
    id: sanction.id,
    kind: sanction.kind,
    state: sanctionState(sanction, now),
    reason: sanction.reason,
    startsAt: sanction.startsAt,
    endsAt: sanction.endsAt,
    createdByName,
    liftedAt: sanction.liftedAt,
    liftedByName,
    liftReason: sanction.liftReason,
  }));
  return {
    id: row.id,
    nickname: row.nickname,
    email: shownEmail(row.email),
    phone: row.phoneNumber ? maskPhoneNumber(row.phoneNumber) : null,
    role: row.role,
    memberType: row.memberType,
    joinedAt: row.createdAt,
    withdrawnAt: row.withdrawnAt,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    sanctions,
    suspension: sanctions.find((sanction) => sanction.state === "in_force") ?? null,
    lockout: await lockoutOf(db, memberId, now),
    sessions: Number(counts.sessions),
    activity: {
      posts: Number(counts.posts),
      listings: Number(counts.listings),
      comments: Number(counts.comments),
      meetings: Number(counts.meetings),
    },
    sanctionable: row.id !== actor.id && !isStaffRole(row.role) && row.withdrawnAt === null,
  };
}

/**
 * The member an act is about, locked for the act's unit of work (two administrators acting on one member take
 * turns): refused when missing, oneself, staff or withdrawn.
 */
async function lockTarget(uow: UnitOfWork, actor: StaffActor, memberId: string) {
  const [target] = await uow.tx
    .select({ id: member.id, role: member.role, withdrawnAt: member.withdrawnAt })
    .from(member)
    .where(eq(member.id, memberId))
    .for("update");
  if (!target) throw adminError("member_not_found");
  if (target.id === actor.id) throw adminError("member_self");
  if (isStaffRole(target.role)) throw adminError("member_staff");
  if (target.withdrawnAt) throw adminError("member_withdrawn");
  return target;
}

/** Ends every session of the member inside the unit; their live connections close once it commits. */
async function endAllSessions(uow: UnitOfWork, memberId: string): Promise<number> {
  const ended = await uow.tx
    .delete(session)
    .where(eq(session.userId, memberId))
    .returning({ id: session.id });
  uow.afterCommit(() => realtimePublisher().closeMember(memberId));
  return ended.length;
}

/**
 * Suspends a member from now for a period of days or permanently, with a reason: every session of theirs ends in
 * the same unit of work, and no new one is given while the suspension lasts (the sign-in refuses it, ADR 056).
 * A member already suspended is refused: lift first, then suspend again.
 */
export async function suspendMember(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  input: { memberId: string; period: SuspensionPeriod; reason: string },
  from?: ActingFrom,
): Promise<{ sanctionId: number; endsAt: Date | null; sessionsEnded: number }> {
  requireMembersManager(actor);
  return runInTransaction(db, clock, async (uow) => {
    await lockTarget(uow, actor, input.memberId);
    if (await suspensionInForce(uow.tx, input.memberId, uow.now)) throw adminError("member_suspended");
    const days = periodDays(input.period);
    const endsAt = days === null ? null : new Date(uow.now.getTime() + days * DAY_MS);
    const [sanction] = await uow.tx
      .insert(memberSanction)
      .values({
        memberId: input.memberId,
        kind: "suspension",
        reason: input.reason,
        startsAt: uow.now,
        endsAt,
        createdBy: actor.id,
        createdAt: uow.now,
      })
      .returning({ id: memberSanction.id });
    await uow.tx
      .update(member)
      .set({ suspendedFrom: uow.now, suspendedUntil: endsAt, updatedAt: uow.now })
      .where(eq(member.id, input.memberId));
    const sessionsEnded = await endAllSessions(uow, input.memberId);
    await recordAdminAct(
      uow,
      actor,
      {
        action: "member.suspend",
        subject: { kind: "member", id: input.memberId },
        reason: input.reason,
        after: {
          sanction: sanction!.id,
          until: endsAt ? endsAt.toISOString() : "permanent",
          days,
          sessionsEnded,
        },
      },
      from,
    );
    return { sanctionId: sanction!.id, endsAt, sessionsEnded };
  });
}

/** Lifts the member's suspension in force, with a reason; they may sign in again at once. */
export async function liftSuspension(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  input: { memberId: string; reason: string },
  from?: ActingFrom,
): Promise<void> {
  requireMembersManager(actor);
  await runInTransaction(db, clock, async (uow) => {
    await lockTarget(uow, actor, input.memberId);
    const suspension = await suspensionInForce(uow.tx, input.memberId, uow.now);
    if (!suspension) throw adminError("member_not_suspended");
    await uow.tx
      .update(memberSanction)
      .set({ liftedAt: uow.now, liftedBy: actor.id, liftReason: input.reason })
      .where(eq(memberSanction.id, suspension.id));
    await uow.tx
      .update(member)
      .set({ suspendedFrom: null, suspendedUntil: null, updatedAt: uow.now })
      .where(eq(member.id, input.memberId));
    await recordAdminAct(
      uow,
      actor,
      {
        action: "member.lift",
        subject: { kind: "member", id: input.memberId },
        reason: input.reason,
        before: {
          sanction: suspension.id,
          until: suspension.endsAt ? suspension.endsAt.toISOString() : "permanent",
        },
        after: { lifted: true },
      },
      from,
    );
  });
}

/**
 * Clears the member's sign-in lockouts: the wrong-password count against the account, the wrong two-step code
 * count, and the authentication library's own two-step lock. Nothing to clear is refused (and not recorded).
 */
export async function clearSignInLockout(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  input: { memberId: string; reason?: string },
  from?: ActingFrom,
): Promise<void> {
  requireMembersManager(actor);
  await runInTransaction(db, clock, async (uow) => {
    await lockTarget(uow, actor, input.memberId);
    const before = await lockoutOf(uow.tx, input.memberId, uow.now);
    if (!before.clearable) throw adminError("member_not_locked");
    const keys = lockoutKeys(input.memberId);
    await uow.tx.delete(rateLimitCounter).where(inArray(rateLimitCounter.key, [keys.signIn, keys.twoStep]));
    await uow.tx
      .update(twoFactor)
      .set({ failedVerificationCount: 0, lockedUntil: null })
      .where(eq(twoFactor.userId, input.memberId));
    await recordAdminAct(
      uow,
      actor,
      {
        action: "member.lockout.clear",
        subject: { kind: "member", id: input.memberId },
        reason: input.reason,
        before: {
          signInFailures: before.signInFailures,
          twoStepFailures: before.twoStepFailures,
          libraryFailures: before.libraryFailures,
          libraryLockedUntil: before.libraryLockedUntil?.toISOString() ?? null,
        },
        after: { signInFailures: 0, twoStepFailures: 0, libraryFailures: 0, libraryLockedUntil: null },
      },
      from,
    );
  });
}

/** Signs the member out everywhere: every session ends and their live connections close. None open is refused. */
export async function endMemberSessions(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  input: { memberId: string; reason?: string },
  from?: ActingFrom,
): Promise<{ sessionsEnded: number }> {
  requireMembersManager(actor);
  return runInTransaction(db, clock, async (uow) => {
    await lockTarget(uow, actor, input.memberId);
    const sessionsEnded = await endAllSessions(uow, input.memberId);
    if (sessionsEnded === 0) throw adminError("member_no_sessions");
    await recordAdminAct(
      uow,
      actor,
      {
        action: "member.sessions.end",
        subject: { kind: "member", id: input.memberId },
        reason: input.reason,
        after: { sessionsEnded },
      },
      from,
    );
    return { sessionsEnded };
  });
}
