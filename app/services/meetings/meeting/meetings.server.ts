import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  blind,
  meeting,
  meetingRead,
  member,
  meetingKinds,
  memberSkill,
  motorcycleModel,
  type MeetingKind,
  type MeetingRequestFields,
  type MeetingStatus,
} from "#app/db/schema";
import { AddressLookupError, type AddressProvider } from "#app/platform/address.server";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { encodeCursor, readCursor } from "#app/services/cursor";
import { DomainError } from "#app/services/errors";
import { notify } from "#app/services/notifications/notify.server";
import { keepPace } from "#app/services/pace/pace.server";
import { listFilterTable } from "#app/services/reference/filters.server";
import { checkTransition, transitionRefused } from "#app/services/state-machine";
import { applyTransition } from "#app/services/state-machine.server";
import { activeBan, assertNotBanned } from "#app/services/meetings/conduct/bans.server";
import { allowedActions, type MeetingAction } from "./meeting-actions";
import type { MeetingErrorCode } from "./errors";
import { meetings, meetingSubject, scheduleExpiry } from "./meeting-machine.server";
import { memberName } from "#app/services/members/display-name.server";
import { appendSystemMessage } from "#app/services/meetings/chat/messages.server";
import { meetingForActor, type Meeting, type MeetingRole } from "./participants.server";
import { meetingChatPath } from "./paths";
import {
  PICKUP_LEAD_MS,
  REQUEST_ADDRESS_MAX,
  REQUEST_MEMO_MAX,
  REQUEST_PLACE_MAX,
  type MeetingRequestInput,
} from "./request.schema";
import type { RequestDetail } from "./request-details";
import { readRequestDetails } from "./request-details.server";
import { markProviderAnswered, scheduleReminders } from "./schedule.server";

export { allowedActions, type MeetingAction } from "./meeting-actions";
export { meetingChatPath } from "./paths";
export { markProviderAnswered } from "./schedule.server";

/**
 * A meeting of the expert exchange, from the request to its close: a member asks an expert through one of the
 * expert's skills, the provider sets the time and place and confirms (reserved), either side cancels, the provider
 * ends it, and a request never answered expires. This file holds those operations; beside it `meeting-machine.ts` is
 * the machine and `meeting-machine.server.ts` its effects, `meeting-actions.ts` what each side may do now,
 * `schedule.server.ts` the reminders and the expiry, `participants.server.ts` who is who in a meeting, `paths.ts` its
 * pages, and `request*.ts` the request form, the expert it asks and what the meeting keeps of it.
 */

const fail = (code: MeetingErrorCode) => new DomainError("meeting", code);

export { meetingKinds, type MeetingKind };

export interface NewMeeting {
  kind: MeetingKind;
  requesterId: string;
  providerId: string;
  skillId: number | null;
  request: MeetingRequestFields;
  wishAt: Date | null;
  memo: string;
  requestAreaName: string | null;
  requestLatitude: number | null;
  requestLongitude: number | null;
  rescueCallId?: number | null;
}

/**
 * Opens a meeting inside the caller's unit of work, after the caller has checked who may ask whom: a fresh room
 * code, both sides' read marks, the chat's first system line, the provider's notification, and the job that expires
 * the request if the provider never answers.
 */
