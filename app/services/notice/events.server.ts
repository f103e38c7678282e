import { z } from "zod";
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { communityEvent, eventParticipation, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { cancelJobs, defineJob, enqueueJob, scheduleJob } from "#app/platform/jobs.server";
import { validateArticleHtml } from "#app/services/content/article-html.server";
import { runInTransaction, type DatabaseOrUnit, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { attachUploads } from "#app/services/uploads/ownership.server";
import { notifyAll } from "#app/services/notifications/notify.server";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { requirePermission } from "#app/services/permissions";
import { noticeError, noticeRefused, requiredText } from "./access.server";
import { EVENT_SUMMARY_MAX, EVENT_TITLE_MAX, eventState, type EventState, type EventTab } from "./tabs";

const EVENT_PAGE_SIZE = 12;

export interface EventInput {
  title: string;
  summary: string;
  /** The editor's HTML; sanitised here before it is stored. */
  contentHtml: string;
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface EventCard {
  id: number;
  title: string;
  summary: string;
  imageUrl: string | null;
  startsAt: Date;
  endsAt: Date;
  state: EventState;
  participantCount: number;
  /** The signed-in member took part (false for visitors). */
  participated: boolean;
}

export interface EventView extends EventCard {
  contentHtml: string;
}

/** The Korean-locale path of an event. */
const eventPath = (id: number) => `/event/${id}`;

async function checkedInput(input: EventInput) {
  const title = requiredText(input.title, EVENT_TITLE_MAX, {
    required: "title_required",
    length: "title_length",
  });
  const summary = requiredText(input.summary, EVENT_SUMMARY_MAX, {
    required: "summary_required",
    length: "summary_length",
  });
  const content = await validateArticleHtml(input.contentHtml);
  const { startsAt, endsAt } = input;
  if (!startsAt || !endsAt || Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime()))
    throw noticeError("period_required");
  if (endsAt.getTime() <= startsAt.getTime()) throw noticeError("period_invalid");
  return { title, summary, content, startsAt, endsAt };
}

const cardColumns = (memberId: string | null) => ({
  id: communityEvent.id,
  title: communityEvent.title,
  summary: communityEvent.summary,
  imageUrl: communityEvent.imageUrl,
  startsAt: communityEvent.startsAt,
  endsAt: communityEvent.endsAt,
  participantCount: communityEvent.participantCount,
  participated: memberId
    ? sql<boolean>`exists (select 1 from ${eventParticipation} where ${eventParticipation.eventId} = ${communityEvent.id} and ${eventParticipation.memberId} = ${memberId})`
    : sql<boolean>`false`,
});

type CardRow = Omit<EventCard, "state">;
const withState =
  (now: Date) =>
  (row: CardRow): EventCard => ({
    ...row,
    participated: Boolean(row.participated),
    state: eventState(row, now),
  });

/**
 * One page of an event tab. Upcoming events come soonest first, active ones closing soonest first, ended ones most
 * recently ended first, and participated ones most recently joined first (members only; empty for visitors).
 */
export async function listEvents(
  db: Database,
  clock: Clock,
  options: { tab: EventTab; memberId: string | null; page?: number },
): Promise<{ items: EventCard[]; page: number; hasNext: boolean }> {
  const now = clock.now();
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const { memberId } = options;
  const live = isNull(communityEvent.deletedAt);
  let rows: CardRow[];
  const slice = { limit: EVENT_PAGE_SIZE + 1, offset: (page - 1) * EVENT_PAGE_SIZE };
  if (options.tab === "participated") {
    if (!memberId) return { items: [], page, hasNext: false };
    rows = await db
      .select(cardColumns(memberId))
      .from(eventParticipation)
      .innerJoin(communityEvent, eq(communityEvent.id, eventParticipation.eventId))
      .where(and(eq(eventParticipation.memberId, memberId), live))
      .orderBy(desc(eventParticipation.createdAt), desc(communityEvent.id))
      .limit(slice.limit)
      .offset(slice.offset);
  } else {
    const filters: Record<Exclude<EventTab, "participated">, { where: SQL; order: SQL[] }> = {
      upcoming: { where: gt(communityEvent.startsAt, now), order: [asc(communityEvent.startsAt)] },
      active: {
        where: and(lte(communityEvent.startsAt, now), gt(communityEvent.endsAt, now))!,
        order: [asc(communityEvent.endsAt)],
      },
      ended: { where: lte(communityEvent.endsAt, now), order: [desc(communityEvent.endsAt)] },
    };
    const { where, order } = filters[options.tab];
    rows = await db
      .select(cardColumns(memberId))
      .from(communityEvent)
      .where(and(live, where))
      .orderBy(...order, desc(communityEvent.id))
      .limit(slice.limit)
      .offset(slice.offset);
  }
  return {
    items: rows.slice(0, EVENT_PAGE_SIZE).map(withState(now)),
    page,
    hasNext: rows.length > EVENT_PAGE_SIZE,
  };
}

/** A live event as the given member sees it, or null when it never existed or was deleted. */
export async function getEvent(
  db: Database,
  clock: Clock,
  id: number,
  memberId: string | null,
): Promise<EventView | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select({ ...cardColumns(memberId), contentHtml: communityEvent.contentHtml })
    .from(communityEvent)
    .where(and(eq(communityEvent.id, id), isNull(communityEvent.deletedAt)));
  if (!row) return null;
  return { ...withState(clock.now())(row), contentHtml: row.contentHtml };
}

/**
 * A member (first-login profile complete, not withdrawn) takes part in an active event, once. The participation row's primary key decides between concurrent
 * tries; the count is raised in the same transaction, so it always equals the rows.
 */
export async function participateInEvent(
  db: Database,
  clock: Clock,
  memberId: string,
  eventId: number,
): Promise<{ participantCount: number }> {
  return runInTransaction(db, clock, async ({ tx, now }) => {
    const [participant] = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.id, memberId), eq(member.onboarding, "welcomed"), isNull(member.withdrawnAt)));
    if (!participant) throw noticeError("profile_required");
    const [event] = await tx
      .select({ startsAt: communityEvent.startsAt, endsAt: communityEvent.endsAt })
      .from(communityEvent)
      .where(and(eq(communityEvent.id, eventId), isNull(communityEvent.deletedAt)));
    if (!event) throw noticeError("event_not_found");
    const state = eventState(event, now);
    if (state === "upcoming") throw noticeError("event_not_started");
    if (state === "ended") throw noticeError("event_ended");
    const inserted = await tx
      .insert(eventParticipation)
      .values({ eventId, memberId, createdAt: now })
      .onConflictDoNothing()
      .returning({ eventId: eventParticipation.eventId });
    if (inserted.length === 0) throw noticeError("already_participated");
    const [counted] = await tx
      .update(communityEvent)
      .set({ participantCount: sql`${communityEvent.participantCount} + 1` })
      .where(eq(communityEvent.id, eventId))
      .returning({ participantCount: communityEvent.participantCount });
    return { participantCount: counted!.participantCount };
  });
}

