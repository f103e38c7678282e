import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  job,
  meetingMessage,
  memberSkill,
  notification,
  transitionLog,
  type MeetingKind,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import { meetingJobs } from "./jobs.server";
import type { MeetingRequestInput } from "./meeting/request.schema";
import { expiryKey, reminderKey } from "./meeting/schedule.server";

/** Test data of the meeting area: skills, requests, and what a meeting has written (log, messages, jobs). */

export type MemberSkillRow = typeof memberSkill.$inferSelect;

export async function insertSkill(
  db: Database,
  memberId: string,
  kind: MeetingKind,
  values: Partial<typeof memberSkill.$inferInsert> = {},
): Promise<MemberSkillRow> {
  const now = new Date("2026-01-01T00:00:00Z");
  const [row] = await db
    .insert(memberSkill)
    .values({
      memberId,
      kind,
      areaName: "영등포구",
      latitude: 37.526618,
      longitude: 126.919666,
      entries: ["친절한 상담"],
      priceGuide: 20_000,
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returning();
  return row!;
}

/** A valid request of each kind for a skill; `pickupAt` is given by the caller's clock. */
export function requestOf(
  skill: Pick<MemberSkillRow, "id" | "kind">,
  now: Date,
  extra: Record<string, unknown> = {},
): MeetingRequestInput {
  const common = { skillId: skill.id, memo: "", locationName: "", wishAt: undefined };
  const fields: Record<MeetingKind, Record<string, unknown>> = {
    owner: { model: "", question: "시트고가 어떤가요?" },
    repair: { model: "PCX 125", repairOption: "engineOil", symptom: "오일 경고등" },
    coaching: { goal: "와인딩", experience: "2년" },
    rescue: { locationName: "여의도 한강공원", latitude: 37.52, longitude: 126.93, situation: "펑크" },
    pickup: {
      startAddress: "서울 영등포구 여의대로 1",
      destinationAddress: "서울 마포구 월드컵로 1",
      pickupAt: new Date(now.getTime() + 2 * 3_600_000),
      item: "under125",
      distanceKm: 8.5,
      minutes: 30,
    },
  };
  return { ...common, kind: skill.kind, ...fields[skill.kind], ...extra } as MeetingRequestInput;
}

/** Runs every job due on the clock, as the worker does. */
export function runDueJobs(db: Database, clock: Clock): Promise<number> {
  return new JobWorker({
    db,
    clock,
    logger: createLogger("silent"),
    registry: composeJobRegistry(meetingJobs),
    pollIntervalMs: 1000,
  }).drain();
}

export const meetingLog = (db: Database, meetingId: number) =>
  db
    .select()
    .from(transitionLog)
    .where(and(eq(transitionLog.machine, "meeting"), eq(transitionLog.subjectId, String(meetingId))))
    .orderBy(asc(transitionLog.id));

export const meetingMessages = (db: Database, meetingId: number) =>
  db
    .select()
    .from(meetingMessage)
    .where(eq(meetingMessage.meetingId, meetingId))
    .orderBy(asc(meetingMessage.id));

/** The meeting's jobs (reminders, expiry), by key, in order. */
export const meetingJobRows = (db: Database, meetingId: number) =>
  db
    .select({ key: job.dedupeKey, status: job.status, runAt: job.runAt, kind: job.kind })
    .from(job)
    .where(
      inArray(job.dedupeKey, [expiryKey(meetingId), reminderKey(meetingId, 60), reminderKey(meetingId, 30)]),
    )
    .orderBy(asc(job.id));

export const notificationsOf = (db: Database, recipientId: string, type?: string) =>
  db
    .select()
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), type ? eq(notification.type, type) : undefined))
    .orderBy(asc(notification.id));
