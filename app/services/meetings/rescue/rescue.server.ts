import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "#app/db/client.server";
import { meeting, member, memberLocation, rescueCall, rescueCallTarget } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { enqueueJob } from "#app/platform/jobs.server";
import { MINUTE_MS } from "#app/platform/seoul-calendar";
import {
  executor,
  runInTransaction,
  type DatabaseOrUnit,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { shortTitle } from "#app/services/board/interaction-access.server";
import { DomainError } from "#app/services/errors";
import {
  areaName as localAreaName,
  areaOfLocation,
  nearestArea,
  type AreaLanguage,
} from "#app/services/location/address-search";
import { notify } from "#app/services/notifications/notify.server";
import { keepPace } from "#app/services/pace/pace.server";
import { allowedTransitions } from "#app/services/state-machine";
import { applyTransition } from "#app/services/state-machine.server";
import { assertNotBanned } from "#app/services/meetings/conduct/bans.server";
import { meetingChatPath } from "#app/services/meetings/meeting/meetings.server";
import { rescueCallMachine } from "./rescue-machine";
import {
  kilometres,
  lockCall,
  rescueCalls,
  rescueExpireJob,
  rescueExpiryKey,
  type RescueCallRow,
} from "./rescue-machine.server";
import type { RescueErrorCode } from "./errors";
import { RESCUE_AREA_NAME_MAX, RESCUE_SITUATION_MAX } from "./rescue.schema";

/**
 * Rescue calls: a rider in trouble sends one call that reaches the nearest on-call rescue experts; the first to
 * accept opens a meeting with them, the rider may withdraw it, and the system closes it after 30 minutes or once
 * every expert has declined. `rescue-machine.ts` is the call's machine, `rescue-machine.server.ts` its effects and
 * expiry job, `rescue.schema.ts` the forms of both pages.
 */

const fail = (code: RescueErrorCode) => new DomainError("rescue", code);

/** How many experts one call reaches at most, how far it looks at most, and how long it waits for an acceptance. */
const RESCUE_TARGETS_MAX = 5;
const RESCUE_RADIUS_MAX_KM = 30;
const RESCUE_CALL_TTL_MS = 30 * MINUTE_MS;
/** Where a call starts when the member has neither a position from the device nor a main area (the spec's default). */
const RESCUE_DEFAULT_POINT = { latitude: 37.526618, longitude: 126.919666 } as const;

/** Ends an open call without a meeting: by its requester (withdraw) or by the system (expire). */
async function closeCall(
  uow: UnitOfWork,
  call: RescueCallRow,
  transition: "withdraw" | "expire",
  reason: string | null,
) {
  const role = transition === "withdraw" ? "requester" : "system";
  const id = transition === "withdraw" ? call.requesterId : null;
  await applyTransition(uow, rescueCalls, call.id, transition, { role, id }, { reason });
}

export interface RescueCallRequest {
  latitude: number;
  longitude: number;
  situation: string;
  areaName?: string | null;
}

function checkedRequest(input: RescueCallRequest) {
  const situation = input.situation.trim();
  const length = [...situation].length;
  if (length < 1 || length > RESCUE_SITUATION_MAX) throw fail("situation_invalid");
  const { latitude, longitude } = input;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) throw fail("location_invalid");
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw fail("location_invalid");
  const given = [...(input.areaName ?? "").trim()].slice(0, RESCUE_AREA_NAME_MAX).join("");
  const areaName = given || localAreaName(nearestArea(latitude, longitude), "ko");
  return { situation, latitude, longitude, areaName };
}

interface NearbyExpert {
  skill_id: number;
  member_id: string;
  distance_m: number;
}

/**
 * The nearest on-call rescue skills around a point, each within its own radius and the call's limit: the gist index
 * on `ll_to_earth` finds the box, the distance orders and cuts. Leaves out the requester, withdrawn and banned
 * members, and anyone hidden by or hiding the requester. The statement itself, so that its plan can be checked.
 */