/** The key of an event's start check: one pending check per event, moved when its start moves. */
export const eventStartKey = (eventId: number) => `event.notifyStarted:${eventId}`;

/**
 * Asks the job worker to look for started events at `at`, an event's start (or, without an event, once at start-up
 * for an event whose check gave up failing). A pending check of the same event is moved instead of doubled.
 */
export async function scheduleEventStartCheck(uow: UnitOfWork, at: Date, eventId?: number): Promise<void> {
  if (eventId === undefined) {
    await enqueueJob(uow, eventStartJob, {}, { runAt: at, key: "event.notifyStarted:start-up" });
    return;
  }
  await scheduleJob(uow, eventStartJob, { eventId }, { runAt: at, key: eventStartKey(eventId) });
}

/**
 * Notifies every active member once about each event that has started and not ended. The events are claimed with
 * FOR UPDATE SKIP LOCKED and marked in the same transaction as the notifications are written, so two workers (or
 * a job run twice) never notify about one event twice, and a failure leaves the event for the next run.
 */
export async function notifyStartedEvents(source: DatabaseOrUnit, clock: Clock): Promise<number> {
  // The start marker and the notifications commit together, so a job that runs twice notifies once.
  return runInTransaction(source, clock, async (uow) => {
    const { tx, now } = uow;
    const due = await tx
      .select({ id: communityEvent.id, title: communityEvent.title })
      .from(communityEvent)
      .where(
        and(
          isNull(communityEvent.startNotifiedAt),
          isNull(communityEvent.deletedAt),
          lte(communityEvent.startsAt, now),
          gt(communityEvent.endsAt, now),
        ),
      )
      .orderBy(asc(communityEvent.id))
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(communityEvent)
      .set({ startNotifiedAt: now })
      .where(
        inArray(
          communityEvent.id,
          due.map((event) => event.id),
        ),
      );
    for (const event of due) {
      await notifyAll(uow, { type: "event", params: { title: event.title }, link: eventPath(event.id) });
    }
    return due.length;
  });
}