export async function createMeeting(uow: UnitOfWork, input: NewMeeting): Promise<Meeting> {
  const { tx, now } = uow;
  const [row] = await tx
    .insert(meeting)
    .values({
      ...input,
      rescueCallId: input.rescueCallId ?? null,
      code: randomBytes(16).toString("base64url"),
      lastMessageAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const created = row!;
  await tx.insert(meetingRead).values([
    { meetingId: created.id, memberId: created.requesterId, updatedAt: now },
    { meetingId: created.id, memberId: created.providerId, updatedAt: now },
  ]);
  const nickname = await memberName(uow.tx, created.requesterId);
  await appendSystemMessage(uow, created.id, "requestOpened", { nickname });
  await notify(uow, {
    recipientId: created.providerId,
    type: "meetingRequest",
    actorId: created.requesterId,
    params: { nickname },
    link: meetingChatPath(created),
    dedupeKey: `meetingRequest:${created.id}`,
    subject: meetingSubject(created),
  });
  await scheduleExpiry(uow, created);
  return created;
}

/** Whether either member has hidden the other. */
async function blockedEitherWay(uow: UnitOfWork, a: string, b: string): Promise<boolean> {
  const rows = await uow.tx
    .select({ id: blind.id })
    .from(blind)
    .where(
      and(
        eq(blind.activated, true),
        or(
          and(eq(blind.userId, a), eq(blind.blindUserId, b)),
          and(eq(blind.userId, b), eq(blind.blindUserId, a)),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The reference codes a request may name, read before the unit of work (they come from the reference cache). */
interface RequestCodes {
  repairSkill: readonly string[];
  pickupItem: readonly string[];
}

async function requestCodes(db: Database): Promise<RequestCodes> {
  const [repairSkill, pickupItem] = await Promise.all([
    listFilterTable(db, "repairSkill"),
    listFilterTable(db, "pickupItem"),
  ]);
  return {
    repairSkill: repairSkill.map((item) => item.code),
    pickupItem: pickupItem.map((item) => item.code),
  };
}

/** Whether a code is one of a reference table's, and one the expert offers when they named any. */
function offeredCode(codes: readonly string[], value: string, offered: readonly string[]): boolean {
  return codes.includes(value) && (offered.length === 0 || offered.includes(value));
}

/** The kind's own fields of a request, as the meeting keeps them; what only the service can check is checked here. */
async function requestFields(
  codes: RequestCodes,
  uow: UnitOfWork,
  input: MeetingRequestInput,
  skill: typeof memberSkill.$inferSelect,
): Promise<MeetingRequestFields> {
  switch (input.kind) {
    case "owner": {
      let model = input.model;
      if (input.modelId !== undefined) {
        const [found] = await uow.tx
          .select({ nameKo: motorcycleModel.nameKo })
          .from(motorcycleModel)
          .where(eq(motorcycleModel.id, input.modelId));
        if (!found) throw fail("model_not_found");
        model ||= found.nameKo;
      }
      return { modelId: input.modelId ?? null, model, question: input.question };
    }
    case "repair":
      if (!offeredCode(codes.repairSkill, input.repairOption, skill.codes)) throw fail("option_invalid");
      return { model: input.model, repairOption: input.repairOption, symptom: input.symptom };
    case "coaching":
      return { goal: input.goal, experience: input.experience };
    case "rescue":
      return { situation: input.situation };
    case "pickup":
      if (input.pickupAt.getTime() < uow.now.getTime() + PICKUP_LEAD_MS) throw fail("pickup_too_soon");
      if (!offeredCode(codes.pickupItem, input.item, skill.codes)) throw fail("item_invalid");
      return {
        startAddress: input.startAddress,
        destinationAddress: input.destinationAddress,
        pickupAt: input.pickupAt.toISOString(),
        item: input.item,
        distanceKm: input.distanceKm,
        minutes: input.minutes,
      };
  }
}

/**
 * A member asks an expert for a meeting through one of the expert's skills, and the meeting's chat opens. Refused
 * when the skill is not there (missing, switched off, its member banned or gone: `skill_not_found`), is of another
 * kind, is one's own, the requester is banned, either side hid the other, or the two already have an open meeting
 * (chatting or reserved) over the same skill. The skill's row is locked, so two requests at once meet there.
 */
export async function requestMeeting(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: MeetingRequestInput,
  /** What the same unit of work also opens with the meeting (an inspection of a listing, ADR 069). */
  along?: (uow: UnitOfWork, created: Meeting) => Promise<void>,
): Promise<{ id: number; code: string; kind: MeetingKind }> {
  const codes = await requestCodes(db);
  return runInTransaction(db, clock, async (uow) => {
    await keepPace(uow, "meetingRequest", actor.id);
    const { tx, now } = uow;
    const [skill] = await tx
      .select()
      .from(memberSkill)
      .where(and(eq(memberSkill.id, input.skillId), eq(memberSkill.active, true)))
      .for("update");
    if (!skill) throw fail("skill_not_found");
    const [provider] = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.id, skill.memberId), isNull(member.withdrawnAt)));
    if (!provider || (await activeBan(uow, skill.memberId, now))) throw fail("skill_not_found");
    if (skill.kind !== input.kind) throw fail("kind_mismatch");
    if (skill.memberId === actor.id) throw fail("own_skill");
    await assertNotBanned(uow, actor.id, now);
    if (await blockedEitherWay(uow, actor.id, skill.memberId)) throw fail("blocked");
    if ([...input.memo].length > REQUEST_MEMO_MAX) throw fail("memo_length");
    if (input.wishAt && input.wishAt.getTime() <= now.getTime()) throw fail("wish_past");
    const [open] = await tx
      .select({ id: meeting.id })
      .from(meeting)
      .where(
        and(
          eq(meeting.requesterId, actor.id),
          eq(meeting.providerId, skill.memberId),
          eq(meeting.skillId, skill.id),
          inArray(meeting.status, ["chatting", "reserved"]),
        ),
      )
      .limit(1);
    if (open) throw fail("open_exists");
    const hasPoint = input.latitude !== undefined && input.longitude !== undefined;
    const created = await createMeeting(uow, {
      kind: skill.kind,
      requesterId: actor.id,
      providerId: skill.memberId,
      skillId: skill.id,
      request: await requestFields(codes, uow, input, skill),
      wishAt: input.wishAt ?? null,
      memo: input.memo,
      requestAreaName: input.locationName || null,
      requestLatitude: hasPoint ? input.latitude! : null,
      requestLongitude: hasPoint ? input.longitude! : null,
    });
    await along?.(uow, created);
    return { id: created.id, code: created.code, kind: created.kind };
  });
}

/** The meeting the actor may act on, locked for this unit, with the actor's role in it. */
async function lockForActor(uow: UnitOfWork, actor: Actor, meetingId: number) {
  if (!Number.isSafeInteger(meetingId) || meetingId <= 0) throw fail("not_found");
  const { role } = await meetingForActor(uow, actor, { id: meetingId });
  const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, meetingId)).for("update");
  return { row: row!, role };
}

/** Refuses an action the resolver does not give this role now, with the reason a member can act on. */
function assertAction(row: Meeting, role: MeetingRole, action: MeetingAction, now: Date): void {
  if (allowedActions(row, role, now).includes(action)) return;
  if (action === "setAppointment" || action === "setPlace") {
    if (role !== "provider") throw fail("provider_only");
    throw fail("closed");
  }
  const transition = action as "reserve" | "cancel" | "end";
  const checked = checkTransition(meetings.machine, row.status, transition, role);
  if (!checked.ok) throw transitionRefused(checked.refusal);
  if (action === "reserve") throw fail(row.appointmentAt ? "appointment_past" : "appointment_required");
  if (action === "end") throw fail("end_too_early");
  throw fail("closed");
}

async function touch(uow: UnitOfWork, meetingId: number, values: Partial<Meeting> = {}) {
  const [row] = await uow.tx
    .update(meeting)
    .set({ ...values, updatedAt: uow.now })
    .where(eq(meeting.id, meetingId))
    .returning();
  return row!;
}

/** The provider's actions count as an answer. */
async function answeredBy(uow: UnitOfWork, role: MeetingRole, meetingId: number) {
  if (role === "provider") await markProviderAnswered(uow, meetingId);
}

/**
 * The provider sets (or moves) the appointment, while the meeting is being arranged; it must be ahead of now. The
 * reminders follow it.
 */
export async function setAppointment(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
  at: Date,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { row, role } = await lockForActor(uow, actor, meetingId);
    assertAction(row, role, "setAppointment", uow.now);
    if (!Number.isFinite(at.getTime())) throw fail("date_invalid");
    if (at.getTime() <= uow.now.getTime()) throw fail("appointment_past");
    const updated = await touch(uow, meetingId, { appointmentAt: at });
    await answeredBy(uow, role, meetingId);
    await appendSystemMessage(uow, meetingId, "appointmentSet", { at: at.toISOString() });
    await scheduleReminders(uow, updated);
  });
}