export function nearbyRescueExpertsQuery(
  requesterId: string,
  point: { latitude: number; longitude: number },
  now: Date,
): SQL {
  const here = sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
  const there = sql`ll_to_earth(s.latitude, s.longitude)`;
  return sql`
    select s.id as skill_id, s.member_id, round(earth_distance(${there}, ${here}))::int as distance_m
    from member_skill s
    join member m on m.id = s.member_id
    where s.active
      and s.kind = 'rescue'
      and s.availability->>'onCall' = 'true'
      and earth_box(${here}, ${RESCUE_RADIUS_MAX_KM * 1000}::float8) @> ${there}
      and earth_distance(${there}, ${here}) <= least(s.radius_km, ${RESCUE_RADIUS_MAX_KM}) * 1000
      and s.member_id <> ${requesterId}
      and m.withdrawn_at is null
      and not exists (select 1 from meeting_ban b
        where b.member_id = s.member_id and b.lifted_at is null and b.starts_at <= ${now}
          and (b.ends_at is null or b.ends_at > ${now}))
      and not exists (select 1 from blind h where h.activated
        and ((h.user_id = ${requesterId} and h.blind_user_id = s.member_id)
          or (h.user_id = s.member_id and h.blind_user_id = ${requesterId})))
    order by earth_distance(${there}, ${here}), s.id
    limit ${RESCUE_TARGETS_MAX}`;
}

/**
 * Sends one rescue call from where the requester is to the nearest on-call rescue experts (up to 5 within 30 km and
 * each one's own radius); each is notified, and the call closes by itself after 30 minutes without an acceptance.
 * A member has one open call at a time (calls of one member wait for each other at an advisory lock); with nobody
 * in range nothing is stored and the call is refused (`no_expert_nearby`).
 */
export async function sendRescueCall(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: RescueCallRequest,
): Promise<{ id: number; reached: number }> {
  const request = checkedRequest(input);
  return runInTransaction(db, clock, async (uow) => {
    await keepPace(uow, "rescueCall", actor.id);
    const { tx, now } = uow;
    await assertNotBanned(uow, actor.id, now);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rescue-call:${actor.id}`}, 0))`);
    const [open] = await tx
      .select({ id: rescueCall.id })
      .from(rescueCall)
      .where(and(eq(rescueCall.requesterId, actor.id), eq(rescueCall.status, "open")))
      .limit(1);
    if (open) throw fail("open_call_exists");
    const experts = await queryRows<NearbyExpert>(tx, nearbyRescueExpertsQuery(actor.id, request, now));
    if (experts.length === 0) throw fail("no_expert_nearby");
    const [call] = await tx
      .insert(rescueCall)
      .values({ requesterId: actor.id, ...request, radiusKm: RESCUE_RADIUS_MAX_KM, createdAt: now })
      .returning({ id: rescueCall.id });
    const callId = call!.id;
    await tx.insert(rescueCallTarget).values(
      experts.map((expert) => ({
        callId,
        providerId: expert.member_id,
        skillId: expert.skill_id,
        distanceM: expert.distance_m,
        createdAt: now,
      })),
    );
    for (const expert of experts) {
      await notify(uow, {
        recipientId: expert.member_id,
        type: "rescueCall",
        actorId: actor.id,
        params: { distance: kilometres(expert.distance_m), situation: shortTitle(request.situation, 40) },
        link: "/meeting/rescue/calls",
        dedupeKey: `rescueCall:${callId}`,
      });
    }
    await enqueueJob(
      uow,
      rescueExpireJob,
      { callId },
      { runAt: new Date(now.getTime() + RESCUE_CALL_TTL_MS), key: rescueExpiryKey(callId) },
    );
    return { id: callId, reached: experts.length };
  });
}

/**
 * The call and this expert's place in it, the call locked: every answer to one call waits here for the one before,
 * so exactly one acceptance finds it open. Only an expert the call reached learns it exists.
 */
async function lockCallForTarget(uow: UnitOfWork, actor: Actor, callId: number) {
  if (!Number.isSafeInteger(callId) || callId <= 0) throw fail("not_found");
  const call = await lockCall(uow, callId);
  if (!call) throw fail("not_found");
  const [target] = await uow.tx
    .select()
    .from(rescueCallTarget)
    .where(and(eq(rescueCallTarget.callId, callId), eq(rescueCallTarget.providerId, actor.id)));
  if (!target) throw fail("not_found");
  return { call, target };
}

