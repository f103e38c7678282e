import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { earningLine, meeting, member, type EarningLineStatus } from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { displayName } from "#app/services/members/display-name.server";
import { requirePermission } from "#app/services/permissions";

/** The console's list of experts' earnings lines (ADR 064): newest first, by state and nickname, a page at a time. */

const PAGE_SIZE = 20;

export interface ConsoleEarningLine {
  id: number;
  status: EarningLineStatus;
  price: number;
  fee: number;
  amount: number;
  releasableAt: Date;
  releasedAt: Date | null;
  meeting: { id: number; kind: (typeof meeting.$inferSelect)["kind"] };
  providerNickname: string;
}

export async function listEarningLinesForStaff(
  db: Database,
  actor: Actor | null,
  query: { status?: EarningLineStatus; nickname?: string; page: number },
): Promise<{ rows: ConsoleEarningLine[]; hasNext: boolean }> {
  requirePermission(actor, "manage:money", () => new DomainError("earnings", "forbidden"));
  const where: SQL[] = [];
  if (query.status) where.push(eq(earningLine.status, query.status));
  if (query.nickname) where.push(eq(member.nickname, query.nickname));
  const rows = await db
    .select({
      line: earningLine,
      meeting: { id: meeting.id, kind: meeting.kind },
      provider: { nickname: member.nickname, name: member.name },
    })
    .from(earningLine)
    .innerJoin(meeting, eq(meeting.id, earningLine.meetingId))
    .innerJoin(member, eq(member.id, earningLine.providerId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(earningLine.id))
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE);
  return {
    hasNext: rows.length > PAGE_SIZE,
    rows: rows.slice(0, PAGE_SIZE).map(({ line, meeting: met, provider }) => ({
      id: line.id,
      status: line.status,
      price: line.price,
      fee: line.fee,
      amount: line.amount,
      releasableAt: line.releasableAt,
      releasedAt: line.releasedAt,
      meeting: met,
      providerNickname: displayName(provider),
    })),
  };
}

/** The member a nickname names, for an adjustment typed by nickname; null when nobody has it. */
export async function memberIdByNickname(db: Database, nickname: string): Promise<string | null> {
  const [row] = await db.select({ id: member.id }).from(member).where(eq(member.nickname, nickname.trim()));
  return row?.id ?? null;
}