export interface MeetingPlace {
  name: string;
  address: string;
  /** The point picked from the address search; null when the page sent none (without JavaScript). */
  latitude: number | null;
  longitude: number | null;
}

/** The most words an address lookup drops from the end of an address, looking for a match. */
const ADDRESS_LOOKUPS_MAX = 6;

/**
 * The address service's best match for an address, dropping its last words until one matches ("서울 영등포구
 * 여의대로 1" → "서울 영등포구": the built-in gazetteer knows districts, not streets). Null when none does.
 */
async function pointOfAddress(addresses: AddressProvider, address: string) {
  const words = address.split(/\s+/).filter(Boolean);
  for (let count = words.length; count > 0 && words.length - count < ADDRESS_LOOKUPS_MAX; count -= 1) {
    try {
      const [best] = await addresses.search(words.slice(0, count).join(" "), "ko");
      if (best) return best;
    } catch (error) {
      if (error instanceof AddressLookupError) return null;
      throw error;
    }
  }
  return null;
}

/**
 * The provider sets the meeting place while the meeting is being arranged: its name, its address and the point on
 * the map. A place sent without a point (a page without JavaScript cannot search) is placed at the address
 * service's best match for the address, `place_not_found` when there is none (without the service: `place_invalid`).
 */
export async function setPlace(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
  place: MeetingPlace,
  addresses?: AddressProvider,
): Promise<void> {
  const name = place.name.trim();
  const address = place.address.trim();
  const inRange = (value: number | null, bound: number) =>
    value !== null && Number.isFinite(value) && Math.abs(value) <= bound;
  if (!name || !address || [...name].length > REQUEST_PLACE_MAX || [...address].length > REQUEST_ADDRESS_MAX)
    throw fail("place_invalid");
  let point = { latitude: place.latitude, longitude: place.longitude };
  if (addresses && point.latitude === null && point.longitude === null) {
    // Looked up before the unit of work (a lookup never holds the meeting's row lock), for the provider only.
    if (!Number.isSafeInteger(meetingId) || meetingId <= 0) throw fail("not_found");
    const { meeting: row, role } = await meetingForActor(db, actor, { id: meetingId });
    assertAction(row, role, "setPlace", clock.now());
    const best = await pointOfAddress(addresses, address);
    if (!best) throw fail("place_not_found");
    point = { latitude: best.lat, longitude: best.lng };
  }
  if (!inRange(point.latitude, 90) || !inRange(point.longitude, 180)) throw fail("place_invalid");
  await runInTransaction(db, clock, async (uow) => {
    const { row, role } = await lockForActor(uow, actor, meetingId);
    assertAction(row, role, "setPlace", uow.now);
    await touch(uow, meetingId, {
      placeName: name,
      placeAddress: address,
      placeLatitude: point.latitude,
      placeLongitude: point.longitude,
    });
    await answeredBy(uow, role, meetingId);
    await appendSystemMessage(uow, meetingId, "placeSet", { name, address });
  });
}