/** Why an expert may not answer this call now, or null when they may. */
function answerRefusal(
  call: RescueCallRow,
  target: typeof rescueCallTarget.$inferSelect,
): RescueErrorCode | null {
  if (call.status === "accepted") return "already_taken";
  if (call.status !== "open") return "call_closed";
  if (target.status === "declined") return "already_answered";
  if (target.status !== "pending") return "call_closed";
  return null;
}

/**
 * The first expert to accept gets the meeting: the call is accepted with its meeting, the other experts' requests
 * are withdrawn (each told), and the requester hears who is coming and from how far. Every later acceptance is
 * refused (`already_taken`). Accepting again one's own accepted call answers the same meeting.
 */
export async function acceptRescueCall(
  db: Database,
  clock: Clock,
  actor: Actor,
  callId: number,
): Promise<{ meetingId: number; chatPath: string }> {
  return runInTransaction(db, clock, async (uow) => {
    const { tx, now } = uow;
    const { call, target } = await lockCallForTarget(uow, actor, callId);
    if (target.status === "accepted" && call.meetingId) {
      const [mine] = await tx.select().from(meeting).where(eq(meeting.id, call.meetingId));
      if (mine) return { meetingId: mine.id, chatPath: meetingChatPath(mine) };
    }
    const refusal = answerRefusal(call, target);
    if (refusal) throw fail(refusal);
    await assertNotBanned(uow, actor.id, now);
    await applyTransition(uow, rescueCalls, callId, "accept", { role: "expert", id: actor.id }, { target });
    // The acceptance opened the meeting, which the call now names.
    const [opened] = await tx
      .select({ meeting })
      .from(rescueCall)
      .innerJoin(meeting, eq(meeting.id, rescueCall.meetingId))
      .where(eq(rescueCall.id, callId));
    return { meetingId: opened!.meeting.id, chatPath: meetingChatPath(opened!.meeting) };
  });
}

/** Declines a call for oneself; when every expert it reached has declined, it closes at once. */
export async function declineRescueCall(
  db: Database,
  clock: Clock,
  actor: Actor,
  callId: number,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { call, target } = await lockCallForTarget(uow, actor, callId);
    const refusal = answerRefusal(call, target);
    if (refusal) throw fail(refusal);
    await uow.tx
      .update(rescueCallTarget)
      .set({ status: "declined" })
      .where(and(eq(rescueCallTarget.callId, callId), eq(rescueCallTarget.providerId, actor.id)));
    const [waiting] = await uow.tx
      .select({ providerId: rescueCallTarget.providerId })
      .from(rescueCallTarget)
      .where(and(eq(rescueCallTarget.callId, callId), eq(rescueCallTarget.status, "pending")))
      .limit(1);
    if (!waiting) await closeCall(uow, call, "expire", "all_declined");
  });
}

/** The requester cancels their own open call; it leaves every expert's list. */
export async function withdrawRescueCall(
  db: Database,
  clock: Clock,
  actor: Actor,
  callId: number,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    if (!Number.isSafeInteger(callId) || callId <= 0) throw fail("not_found");
    const call = await lockCall(uow, callId);
    if (!call || call.requesterId !== actor.id) throw fail("not_found");
    if (call.status !== "open") throw fail("call_closed");
    await closeCall(uow, call, "withdraw", null);
  });
}

type RescueCallStatus = RescueCallRow["status"];

/** The requester's view of their latest call. */
export interface MyRescueCall {
  id: number;
  status: RescueCallStatus;
  situation: string;
  areaName: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** Experts the call reached, and how many of them declined. */
  reached: number;
  declined: number;
  accepted: {
    nickname: string;
    avatarUrl: string | null;
    distanceKm: number;
    chatPath: string | null;
  } | null;
  /** What the requester may do now, as the machine says. */
  canWithdraw: boolean;
}

