import { and, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "#app/db/client.server";
import { notification } from "#app/db/schema";
import { stripLanguage } from "#app/i18n";
import { realtimePublisher } from "#app/platform/publisher.server";
import { HOUR_MS, seoulDay, startOfSeoulDay } from "#app/platform/seoul-calendar";
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
  /**
   * What it is about, for folding: notifications of one type from one actor about one subject fold into one while
   * the newest is unread and younger than FOLD_WINDOW_MS. Defaults to the link without its fragment; a sender names
   * it when each event has a link of its own (a meeting's room) but is, to the recipient, the same thing again.
   */
  subject?: string | null;
  /** At most this many notifications of this type from this actor reach one recipient in a Seoul day. */
  dailyCap?: number | null;
}

/**
 * How long an unread notification gathers repeats of itself (ADR 049): an offer made and withdrawn twenty times, or a
 * rider's comments on one post, read as one line that counts them, and count once on the badge.
 */
export const FOLD_WINDOW_MS = HOUR_MS;

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
 * dedupe key (without a key, rows never conflict: the unique index treats nulls as distinct). The checks and the
 * write are one statement, so a setting changed at the same moment is either seen or not, never half. Used for
 * notifications to everybody, which carry no subject and never fold.
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
 * already has one with the same dedupe key; a repeat of the recipient's newest unread one folds into it. The row is written in the caller's unit of work, so it commits or rolls
 * back with the action that caused it; the member's open pages learn the new unread count after the commit, only
 * when a notification was stored.
 */
export async function notify(uow: UnitOfWork, input: NotifyInput): Promise<void> {
  await notifyEach(uow, [input]);
}

/** One notification to write: the input with its link checked, its subject, and how many events it stands for. */
interface Pending {
  input: NotifyInput;
  link: string | null;
  subject: string | null;
  repeats: number;
}

/** The subject a notification folds by; none without an actor (announcements, reminders stay one line each). */
function subjectOf(input: NotifyInput, link: string | null): string | null {
  if (!input.actorId) return null;
  return input.subject ?? link?.split("#")[0] ?? null;
}

/** Drops the actor's own notifications and folds repeats within the list itself (the newest's values kept). */
function pendingOf(inputs: readonly NotifyInput[]): Pending[] {
  const pending: Pending[] = [];
  const byGroup = new Map<string, Pending>();
  for (const input of inputs) {
    if (input.actorId && input.actorId === input.recipientId) continue;
    const link = siteLink(input.link);
    const item: Pending = { input, link, subject: subjectOf(input, link), repeats: 1 };
    if (item.subject === null) {
      pending.push(item);
      continue;
    }
    const group = JSON.stringify([input.recipientId, input.type, input.actorId, item.subject]);
    const earlier = byGroup.get(group);
    if (earlier) Object.assign(earlier, { input, link, repeats: earlier.repeats + 1 });
    else {
      byGroup.set(group, item);
      pending.push(item);
    }
  }
  return pending;
}

/**
 * Sends several notifications at once, each to its own recipient with its own type and values, by the rules of
 * notify(), in one statement: it leaves out withdrawn members, members who switched the type off or hid the actor,
 * keys already stored and recipients past the daily cap; a notification with the same type, actor and subject as the
 * recipient's newest unread one of the last FOLD_WINDOW_MS takes its place, counting its events, and the one it
 * replaces is folded (kept for its dedupe key, never listed). Only notifications that are new to the recipient are
 * pushed and move the badge: a fold leaves the unread count as it was.
 */