/** The provider confirms the reservation, which needs an appointment still ahead. The requester is told. */
export async function reserveMeeting(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { row, role } = await lockForActor(uow, actor, meetingId);
    assertAction(row, role, "reserve", uow.now);
    const by = { role, id: actor.id };
    await applyTransition(uow, meetings, meetingId, "reserve", by, { by });
  });
}

const CANCEL_REASON_MAX = 200;

/**
 * Either side cancels before the meeting ends (an administrator too, in a dispute), with a reason of at most 200
 * characters. The other side is told; the reminders and the expiry are cancelled.
 */
export async function cancelMeeting(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
  reason: string,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { row, role } = await lockForActor(uow, actor, meetingId);
    assertAction(row, role, "cancel", uow.now);
    const text = reason.trim();
    if (!text) throw fail("reason_required");
    if ([...text].length > CANCEL_REASON_MAX) throw fail("reason_length");
    const by = { role, id: actor.id };
    await applyTransition(uow, meetings, meetingId, "cancel", by, { by, reason: text });
  });
}

/** The provider (or an administrator) closes a reserved meeting once its time has come; feedback is asked for. */
export async function endMeeting(db: Database, clock: Clock, actor: Actor, meetingId: number): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { row, role } = await lockForActor(uow, actor, meetingId);
    assertAction(row, role, "end", uow.now);
    const by = { role, id: actor.id };
    await applyTransition(uow, meetings, meetingId, "end", by, { by });
  });
}