/** The requester's latest rescue call with its state, who accepted and from how far; null when they never called. */
export async function myRescueCall(source: DatabaseOrUnit, actor: Actor): Promise<MyRescueCall | null> {
  const db = executor(source);
  const [call] = await db
    .select()
    .from(rescueCall)
    .where(eq(rescueCall.requesterId, actor.id))
    .orderBy(desc(rescueCall.createdAt), desc(rescueCall.id))
    .limit(1);
  if (!call) return null;
  const targets = await db
    .select({
      status: rescueCallTarget.status,
      distanceM: rescueCallTarget.distanceM,
      nickname: member.nickname,
      avatarUrl: member.image,
    })
    .from(rescueCallTarget)
    .innerJoin(member, eq(member.id, rescueCallTarget.providerId))
    .where(eq(rescueCallTarget.callId, call.id));
  const winner = targets.find((target) => target.status === "accepted");
  let chatPath: string | null = null;
  if (winner && call.meetingId) {
    const [room] = await db
      .select({ kind: meeting.kind, code: meeting.code })
      .from(meeting)
      .where(eq(meeting.id, call.meetingId));
    chatPath = room ? meetingChatPath(room) : null;
  }
  return {
    id: call.id,
    status: call.status,
    situation: call.situation,
    areaName: call.areaName,
    createdAt: call.createdAt,
    expiresAt: new Date(call.createdAt.getTime() + RESCUE_CALL_TTL_MS),
    reached: targets.length,
    declined: targets.filter((target) => target.status === "declined").length,
    accepted: winner
      ? {
          nickname: winner.nickname ?? "",
          avatarUrl: winner.avatarUrl,
          distanceKm: kilometres(winner.distanceM),
          chatPath,
        }
      : null,
    canWithdraw: allowedTransitions(rescueCallMachine, call.status, "requester").includes("withdraw"),
  };
}

/** A call waiting for this expert's answer: the requester's district and the distance, never their exact point. */
export interface IncomingRescueCall {
  callId: number;
  nickname: string;
  avatarUrl: string | null;
  situation: string;
  areaName: string | null;
  distanceKm: number;
  createdAt: Date;
  expiresAt: Date;
}

/** The open calls waiting for this expert's answer, nearest first. */
export async function incomingRescueCalls(
  source: DatabaseOrUnit,
  actor: Actor,
): Promise<IncomingRescueCall[]> {
  const rows = await executor(source)
    .select({
      callId: rescueCall.id,
      nickname: member.nickname,
      avatarUrl: member.image,
      situation: rescueCall.situation,
      areaName: rescueCall.areaName,
      distanceM: rescueCallTarget.distanceM,
      createdAt: rescueCall.createdAt,
    })
    .from(rescueCallTarget)
    .innerJoin(rescueCall, eq(rescueCall.id, rescueCallTarget.callId))
    .innerJoin(member, eq(member.id, rescueCall.requesterId))
    .where(
      and(
        eq(rescueCallTarget.providerId, actor.id),
        eq(rescueCallTarget.status, "pending"),
        eq(rescueCall.status, "open"),
      ),
    )
    .orderBy(rescueCallTarget.distanceM, desc(rescueCall.id));
  return rows.map(({ distanceM, nickname, ...row }) => ({
    ...row,
    nickname: nickname ?? "",
    distanceKm: kilometres(distanceM),
    expiresAt: new Date(row.createdAt.getTime() + RESCUE_CALL_TTL_MS),
  }));
}

/** Where a call starts before the device answers: the member's main area, else the spec's default point. */
export interface RescueStartingPoint {
  latitude: number;
  longitude: number;
  areaName: string;
  source: "mainArea" | "default";
}

export async function rescueStartingPoint(
  source: DatabaseOrUnit,
  actor: Actor,
  language: AreaLanguage,
): Promise<RescueStartingPoint> {
  const [main] = await executor(source)
    .select()
    .from(memberLocation)
    .where(and(eq(memberLocation.userId, actor.id), eq(memberLocation.isMain, true)))
    .limit(1);
  if (main) {
    const area = areaOfLocation({
      simpleAddress: main.simpleAddress,
      lat: main.latitude,
      lng: main.longitude,
      areaCode: main.areaCode,
    });
    return {
      latitude: main.latitude,
      longitude: main.longitude,
      areaName: area ? localAreaName(area, language) : main.simpleAddress,
      source: "mainArea",
    };
  }
  const { latitude, longitude } = RESCUE_DEFAULT_POINT;
  return {
    latitude,
    longitude,
    areaName: localAreaName(nearestArea(latitude, longitude), language),
    source: "default",
  };
}
