import { and, asc, count, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  garageBike,
  meeting,
  member,
  periodicWorks,
  serviceLogEntry,
  serviceReminder,
  type PeriodicWork,
  type ServiceWork,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { seoulDay } from "#app/platform/seoul-calendar";
import {
  executor,
  runInTransaction,
  type DatabaseOrUnit,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { displayName } from "#app/services/members/display-name.server";
import { garageOf } from "#app/services/motorcycles/garage.server";
import type { ServiceLogErrorCode } from "./errors";
import {
  bikeReminders,
  INTERVAL_KM_MAX,
  INTERVAL_KM_MIN,
  INTERVAL_MONTHS_MAX,
  type LastService,
  type ReminderInterval,
  type ReminderStatus,
} from "./reminders";
import { checkedDay, COST_MAX, ENTRY_LIMIT, MILEAGE_MAX, NOTE_MAX, SHOP_MAX } from "./service-log.schema";

/**
 * A garage bike's service log (ADR 071). Only the bike's owner reads or writes its entries here; a bike taken out of
 * the garage keeps its log (a listing may still show it) but takes no more changes. Every write is one unit of
 * work that first locks the bike's row, so the entry limit holds under concurrent additions.
 */

const fail = (code: ServiceLogErrorCode) => new DomainError("serviceLog", code);

const LOG_PAGE_SIZE = 20;

export interface EntryInput {
  /** null only with a meeting, whose day fills it in. */
  doneOn: string | null;
  mileageKm: number | null;
  work: ServiceWork;
  note: string;
  costWon: number | null;
  shop: string;
}

export interface ServiceLogEntryView {
  id: number;
  doneOn: string;
  mileageKm: number | null;
  work: ServiceWork;
  note: string;
  costWon: number | null;
  shop: string;
  fromMeeting: boolean;
}

const entryColumns = {
  id: serviceLogEntry.id,
  doneOn: serviceLogEntry.doneOn,
  mileageKm: serviceLogEntry.mileageKm,
  work: serviceLogEntry.work,
  note: serviceLogEntry.note,
  costWon: serviceLogEntry.costWon,
  shop: serviceLogEntry.shop,
  meetingId: serviceLogEntry.meetingId,
};

function entryView(row: { meetingId: number | null } & Omit<ServiceLogEntryView, "fromMeeting">) {
  const { meetingId, ...rest } = row;
  return { ...rest, fromMeeting: meetingId !== null };
}

const chars = (text: string) => [...text].length;

/** The service's own check of what the form checked, on the unit's Seoul day. */
function checkedEntry(input: EntryInput, today: string): EntryInput & { doneOn: string } {
  if (input.doneOn === null) throw fail("date_required");
  const day = checkedDay(input.doneOn, today);
  if (!day.ok) throw fail(day.code);
  const whole = (value: number | null, top: number) =>
    value === null || (Number.isInteger(value) && value >= 0 && value <= top);
  if (!whole(input.mileageKm, MILEAGE_MAX)) throw fail("mileage_invalid");
  if (!whole(input.costWon, COST_MAX)) throw fail("cost_invalid");
  if (chars(input.note) > NOTE_MAX) throw fail("note_length");
  if (chars(input.shop) > SHOP_MAX) throw fail("shop_length");
  return { ...input, doneOn: day.day, note: input.note.trim(), shop: input.shop.trim() };
}

/** The member's own bike still in the garage, locked for a change of its log; anybody else's is "not found". */
async function ownLiveBike(uow: UnitOfWork, actor: Actor, bikeId: number) {
  const [bike] = await uow.tx
    .select({ id: garageBike.id })
    .from(garageBike)
    .where(and(eq(garageBike.id, bikeId), eq(garageBike.memberId, actor.id), isNull(garageBike.deletedAt)))
    .for("update");
  if (!bike) throw fail("bike_not_found");
  return bike;
}

/** The bike an entry belongs to, when it is the member's own and still in the garage; locked like `ownLiveBike`. */
async function ownEntry(uow: UnitOfWork, actor: Actor, entryId: number) {
  const [row] = await uow.tx
    .select({ bikeId: serviceLogEntry.garageBikeId })
    .from(serviceLogEntry)
    .innerJoin(garageBike, eq(garageBike.id, serviceLogEntry.garageBikeId))
    .where(
      and(eq(serviceLogEntry.id, entryId), eq(garageBike.memberId, actor.id), isNull(garageBike.deletedAt)),
    );
  if (!row) throw fail("entry_not_found");
  await ownLiveBike(uow, actor, row.bikeId);
  return { id: entryId, bikeId: row.bikeId };
}

/** A repair meeting the member may link: theirs as the client, ended; what it fills in. */
export interface LinkableMeeting {
  id: number;
  /** The Seoul day it ended. */
  day: string;
  /** The expert's name. */
  expert: string;
  /** What the member paid, when they paid. */
  paidWon: number | null;
}

const paidWon = (row: { paymentStatus: string; amount: number }) =>
  row.paymentStatus === "paid" ? row.amount : null;

/** The member's ended repair meetings as their client, newest first (at most `limit`). */
export async function linkableMeetings(
  source: DatabaseOrUnit,
  actor: Actor,
  limit = 20,
  only?: number,
): Promise<LinkableMeeting[]> {
  const rows = await executor(source)
    .select({
      id: meeting.id,
      endedAt: meeting.endedAt,
      updatedAt: meeting.updatedAt,
      paymentStatus: meeting.paymentStatus,
      amount: meeting.amount,
      nickname: member.nickname,
      name: member.name,
    })
    .from(meeting)
    .innerJoin(member, eq(member.id, meeting.providerId))
    .where(
      and(
        eq(meeting.requesterId, actor.id),
        eq(meeting.kind, "repair"),
        eq(meeting.status, "ended"),
        only === undefined ? undefined : eq(meeting.id, only),
      ),
    )
    .orderBy(desc(meeting.endedAt), desc(meeting.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    day: seoulDay(row.endedAt ?? row.updatedAt),
    expert: displayName(row),
    paidWon: paidWon(row),
  }));
}

/**
 * Writes a new entry into the member's own bike's log, in the caller's unit (so a double submit stores once). With
 * a meeting (the member's own ended repair meeting, not yet in this log) the day, shop and cost it knows fill the
 * fields left empty.
 */
export async function addEntryIn(
  uow: UnitOfWork,
  actor: Actor,
  bikeId: number,
  input: EntryInput,
  meetingId?: number,
): Promise<{ id: number }> {
  const bike = await ownLiveBike(uow, actor, bikeId);
  let filled = input;
  if (meetingId !== undefined) {
    const [linked] = await linkableMeetings(uow, actor, 1, meetingId);
    if (!linked) throw fail("meeting_not_linkable");
    const [already] = await uow.tx
      .select({ id: serviceLogEntry.id })
      .from(serviceLogEntry)
      .where(and(eq(serviceLogEntry.garageBikeId, bike.id), eq(serviceLogEntry.meetingId, linked.id)));
    if (already) throw fail("meeting_linked");
    filled = {
      ...input,
      doneOn: input.doneOn ?? linked.day,
      shop: input.shop.trim() === "" ? linked.expert.slice(0, SHOP_MAX) : input.shop,
      costWon: input.costWon ?? linked.paidWon,
    };
  }
  const entry = checkedEntry(filled, seoulDay(uow.now));
  const [{ entries } = { entries: 0 }] = await uow.tx
    .select({ entries: count() })
    .from(serviceLogEntry)
    .where(eq(serviceLogEntry.garageBikeId, bike.id));
  if (entries >= ENTRY_LIMIT) throw fail("entry_limit");
  const [added] = await uow.tx
    .insert(serviceLogEntry)
    .values({
      garageBikeId: bike.id,
      ...entry,
      meetingId: meetingId ?? null,
      createdAt: uow.now,
      updatedAt: uow.now,
    })
    .returning({ id: serviceLogEntry.id });
  return added!;
}

export async function addEntry(
  db: Database,
  clock: Clock,
  actor: Actor,
  bikeId: number,
  input: EntryInput,
  meetingId?: number,
): Promise<{ id: number }> {
  return runInTransaction(db, clock, (uow) => addEntryIn(uow, actor, bikeId, input, meetingId));
}

/** Changes an entry of the member's own bike (its meeting link stays). */
export async function updateEntry(
  db: Database,
  clock: Clock,
  actor: Actor,
  entryId: number,
  input: EntryInput,
): Promise<{ bikeId: number }> {
  return runInTransaction(db, clock, async (uow) => {
    const entry = await ownEntry(uow, actor, entryId);
    const checked = checkedEntry(input, seoulDay(uow.now));
    await uow.tx
      .update(serviceLogEntry)
      .set({ ...checked, updatedAt: uow.now })
      .where(eq(serviceLogEntry.id, entry.id));
    return { bikeId: entry.bikeId };
  });
}

/** Deletes an entry of the member's own bike. */
export async function deleteEntry(
  db: Database,
  clock: Clock,
  actor: Actor,
  entryId: number,
): Promise<{ bikeId: number }> {
  return runInTransaction(db, clock, async (uow) => {
    const entry = await ownEntry(uow, actor, entryId);
    await uow.tx.delete(serviceLogEntry).where(eq(serviceLogEntry.id, entry.id));
    return { bikeId: entry.bikeId };
  });
}

/** Stores the owner's reminder intervals of one bike (all periodic work at once). */
export async function saveReminders(
  db: Database,
  clock: Clock,
  actor: Actor,
  bikeId: number,
  intervals: Record<PeriodicWork, ReminderInterval>,
): Promise<void> {
  for (const work of periodicWorks) {
    const { months, km } = intervals[work];
    const fits = (value: number, min: number, top: number) =>
      Number.isInteger(value) && value >= min && value <= top;
    if (!fits(months, 1, INTERVAL_MONTHS_MAX) || !fits(km, INTERVAL_KM_MIN, INTERVAL_KM_MAX))
      throw fail("interval_invalid");
  }
  await runInTransaction(db, clock, async (uow) => {
    const bike = await ownLiveBike(uow, actor, bikeId);
    await uow.tx
      .insert(serviceReminder)
      .values(
        periodicWorks.map((work) => ({
          garageBikeId: bike.id,
          work,
          ...intervals[work],
          updatedAt: uow.now,
        })),
      )
      .onConflictDoUpdate({
        target: [serviceReminder.garageBikeId, serviceReminder.work],
        set: {
          enabled: sql`excluded.enabled`,
          months: sql`excluded.months`,
          km: sql`excluded.km`,
          updatedAt: uow.now,
        },
      });
  });
}

/** Each bike's reminder state from its intervals, its last entry of each periodic work and its latest mileage. */
export async function remindersOf(
  source: DatabaseOrUnit,
  bikes: readonly { id: number; odometerKm: number | null }[],
  today: string,
): Promise<Map<number, ReminderStatus[]>> {
  const result = new Map<number, ReminderStatus[]>();
  if (bikes.length === 0) return result;
  const ids = bikes.map((bike) => bike.id);
  const db = executor(source);
  const [intervals, lasts, mileages] = await Promise.all([
    db.select().from(serviceReminder).where(inArray(serviceReminder.garageBikeId, ids)),
    db
      .selectDistinctOn([serviceLogEntry.garageBikeId, serviceLogEntry.work], {
        bikeId: serviceLogEntry.garageBikeId,
        work: serviceLogEntry.work,
        entryId: serviceLogEntry.id,
        doneOn: serviceLogEntry.doneOn,
        mileageKm: serviceLogEntry.mileageKm,
      })
      .from(serviceLogEntry)
      .where(
        and(inArray(serviceLogEntry.garageBikeId, ids), inArray(serviceLogEntry.work, [...periodicWorks])),
      )
      .orderBy(
        asc(serviceLogEntry.garageBikeId),
        asc(serviceLogEntry.work),
        desc(serviceLogEntry.doneOn),
        desc(serviceLogEntry.id),
      ),
    db
      .select({ bikeId: serviceLogEntry.garageBikeId, km: max(serviceLogEntry.mileageKm) })
      .from(serviceLogEntry)
      .where(inArray(serviceLogEntry.garageBikeId, ids))
      .groupBy(serviceLogEntry.garageBikeId),
  ]);
  for (const bike of bikes) {
    const own = Object.fromEntries(
      intervals
        .filter((row) => row.garageBikeId === bike.id)
        .map((row) => [row.work, { enabled: row.enabled, months: row.months, km: row.km }]),
    );
    const last: Partial<Record<PeriodicWork, LastService>> = Object.fromEntries(
      lasts
        .filter((row) => row.bikeId === bike.id)
        .map((row) => [row.work, { entryId: row.entryId, doneOn: row.doneOn, mileageKm: row.mileageKm }]),
    );
    const logged = mileages.find((row) => row.bikeId === bike.id)?.km ?? null;
    const readings = [bike.odometerKm, logged].filter((km): km is number => km !== null);
    const latestKm = readings.length > 0 ? Math.max(...readings) : null;
    result.set(bike.id, bikeReminders(own, last, latestKm, today));
  }
  return result;
}

/** The reminders of a member's garage, by bike id, for the garage page. */
export async function garageReminders(
  db: Database,
  clock: Clock,
  bikes: readonly { id: number; odometerKm: number | null }[],
): Promise<Record<number, ReminderStatus[]>> {
  return Object.fromEntries(await remindersOf(db, bikes, seoulDay(clock.now())));
}

export interface ServiceLogPage {
  bike: {
    id: number;
    odometerKm: number | null;
    nameKo: string;
    nameEn: string;
    manufacturerKo: string;
    manufacturerEn: string;
    year: number;
  };
  entries: ServiceLogEntryView[];
  total: number;
  page: number;
  pageCount: number;
  totalCostWon: number;
  reminders: ReminderStatus[];
  meetings: LinkableMeeting[];
  today: string;
}

/** The owner's view of one bike's log: a page of entries (newest first), reminders and linkable meetings. */
export async function serviceLogPage(
  db: Database,
  clock: Clock,
  actor: Actor,
  bikeId: number,
  page: number,
): Promise<ServiceLogPage> {
  const bike = (await garageOf(db, actor.id)).find((own) => own.id === bikeId);
  if (!bike) throw fail("bike_not_found");
  const today = seoulDay(clock.now());
  const [[totals], reminders, meetings] = await Promise.all([
    db
      .select({ total: count(), cost: sql<number>`coalesce(sum(${serviceLogEntry.costWon}), 0)::int` })
      .from(serviceLogEntry)
      .where(eq(serviceLogEntry.garageBikeId, bike.id)),
    remindersOf(db, [bike], today),
    linkableMeetings(db, actor),
  ]);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LOG_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select(entryColumns)
    .from(serviceLogEntry)
    .where(eq(serviceLogEntry.garageBikeId, bike.id))
    .orderBy(desc(serviceLogEntry.doneOn), desc(serviceLogEntry.id))
    .limit(LOG_PAGE_SIZE)
    .offset((current - 1) * LOG_PAGE_SIZE);
  return {
    bike: {
      id: bike.id,
      odometerKm: bike.odometerKm,
      nameKo: bike.nameKo,
      nameEn: bike.nameEn,
      manufacturerKo: bike.manufacturerKo,
      manufacturerEn: bike.manufacturerEn,
      year: bike.year,
    },
    entries: rows.map(entryView),
    total,
    page: current,
    pageCount,
    totalCostWon: totals?.cost ?? 0,
    reminders: reminders.get(bike.id) ?? [],
    meetings,
    today,
  };
}

/** Entries of one bike, newest first, at most `limit`: for the listing's and the review's public views. */
export async function entriesOfBike(source: DatabaseOrUnit, bikeId: number, limit: number) {
  const rows = await executor(source)
    .select(entryColumns)
    .from(serviceLogEntry)
    .where(eq(serviceLogEntry.garageBikeId, bikeId))
    .orderBy(desc(serviceLogEntry.doneOn), desc(serviceLogEntry.id))
    .limit(limit);
  return rows.map(entryView);
}