export interface MyMeeting {
  id: number;
  kind: MeetingKind;
  status: MeetingStatus;
  chatPath: string;
  /** The other side of the meeting. */
  other: { id: string; nickname: string; avatarUrl: string | null };
  appointmentAt: string | null;
  /** What the requester asked for: the provider reads it in the received list before opening the room. */
  request: RequestDetail[];
  createdAt: string;
  lastMessageAt: string;
}

const MY_MEETINGS_PAGE_SIZE = 20;

function decodeMeetingCursor(cursor: string | null | undefined): { at: Date; id: number } | null {
  const position = readCursor(cursor);
  if (!Array.isArray(position) || position.length !== 2) return null;
  const [at, id] = position as unknown[];
  if (typeof at !== "string" || !Number.isSafeInteger(id) || (id as number) <= 0) return null;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : { at: date, id: id as number };
}

/**
 * The member's meetings of one kind, those they were asked for ("received", as the provider) or asked for
 * themselves ("sent"), most recently active first, a page at a time (keyset on the last message time and id).
 */
export async function listMyMeetings(
  db: Database,
  actor: Actor,
  options: { kind: MeetingKind; side: "received" | "sent"; cursor?: string | null },
): Promise<{ items: MyMeeting[]; nextCursor: string | null }> {
  const position = decodeMeetingCursor(options.cursor);
  const mine = options.side === "received" ? meeting.providerId : meeting.requesterId;
  const otherId = options.side === "received" ? meeting.requesterId : meeting.providerId;
  const rows = await db
    .select({
      row: meeting,
      nickname: member.nickname,
      name: member.name,
      avatarUrl: member.image,
    })
    .from(meeting)
    .innerJoin(member, eq(member.id, otherId))
    .where(
      and(
        eq(mine, actor.id),
        eq(meeting.kind, options.kind),
        position
          ? sql`(${meeting.lastMessageAt}, ${meeting.id}) < (${position.at.toISOString()}::timestamptz, ${position.id})`
          : undefined,
      ),
    )
    .orderBy(desc(meeting.lastMessageAt), desc(meeting.id))
    .limit(MY_MEETINGS_PAGE_SIZE + 1);
  const page = rows.slice(0, MY_MEETINGS_PAGE_SIZE);
  const last = page[page.length - 1];
  const requests = await readRequestDetails(
    db,
    page.map(({ row }) => row),
  );
  return {
    items: page.map(({ row, nickname, name, avatarUrl }, index) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      chatPath: meetingChatPath(row),
      other: {
        id: options.side === "received" ? row.requesterId : row.providerId,
        nickname: nickname ?? name,
        avatarUrl,
      },
      appointmentAt: row.appointmentAt?.toISOString() ?? null,
      request: requests[index] ?? [],
      createdAt: row.createdAt.toISOString(),
      lastMessageAt: row.lastMessageAt.toISOString(),
    })),
    nextCursor:
      rows.length > MY_MEETINGS_PAGE_SIZE && last
        ? encodeCursor([last.row.lastMessageAt.toISOString(), last.row.id])
        : null,
  };
}