export async function notifyEach(uow: UnitOfWork, inputs: readonly NotifyInput[]): Promise<void> {
  const pending = pendingOf(inputs);
  if (pending.length === 0) return;
  const now = uow.now.toISOString();
  const since = new Date(uow.now.getTime() - FOLD_WINDOW_MS).toISOString();
  const dayStart = startOfSeoulDay(seoulDay(uow.now)).toISOString();
  // A column of values per field: the statement's text and its parameters do not grow with the notifications.
  const column = <T>(value: (item: Pending) => T) => sql.param(pending.map(value));
  const stored = await queryRows<{ recipient_id: string; arrived: boolean }>(
    uow.tx,
    sql`with v (recipient_id, type, actor_id, params, link, dedupe_key, subject, repeats, daily_cap) as (
        select recipient_id, type, actor_id, params::jsonb, link, dedupe_key, subject, repeats, daily_cap
        from unnest(${column(({ input }) => input.recipientId)}::text[], ${column(({ input }) => input.type)}::text[],
          ${column(({ input }) => input.actorId ?? null)}::text[],
          ${column(({ input }) => JSON.stringify(input.params ?? {}))}::text[], ${column(({ link }) => link)}::text[],
          ${column(({ input }) => input.dedupeKey ?? null)}::text[], ${column(({ subject }) => subject)}::text[],
          ${column(({ repeats }) => repeats)}::int[], ${column(({ input }) => input.dailyCap ?? null)}::int[])
          u (recipient_id, type, actor_id, params, link, dedupe_key, subject, repeats, daily_cap)
      ),
      wanted as (
        select v.* from v
        join member m on m.id = v.recipient_id
        where m.withdrawn_at is null
          and not exists (select 1 from notification_setting s
            where s.member_id = m.id and s.type = v.type and not s.enabled)
          and (v.actor_id is null or not exists (select 1 from blind b
            where b.user_id = m.id and b.blind_user_id = v.actor_id and b.activated))
          and (v.dedupe_key is null or not exists (select 1 from notification n
            where n.recipient_id = v.recipient_id and n.dedupe_key = v.dedupe_key))
          and (v.daily_cap is null or (select count(*) from notification n
            where n.recipient_id = v.recipient_id and n.type = v.type and n.actor_id = v.actor_id
              and n.created_at >= ${dayStart}::timestamptz) < v.daily_cap)
      ),
      earlier as (
        select w.recipient_id, w.type, w.actor_id, w.subject, e.id, e.repeat_count
        from wanted w
        cross join lateral (select n.id, n.repeat_count from notification n
          where n.recipient_id = w.recipient_id and n.type = w.type and n.actor_id = w.actor_id
            and n.subject = w.subject and n.read_at is null and n.folded_at is null
            and n.created_at > ${since}::timestamptz
          order by n.id desc limit 1) e
      ),
      inserted as (
        insert into notification
          (recipient_id, type, actor_id, params, link, dedupe_key, subject, repeat_count, created_at)
        select w.recipient_id, w.type, w.actor_id, w.params, w.link, w.dedupe_key, w.subject,
          w.repeats + coalesce((select e.repeat_count from earlier e
            where e.recipient_id = w.recipient_id and e.type = w.type and e.actor_id = w.actor_id
              and e.subject = w.subject), 0),
          ${now}::timestamptz
        from wanted w
        on conflict (recipient_id, dedupe_key) do nothing
        returning recipient_id, type, actor_id, subject
      ),
      folded as (
        update notification n set folded_at = ${now}::timestamptz, read_at = ${now}::timestamptz
        from earlier e
        join inserted i on i.recipient_id = e.recipient_id and i.type = e.type and i.actor_id = e.actor_id
          and i.subject = e.subject
        where n.id = e.id
        returning n.recipient_id, n.type, n.actor_id, n.subject
      )
      select i.recipient_id, not exists (select 1 from folded f
          where f.recipient_id = i.recipient_id and f.type = i.type and f.actor_id = i.actor_id
            and f.subject = i.subject) as arrived
      from inserted i`,
  );
  const arrived = new Map<string, number>();
  for (const row of stored)
    if (row.arrived) arrived.set(row.recipient_id, (arrived.get(row.recipient_id) ?? 0) + 1);
  if (arrived.size === 0) return;
  const [only] = arrived.keys();
  const counts =
    arrived.size === 1
      ? [{ memberId: only!, count: await countUnread(uow.tx, only!) }]
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
    await notifyEach(
      uow,
      ids.slice(start, start + MANY_CHUNK).map((recipientId) => ({ ...input, recipientId })),
    );
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
