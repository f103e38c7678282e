import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member, notification } from "#app/db/schema";
import type { Language } from "#app/i18n";
import type { Clock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";
import { renderAlarmMessage } from "./messages.server";
import { countUnread, publishUnreadCount } from "./notify.server";

export { countUnread };

export const ALARM_PAGE_SIZE = 20;

/** One notification as the list shows it: the message already in the reader's language. */
interface AlarmItem {
  id: number;
  type: string;
  message: string;
  /** The Korean-locale path it opens, if any. */
  link: string | null;
  read: boolean;
  createdAt: Date;
}

export interface AlarmPage {
  items: AlarmItem[];
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: number | null;
}

/**
 * A member's notifications, newest first, 20 a page, by keyset on the id (the recipient index answers it); those
 * folded into a newer one are left out.
 */
export async function listAlarms(
  db: Database,
  memberId: string,
  options: { language: Language; before?: number | null },
): Promise<AlarmPage> {
  const conditions = [eq(notification.recipientId, memberId), isNull(notification.foldedAt)];
  if (options.before) conditions.push(lt(notification.id, options.before));
  const rows = await db
    .select({
      id: notification.id,
      type: notification.type,
      params: notification.params,
      link: notification.link,
      repeats: notification.repeatCount,
      readAt: notification.readAt,
      createdAt: notification.createdAt,
      actorId: notification.actorId,
      actorNickname: member.nickname,
      actorWithdrawnAt: member.withdrawnAt,
    })
    .from(notification)
    .leftJoin(member, eq(member.id, notification.actorId))
    .where(and(...conditions))
    .orderBy(desc(notification.id))
    .limit(ALARM_PAGE_SIZE + 1);
  const page = rows.slice(0, ALARM_PAGE_SIZE);
  return {
    items: page.map((row) => ({
      id: row.id,
      type: row.type,
      message: renderAlarmMessage(options.language, {
        type: row.type,
        params: row.params,
        repeats: row.repeats,
        actor: row.actorId ? { nickname: row.actorNickname, withdrawn: Boolean(row.actorWithdrawnAt) } : null,
      }),
      link: row.link,
      read: row.readAt !== null,
      createdAt: row.createdAt,
    })),
    nextCursor: rows.length > ALARM_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}

/**
 * Marks one of the member's own notifications read and answers where it leads. Someone else's notification is
 * "not found", exactly like a missing one, so ids reveal nothing. Reading it again changes nothing.
 */
export async function markAlarmRead(
  db: Database,
  clock: Clock,
  memberId: string,
  id: number,
): Promise<{ link: string | null; unread: number }> {
  const mine = and(eq(notification.id, id), eq(notification.recipientId, memberId));
  const [changed] = await db
    .update(notification)
    .set({ readAt: clock.now() })
    .where(and(mine, isNull(notification.readAt)))
    .returning({ link: notification.link });
  if (changed) return { link: changed.link, unread: await publishUnreadCount(db, memberId) };
  const [existing] = await db.select({ link: notification.link }).from(notification).where(mine);
  if (!existing) throw new DomainError("alarm", "alarm_not_found");
  return { link: existing.link, unread: await countUnread(db, memberId) };
}

/** Marks every notification of the member read; answers how many were unread. */
export async function markAllAlarmsRead(db: Database, clock: Clock, memberId: string): Promise<number> {
  const changed = await db
    .update(notification)
    .set({ readAt: clock.now() })
    .where(and(eq(notification.recipientId, memberId), isNull(notification.readAt)))
    .returning({ id: notification.id });
  if (changed.length > 0) await publishUnreadCount(db, memberId);
  return changed.length;
}