/**
 * Tells members that events have started. Every due event is handled, not only the one named, so a check that
 * runs late or twice is harmless: the start marker makes it idempotent.
 */
export const eventStartJob = defineJob("event.notifyStarted", {
  payload: z.object({ eventId: z.number().int().positive().optional() }).strict(),
  handle: async (_payload, { uow, clock }) => {
    await notifyStartedEvents(uow, clock);
  },
});

export async function createEvent(
  source: DatabaseOrUnit,
  clock: Clock,
  actor: Actor,
  input: EventInput,
  from?: ActingFrom,
): Promise<{ id: number }> {
  requirePermission(actor, "manage:site", noticeRefused);
  const checked = await checkedInput(input);
  return runInTransaction(source, clock, async (uow) => {
    const { tx, now } = uow;
    const [row] = await tx
      .insert(communityEvent)
      .values({
        title: checked.title,
        summary: checked.summary,
        contentHtml: checked.content.html,
        imageUrl: checked.content.thumbnail,
        startsAt: checked.startsAt,
        endsAt: checked.endsAt,
        authorId: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: communityEvent.id });
    const id = row!.id;
    await attachUploads(uow, actor.id, checked.content.images, `event:${id}`);
    await scheduleEventStartCheck(uow, checked.startsAt, id);
    await recordAdminAct(
      uow,
      actor,
      { action: "notice.event.create", subject: { kind: "event", id }, after: eventSummaryOf(checked) },
      from,
    );
    return { id };
  });
}

/** Changes a live event; its pending start check moves with its start (the notification still goes out only once). */
export async function updateEvent(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  input: EventInput,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "manage:site", noticeRefused);
  const checked = await checkedInput(input);
  await runInTransaction(db, clock, async (uow) => {
    const before = await eventSummary(uow.tx, id);
    if (!before) throw noticeError("event_not_found");
    await uow.tx
      .update(communityEvent)
      .set({
        title: checked.title,
        summary: checked.summary,
        contentHtml: checked.content.html,
        imageUrl: checked.content.thumbnail,
        startsAt: checked.startsAt,
        endsAt: checked.endsAt,
        updatedAt: uow.now,
      })
      .where(eq(communityEvent.id, id));
    await attachUploads(uow, actor.id, checked.content.images, `event:${id}`);
    await scheduleEventStartCheck(uow, checked.startsAt, id);
    await recordAdminAct(
      uow,
      actor,
      {
        action: "notice.event.update",
        subject: { kind: "event", id },
        before,
        after: eventSummaryOf(checked),
      },
      from,
    );
  });
}

export async function deleteEvent(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "manage:site", noticeRefused);
  await runInTransaction(db, clock, async (uow) => {
    const before = await eventSummary(uow.tx, id);
    if (!before) throw noticeError("event_not_found");
    await uow.tx.update(communityEvent).set({ deletedAt: uow.now }).where(eq(communityEvent.id, id));
    await cancelJobs(uow, eventStartKey(id));
    await recordAdminAct(
      uow,
      actor,
      { action: "notice.event.delete", subject: { kind: "event", id }, before },
      from,
    );
  });
}

/** What the audit log keeps of an event: its title and period. */
function eventSummaryOf(event: { title: string; startsAt: Date; endsAt: Date }) {
  return { title: event.title, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString() };
}

/** The audit summary of a live event, locked for the change; null when there is none. */
async function eventSummary(tx: Database, id: number) {
  const [row] = await tx
    .select({ title: communityEvent.title, startsAt: communityEvent.startsAt, endsAt: communityEvent.endsAt })
    .from(communityEvent)
    .where(and(eq(communityEvent.id, id), isNull(communityEvent.deletedAt)))
    .for("update");
  return row ? eventSummaryOf(row) : null;
}

/** Every live event with its content, newest first, for the administrators' page. */
export async function eventsForAdmin(db: Database, clock: Clock, actor: Actor): Promise<EventView[]> {
  requirePermission(actor, "manage:site", noticeRefused);
  const rows = await db
    .select({ ...cardColumns(null), contentHtml: communityEvent.contentHtml })
    .from(communityEvent)
    .where(isNull(communityEvent.deletedAt))
    .orderBy(desc(communityEvent.startsAt), desc(communityEvent.id))
    .limit(200);
  const now = clock.now();
  return rows.map((row) => ({ ...withState(now)(row), contentHtml: row.contentHtml }));
}
