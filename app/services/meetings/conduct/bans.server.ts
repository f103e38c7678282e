import { and, asc, count, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { meetingBan, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { DAY_MS, seoulDay } from "#app/platform/seoul-calendar";
import {
  executor,
  runInTransaction,
  type DatabaseOrUnit,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { DomainError } from "#app/services/errors";

export type MeetingBan = typeof meetingBan.$inferSelect;
export type BanReason = MeetingBan["reason"];

/** The ladder (spec §4): the 1st step bans for 30 days, the 2nd 60, the 3rd 180, the 4th and later for good. */
const BAN_LADDER_DAYS: readonly (number | null)[] = [30, 60, 180, null];

/** The days of a ladder step (1-based), or null for a permanent ban. */
export function banDays(step: number): number | null {
  return BAN_LADDER_DAYS[Math.min(step, BAN_LADDER_DAYS.length) - 1] ?? null;
}

const notLifted = isNull(meetingBan.liftedAt);
const notOver = (now: Date) => or(isNull(meetingBan.endsAt), gt(meetingBan.endsAt, now));

/** The ban in force for a member at `now` (the one ending last; a permanent one first), or null. */
export async function activeBan(
  source: DatabaseOrUnit,
  memberId: string,
  now: Date,
): Promise<MeetingBan | null> {
  const [row] = await executor(source)
    .select()
    .from(meetingBan)
    .where(and(eq(meetingBan.memberId, memberId), notLifted, lte(meetingBan.startsAt, now), notOver(now)))
    .orderBy(desc(isNull(meetingBan.endsAt)), desc(meetingBan.endsAt))
    .limit(1);
  return row ?? null;
}

/**
 * How long a member stays banned from `now` on, counting bans queued right after the one in force (a ban decided
 * while another runs starts when it ends): `{ until }` with the last moment, `{ until: null }` for good, or null
 * when no ban is in force.
 */
async function bannedUntil(
  source: DatabaseOrUnit,
  memberId: string,
  now: Date,
): Promise<{ until: Date | null } | null> {
  const bans = await executor(source)
    .select({ startsAt: meetingBan.startsAt, endsAt: meetingBan.endsAt })
    .from(meetingBan)
    .where(and(eq(meetingBan.memberId, memberId), notLifted, notOver(now)))
    .orderBy(asc(meetingBan.startsAt), asc(meetingBan.id));
  if (!bans.some((ban) => ban.startsAt <= now)) return null;
  let until: Date | null = now;
  for (const ban of bans) {
    if (ban.startsAt > until) break;
    if (ban.endsAt === null) return { until: null };
    if (ban.endsAt > until) until = ban.endsAt;
  }
  return { until };
}

/**
 * Refuses a banned member anything in the exchange (requesting, offering, accepting): `conduct.banned` names the
 * Seoul day the ban (with any queued after it) ends (`params.until`, YYYY-MM-DD), `conduct.banned_permanently` has
 * no end. The community stays open.
 */
export async function assertNotBanned(source: DatabaseOrUnit, memberId: string, now: Date): Promise<void> {
  const ban = await bannedUntil(source, memberId, now);
  if (!ban) return;
  if (!ban.until) throw new DomainError("conduct", "banned_permanently");
  throw new DomainError("conduct", "banned", { params: { until: seoulDay(ban.until) } });
}

export interface BanStep {
  memberId: string;
  reason: BanReason;
  noShowReportId: number | null;
  createdBy: string;
}

/**
 * Bans a member by the next step of the ladder of `reason` inside the caller's unit of work: the step is one more
 * than the member's earlier bans for the same reason that were not lifted (a lifted ban was an administrator's
 * correction and does not count). It starts now, or when the ban in force (and any queued after it) ends, so that
 * bans add up rather than overlap; behind a permanent one it starts now.
 */
export async function applyBanStep(uow: UnitOfWork, input: BanStep): Promise<MeetingBan> {
  const { tx, now } = uow;
  // Decisions on one member wait for each other here, so two of them never take the same step.
  await tx.select({ id: member.id }).from(member).where(eq(member.id, input.memberId)).for("no key update");
  const [earlier] = await tx
    .select({ n: count() })
    .from(meetingBan)
    .where(and(eq(meetingBan.memberId, input.memberId), eq(meetingBan.reason, input.reason), notLifted));
  const step = (earlier?.n ?? 0) + 1;
  const running = await bannedUntil(uow, input.memberId, now);
  const startsAt = running?.until ?? now;
  const days = banDays(step);
  const [ban] = await tx
    .insert(meetingBan)
    .values({
      memberId: input.memberId,
      step,
      reason: input.reason,
      noShowReportId: input.noShowReportId,
      startsAt,
      endsAt: days === null ? null : new Date(startsAt.getTime() + days * DAY_MS),
      createdBy: input.createdBy,
      createdAt: now,
    })
    .returning();
  return ban!;
}

export type BanState = "running" | "queued" | "over" | "lifted";

export interface BanRecord {
  id: number;
  memberId: string;
  nickname: string | null;
  step: number;
  reason: BanReason;
  noShowReportId: number | null;
  startsAt: Date;
  endsAt: Date | null;
  liftedAt: Date | null;
}

const recordColumns = {
  id: meetingBan.id,
  memberId: meetingBan.memberId,
  nickname: member.nickname,
  step: meetingBan.step,
  reason: meetingBan.reason,
  noShowReportId: meetingBan.noShowReportId,
  startsAt: meetingBan.startsAt,
  endsAt: meetingBan.endsAt,
  liftedAt: meetingBan.liftedAt,
};

/** Where a ban stands at `now`: running, queued to start, over, or lifted; only running and queued ones lift. */
export function banState(ban: Pick<BanRecord, "startsAt" | "endsAt" | "liftedAt">, now: Date): BanState {
  if (ban.liftedAt) return "lifted";
  if (ban.endsAt && ban.endsAt <= now) return "over";
  return ban.startsAt > now ? "queued" : "running";
}

/** Every ban of a member, the latest decided first (for the administrators' pages). */
export async function banHistory(db: Database, memberId: string): Promise<BanRecord[]> {
  return db
    .select(recordColumns)
    .from(meetingBan)
    .leftJoin(member, eq(member.id, meetingBan.memberId))
    .where(eq(meetingBan.memberId, memberId))
    .orderBy(desc(meetingBan.createdAt), desc(meetingBan.id));
}

const BANS_LIMIT = 100;

const refused = () => new DomainError("conduct", "forbidden");

/** Bans running or queued, the soonest to end first (acting administrators only). */
export async function currentBans(db: Database, clock: Clock, actor: Actor): Promise<BanRecord[]> {
  requirePermission(actor, "moderate:content", refused);
  const now = clock.now();
  return db
    .select(recordColumns)
    .from(meetingBan)
    .leftJoin(member, eq(member.id, meetingBan.memberId))
    .where(and(notLifted, notOver(now)))
    .orderBy(asc(isNull(meetingBan.endsAt)), asc(meetingBan.endsAt), asc(meetingBan.id))
    .limit(BANS_LIMIT);
}

/**
 * Lifts a running or queued ban (acting administrators only): it stops counting at once and for the ladder. Bans
 * queued after it keep their start.
 */
export async function liftBan(
  db: Database,
  clock: Clock,
  actor: Actor,
  banId: number,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "moderate:content", refused);
  await runInTransaction(db, clock, async (uow) => {
    const [ban] = await uow.tx.select().from(meetingBan).where(eq(meetingBan.id, banId)).for("update");
    if (!ban) throw new DomainError("conduct", "ban_not_found");
    if (ban.liftedAt || (ban.endsAt && ban.endsAt <= uow.now))
      throw new DomainError("conduct", "ban_not_active");
    await uow.tx.update(meetingBan).set({ liftedAt: uow.now }).where(eq(meetingBan.id, banId));
    await recordAdminAct(
      uow,
      actor,
      {
        action: "meeting.ban.lift",
        subject: { kind: "member", id: ban.memberId },
        before: {
          ban: ban.id,
          reason: ban.reason,
          startsAt: ban.startsAt.toISOString(),
          endsAt: ban.endsAt?.toISOString() ?? null,
        },
        after: { liftedAt: uow.now.toISOString() },
      },
      from,
    );
  });
}
