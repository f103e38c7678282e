import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { blind, member, pin } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";

async function requireMember(db: Database, id: string) {
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, id), isNull(member.withdrawnAt)));
  if (!row) throw new DomainError("relations", "user_not_found");
}

/** Blinds a member: their posts and comments appear blinded to the viewer. A repeat says 'user already blinded'. */
export async function blindMember(db: Database, clock: Clock, userId: string, targetId: string) {
  if (userId === targetId) throw new DomainError("relations", "self");
  await requireMember(db, targetId);
  const now = clock.now();
  // One statement: a new row, or an inactive row switched back on; an active row is left alone and reported.
  const changed = await db
    .insert(blind)
    .values({ userId, blindUserId: targetId, activated: true, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [blind.userId, blind.blindUserId],
      set: { activated: true, updatedAt: now },
      setWhere: eq(blind.activated, false),
    })
    .returning({ id: blind.id });
  if (changed.length === 0) throw new DomainError("relations", "already_blinded");
}

/** Unhides a member; the row stays, inactive, as the spec's list shows it. */
export async function unblindMember(db: Database, clock: Clock, userId: string, targetId: string) {
  await db
    .update(blind)
    .set({ activated: false, updatedAt: clock.now() })
    .where(and(eq(blind.userId, userId), eq(blind.blindUserId, targetId)));
}

export interface RelatedMember {
  userId: string;
  nickname: string;
  since: Date;
}

export async function listBlinded(db: Database, userId: string): Promise<RelatedMember[]> {
  const rows = await db
    .select({
      userId: blind.blindUserId,
      nickname: member.nickname,
      name: member.name,
      since: blind.updatedAt,
    })
    .from(blind)
    .innerJoin(member, eq(member.id, blind.blindUserId))
    .where(and(eq(blind.userId, userId), eq(blind.activated, true)))
    .orderBy(desc(blind.updatedAt));
  return rows.map((row) => ({ userId: row.userId, nickname: row.nickname ?? row.name, since: row.since }));
}

/**
 * The viewer's block rows as the client keeps them (spec: GET /api/setting/blind): one entry per row, the blinded
 * member's id, or an empty string for a row that was unblinded. Without a viewer the list is empty.
 */
export async function blindList(db: Database, userId: string | undefined) {
  if (!userId) return { rows: [], blindUserIds: [] as string[] };
  const rows = await db
    .select({ activated: blind.activated, blind_user_id: blind.blindUserId })
    .from(blind)
    .where(eq(blind.userId, userId))
    .orderBy(blind.id);
  return { rows, blindUserIds: rows.map((row) => (row.activated ? row.blind_user_id : "")) };
}

/** The members whose content the viewer sees blinded; every list and page of later areas filters with it. */
export async function blindedMemberIds(db: Database, userId: string | undefined): Promise<Set<string>> {
  const { blindUserIds } = await blindList(db, userId);
  return new Set(blindUserIds.filter(Boolean));
}

/** Whether `userId` has blinded and has pinned `targetId` now, for buttons that show and toggle each. */
export async function relationState(
  db: Database,
  userId: string,
  targetId: string,
): Promise<{ blinded: boolean; pinned: boolean }> {
  const [blinded, pinned] = await Promise.all([
    db
      .select({ id: blind.id })
      .from(blind)
      .where(and(eq(blind.userId, userId), eq(blind.blindUserId, targetId), eq(blind.activated, true))),
    db
      .select({ id: pin.id })
      .from(pin)
      .where(and(eq(pin.userId, userId), eq(pin.pinUserId, targetId), eq(pin.activated, true))),
  ]);
  return { blinded: blinded.length > 0, pinned: pinned.length > 0 };
}

export async function pinMember(db: Database, clock: Clock, userId: string, targetId: string) {
  if (userId === targetId) throw new DomainError("relations", "self");
  await requireMember(db, targetId);
  const now = clock.now();
  const changed = await db
    .insert(pin)
    .values({ userId, pinUserId: targetId, activated: true, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [pin.userId, pin.pinUserId],
      set: { activated: true, updatedAt: now },
      setWhere: eq(pin.activated, false),
    })
    .returning({ id: pin.id });
  if (changed.length === 0) throw new DomainError("relations", "already_pinned");
}

export async function unpinMember(db: Database, clock: Clock, userId: string, targetId: string) {
  await db
    .update(pin)
    .set({ activated: false, updatedAt: clock.now() })
    .where(and(eq(pin.userId, userId), eq(pin.pinUserId, targetId)));
}

export async function listPinned(db: Database, userId: string): Promise<RelatedMember[]> {
  const rows = await db
    .select({ userId: pin.pinUserId, nickname: member.nickname, name: member.name, since: pin.updatedAt })
    .from(pin)
    .innerJoin(member, and(eq(member.id, pin.pinUserId), isNull(member.withdrawnAt)))
    .where(and(eq(pin.userId, userId), eq(pin.activated, true)))
    .orderBy(desc(pin.updatedAt));
  return rows.map((row) => ({ userId: row.userId, nickname: row.nickname ?? row.name, since: row.since }));
}
