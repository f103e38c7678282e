import { and, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "#app/db/client.server";
import { notification } from "#app/db/schema";
import { stripLanguage } from "#app/i18n";
import { realtimePublisher } from "#app/platform/publisher.server";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { ALARM_REFRESH_EVENT, ALARM_UNREAD_EVENT, type AlarmType, type AlarmUnreadPayload } from "./types";

export interface NotifyInput {
  recipientId: string;
  type: AlarmType;
  /** The member whose action caused it; nobody is notified of their own action. */
  actorId?: string | null;
  /** Values for the localised message: nickname, title … */
  params?: Record<string, string | number>;
  /** The Korean-locale path the notification opens. */
  link?: string | null;
  /**
   * Names the event, for events that may be reported again (a like taken back and given again, a retried job):
   * each recipient gets at most one notification per key, and a repeat is neither stored nor pushed.
   */
  dedupeKey?: string | null;
}

/** Only paths of this site, kept in their Korean form; anything else is dropped rather than linked. */
function siteLink(link: string | null | undefined): string | null {
  if (!link || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  return stripLanguage(link);
}

/** The recipient (`m`) has not switched this type off: a missing setting row means on. */
function typeEnabled(type: AlarmType): SQL {
  return sql`not exists (select 1 from notification_setting s
    where s.member_id = m.id and s.type = ${type} and not s.enabled)`;
}

/** The recipient (`m`) has not hidden the actor. */
function actorNotBlinded(actorId: string | null): SQL {
  if (!actorId) return sql`true`;
  return sql`not exists (select 1 from blind b
    where b.user_id = m.id and b.blind_user_id = ${actorId} and b.activated)`;
}

/**
 * One INSERT … SELECT from the members the condition picks, leaving out the actor, withdrawn members, members who
 * turned the type off, members who hid the actor and members who already have a notification with the same
 * dedupe key (without a key, rows never conflict: the unique index treats nulls as distinct). The checks and the write are one statement, so a setting
 * changed at the same moment is either seen or not, never half.
 */
function insertFor(recipients: SQL, input: Omit<NotifyInput, "recipientId">, now: Date): SQL {
  const actorId = input.actorId ?? null;
  return sql`insert into notification (recipient_id, type, actor_id, params, link, dedupe_key, created_at)
    select m.id, ${input.type}::text, ${actorId}::text, ${JSON.stringify(input.params ?? {})}::jsonb,
      ${siteLink(input.link)}::text, ${input.dedupeKey ?? null}::text, ${now.toISOString()}::timestamptz
    from member m
    where (${recipients}) and m.withdrawn_at is null
      and (${actorId}::text is null or m.id <> ${actorId}::text)
      and ${typeEnabled(input.type)} and ${actorNotBlinded(actorId)}
    on conflict (recipient_id, dedupe_key) do nothing`;
}

async function insertReturningRecipients(
  uow: UnitOfWork,
  recipients: SQL,
  input: Omit<NotifyInput, "recipientId">,
): Promise<string[]> {
  const rows = await queryRows<{ recipient_id: string }>(
    uow.tx,
    sql`${insertFor(recipients, input, uow.now)} returning recipient_id`,
  );
  return rows.map((row) => row.recipient_id);
}

export async function countUnread(db: Database, memberId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notification)
    .where(and(eq(notification.recipientId, memberId), isNull(notification.readAt)));
  return row?.count ?? 0;
}

function publishUnread(memberId: string, unread: number, arrived: number): void {
  const payload: AlarmUnreadPayload = arrived > 0 ? { count: unread, arrived } : { count: unread };
  realtimePublisher().toMember(memberId, ALARM_UNREAD_EVENT, payload);
}

/** Tells a member's open pages their unread count; `arrived` says how many notifications have just come in. */
export async function publishUnreadCount(db: Database, memberId: string, arrived = 0): Promise<number> {
  const unread = await countUnread(db, memberId);
  publishUnread(memberId, unread, arrived);
  return unread;
}

/**
 * Sends one notification, unless the recipient switched its type off, hid the actor, withdrew, is the actor, or
 * already has one with the same dedupe key. The row is written in the caller's unit of work, so it commits or rolls
 * back with the action that caused it; the member's open pages learn the new unread count after the commit, only
 * when a notification was stored.
 */
export async function notify(uow: UnitOfWork, input: NotifyInput): Promise<void> {
  await notifyEach(uow, [input]);
}

/**
 * Sends several notifications at once, each to its own recipient with its own type and values, by the rules of
 * notify(): one INSERT … SELECT over the list, and one count of the unread notifications of the members who got one.
 */
export async function notifyEach(uow: UnitOfWork, inputs: readonly NotifyInput[]): Promise<void> {
  const wanted = inputs.filter((input) => !input.actorId || input.actorId !== input.recipientId);
  if (wanted.length === 0) return;
  const now = uow.now.toISOString();
  const rows = sql.join(
    wanted.map(
      (input) =>
        sql`(${input.recipientId}::text, ${input.type}::text, ${input.actorId ?? null}::text,
          ${JSON.stringify(input.params ?? {})}::jsonb, ${siteLink(input.link)}::text, ${input.dedupeKey ?? null}::text)`,
    ),
    sql`, `,
  );
  const stored = await queryRows<{ recipient_id: string }>(
    uow.tx,
    sql`insert into notification (recipient_id, type, actor_id, params, link, dedupe_key, created_at)
      select m.id, v.type, v.actor_id, v.params, v.link, v.dedupe_key, ${now}::timestamptz
      from (values ${rows}) as v (recipient_id, type, actor_id, params, link, dedupe_key)
      join member m on m.id = v.recipient_id
      where m.withdrawn_at is null
        and not exists (select 1 from notification_setting s
          where s.member_id = m.id and s.type = v.type and not s.enabled)
        and (v.actor_id is null or not exists (select 1 from blind b
          where b.user_id = m.id and b.blind_user_id = v.actor_id and b.activated))
      on conflict (recipient_id, dedupe_key) do nothing
      returning recipient_id`,
  );
  if (stored.length === 0) return;
  const arrived = new Map<string, number>();
  for (const row of stored) arrived.set(row.recipient_id, (arrived.get(row.recipient_id) ?? 0) + 1);
  const counts =
    arrived.size === 1
      ? [{ memberId: stored[0]!.recipient_id, count: await countUnread(uow.tx, stored[0]!.recipient_id) }]
      : await uow.tx
          .select({ memberId: notification.recipientId, count: count() })
          .from(notification)
          .where(and(inArray(notification.recipientId, [...arrived.keys()]), isNull(notification.readAt)))
          .groupBy(notification.recipientId);
  uow.afterCommit(() => {
    for (const row of counts) publishUnread(row.memberId, row.count, arrived.get(row.memberId) ?? 1);
  });
}

const MANY_CHUNK = 1_000;

/** Sends the same notification to the given members, with the same rules as notify(). */
export async function notifyMany(
  uow: UnitOfWork,
  recipientIds: readonly string[],
  input: Omit<NotifyInput, "recipientId">,
): Promise<void> {
  const ids = [...new Set(recipientIds)];
  for (let start = 0; start < ids.length; start += MANY_CHUNK) {
    const chunk = ids.slice(start, start + MANY_CHUNK);
    const stored = await insertReturningRecipients(
      uow,
      sql`m.id in (${sql.join(
        chunk.map((id) => sql`${id}`),
        sql`, `,
      )})`,
      input,
    );
    if (stored.length === 0) continue;
    const counts = await uow.tx
      .select({ memberId: notification.recipientId, count: count() })
      .from(notification)
      .where(and(inArray(notification.recipientId, stored), isNull(notification.readAt)))
      .groupBy(notification.recipientId);
    uow.afterCommit(() => {
      for (const row of counts) publishUnread(row.memberId, row.count, 1);
    });
  }
}

/**
 * Sends a notification to every active member (profile complete, not withdrawn) who has not switched the type
 * off: announcements, events. One statement whatever the number of members; after the commit the open pages are
 * asked to fetch their counts. Answers how many members it reached.
 */
export async function notifyAll(uow: UnitOfWork, input: Omit<NotifyInput, "recipientId">): Promise<number> {
  const [row] = await queryRows<{ reached: number }>(
    uow.tx,
    sql`with inserted as (${insertFor(sql`m.onboarding = 'welcomed'`, input, uow.now)} returning 1)
      select count(*)::int as reached from inserted`,
  );
  const reached = row?.reached ?? 0;
  if (reached > 0) uow.afterCommit(publishAlarmRefresh);
  return reached;
}

/** Asks every open page to fetch its unread count again. */
function publishAlarmRefresh(): void {
  realtimePublisher().toMembers(ALARM_REFRESH_EVENT, {});
}
