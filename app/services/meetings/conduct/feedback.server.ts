import { and, avg, count, desc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  meeting,
  meetingFeedback,
  member,
  type FeedbackRewardWithheld,
  type FeedbackVerdict,
  type MeetingKind,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { hasMeaningfulText } from "#app/services/content/meaningful-length";
import { encodeCursor, readCursor } from "#app/services/cursor";
import { DomainError } from "#app/services/errors";
import {
  ensureMemberPointsAccount,
  ensurePromotionsAccount,
  memberPointsCode,
  PROMOTIONS_POINTS,
} from "#app/services/ledger/accounts.server";
import { transfer } from "#app/services/ledger/posting.server";
import { notify } from "#app/services/notifications/notify.server";
import type { ConductErrorCode } from "./errors";
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_PHOTOS_MAX,
  feedbackVerdictsGiven,
  lengthOf,
  type GivenVerdict,
} from "./conduct-rules";
import { feedbackRewardFor } from "./feedback-reward.server";
import { recomputeReputation } from "#app/services/reputation/reputation.server";
import { meetingForActor, type Meeting } from "#app/services/meetings/meeting/participants.server";

/**
 * Feedback after a meeting: once it has ended, each side is asked how it went (smooth or problem, a rating of 1 to
 * 5, a text and up to 4 photos) and may skip. Once per meeting and member (the unique index decides between two
 * submits at once). A feedback with enough text (and a photo) earns points through the ledger, under a key of the
 * meeting and the member, so it is paid exactly once, within the caps of `feedback-reward.server.ts`; a feedback
 * the caps leave unpaid is kept all the same, with the reason. The other side is told.
 */

const fail = (code: ConductErrorCode) => new DomainError("conduct", code);

/** Where a member gives feedback on a meeting. */
export const feedbackPath = (meetingId: number) => `/meeting/feedback?meeting=${meetingId}`;

const rewardKey = (meetingId: number, memberId: string) => `meeting-feedback:${meetingId}:${memberId}`;

interface FeedbackPhoto {
  url: string;
  width: number;
  height: number;
}

export interface FeedbackInput {
  verdict: GivenVerdict;
  rating: number;
  content: string;
  /** Photos the upload service stored for this feedback. */
  photos: FeedbackPhoto[];
}

export interface FeedbackMeeting {
  id: number;
  kind: MeetingKind;
  endedAt: Date | null;
  other: { id: string; nickname: string | null };
}

/** The side of an ended meeting the actor gives feedback on, or the refusal: not a side, or not ended yet. */
async function feedbackSubject(source: Database | UnitOfWork, actor: Actor, meetingId: number) {
  const { meeting: subject, role } = await meetingForActor(source, actor, { id: meetingId });
  if (role === "admin") throw new DomainError("meeting", "not_participant");
  if (subject.status !== "ended") throw fail("feedback_not_open");
  const otherId = role === "provider" ? subject.requesterId : subject.providerId;
  return { subject, otherId };
}

async function describe(db: Database, subject: Meeting, otherId: string): Promise<FeedbackMeeting> {
  const [other] = await db.select({ nickname: member.nickname }).from(member).where(eq(member.id, otherId));
  return {
    id: subject.id,
    kind: subject.kind,
    endedAt: subject.endedAt,
    other: { id: otherId, nickname: other?.nickname ?? null },
  };
}

/**
 * The feedback form's meeting: an ended meeting of the actor's, and whether they have answered already (given or
 * skipped). Refused like `giveFeedback` for anyone else and before the meeting ends.
 */
export async function feedbackForm(
  db: Database,
  actor: Actor,
  meetingId: number,
): Promise<{ meeting: FeedbackMeeting; answered: FeedbackVerdict | null }> {
  const { subject, otherId } = await feedbackSubject(db, actor, meetingId);
  const [mine] = await db
    .select({ verdict: meetingFeedback.verdict })
    .from(meetingFeedback)
    .where(and(eq(meetingFeedback.meetingId, meetingId), eq(meetingFeedback.authorId, actor.id)));
  return { meeting: await describe(db, subject, otherId), answered: mine?.verdict ?? null };
}

const PENDING_LIMIT = 20;

/** Ended meetings of the actor's that wait for their feedback, the latest ended first. */
export async function pendingFeedback(db: Database, actor: Actor): Promise<FeedbackMeeting[]> {
  const rows = await db
    .select({
      id: meeting.id,
      kind: meeting.kind,
      endedAt: meeting.endedAt,
      otherId: sql<string>`case when ${meeting.providerId} = ${actor.id} then ${meeting.requesterId} else ${meeting.providerId} end`,
      otherNickname: member.nickname,
    })
    .from(meeting)
    .leftJoin(
      meetingFeedback,
      and(eq(meetingFeedback.meetingId, meeting.id), eq(meetingFeedback.authorId, actor.id)),
    )
    .leftJoin(
      member,
      sql`${member.id} = case when ${meeting.providerId} = ${actor.id} then ${meeting.requesterId} else ${meeting.providerId} end`,
    )
    .where(
      and(
        eq(meeting.status, "ended"),
        or(eq(meeting.requesterId, actor.id), eq(meeting.providerId, actor.id)),
        isNull(meetingFeedback.id),
      ),
    )
    .orderBy(desc(meeting.endedAt), desc(meeting.id))
    .limit(PENDING_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    endedAt: row.endedAt,
    other: { id: row.otherId, nickname: row.otherNickname },
  }));
}

function checkedInput(input: FeedbackInput): FeedbackInput {
  if (!(feedbackVerdictsGiven as readonly string[]).includes(input.verdict))
    throw fail("feedback_verdict_invalid");
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5)
    throw fail("feedback_rating_invalid");
  const content = input.content.trim();
  if (!hasMeaningfulText(content)) throw fail("feedback_content_required");
  if (lengthOf(content) > FEEDBACK_CONTENT_MAX) throw fail("feedback_content_length");
  if (input.photos.length > FEEDBACK_PHOTOS_MAX) throw fail("feedback_photos_max");
  return { ...input, content };
}

/**
 * Gives feedback on an ended meeting (a side only, once). Pays the reward it earns (1,000 P with a photo and 200
 * characters, 200 P with 100 characters, as `meaningfulLength` counts them) under the meeting's and member's key
 * unless a cap withholds it, and tells the other side. Answers the points paid, or why none were.
 */
export async function giveFeedback(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
  input: FeedbackInput,
): Promise<{ id: number; rewardPoints: number; rewardWithheld: FeedbackRewardWithheld | null }> {
  const checked = checkedInput(input);
  return runInTransaction(db, clock, async (uow) => {
    const { subject, otherId } = await feedbackSubject(uow, actor, meetingId);
    const reward = await feedbackRewardFor(uow, {
      authorId: actor.id,
      targetId: otherId,
      meeting: subject,
      content: checked.content,
      photoCount: checked.photos.length,
    });
    const rewardPoints = reward.points;
    const [given] = await uow.tx
      .insert(meetingFeedback)
      .values({
        meetingId,
        authorId: actor.id,
        targetId: otherId,
        kind: subject.kind,
        verdict: checked.verdict,
        rating: checked.rating,
        content: checked.content,
        photos: checked.photos.map(({ url, width, height }) => ({ url, width, height })),
        rewardPoints,
        rewardWithheld: reward.withheld,
        createdAt: uow.now,
      })
      .onConflictDoNothing({ target: [meetingFeedback.meetingId, meetingFeedback.authorId] })
      .returning({ id: meetingFeedback.id });
    if (!given) throw fail("feedback_already_given");
    await recomputeReputation(uow, [otherId]);
    if (rewardPoints > 0) {
      await ensurePromotionsAccount(uow);
      await ensureMemberPointsAccount(uow, actor.id);
      await transfer(uow, {
        from: PROMOTIONS_POINTS,
        to: memberPointsCode(actor.id),
        amount: rewardPoints,
        kind: "feedback_reward",
        idempotencyKey: rewardKey(meetingId, actor.id),
        actor,
        subject: { type: "member", id: actor.id },
        memo: `meeting:${meetingId}`,
      });
    }
    await notify(uow, {
      recipientId: otherId,
      type: "meetingFeedback",
      actorId: actor.id,
      link: "/my/feedback",
      dedupeKey: `meetingFeedback:${given.id}`,
    });
    return { id: given.id, rewardPoints, rewardWithheld: reward.withheld };
  });
}

/** Skips the feedback of an ended meeting (a side only, once); nothing is paid and nobody is told. */
export async function skipFeedback(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { subject, otherId } = await feedbackSubject(uow, actor, meetingId);
    const [skipped] = await uow.tx
      .insert(meetingFeedback)
      .values({
        meetingId,
        authorId: actor.id,
        targetId: otherId,
        kind: subject.kind,
        verdict: "skipped",
        rating: null,
        content: "",
        createdAt: uow.now,
      })
      .onConflictDoNothing({ target: [meetingFeedback.meetingId, meetingFeedback.authorId] })
      .returning({ id: meetingFeedback.id });
    if (!skipped) throw fail("feedback_already_given");
  });
}

export interface ReceivedFeedback {
  id: number;
  meetingId: number;
  kind: MeetingKind;
  verdict: GivenVerdict;
  rating: number;
  content: string;
  photos: FeedbackPhoto[];
  author: { id: string; nickname: string | null; avatarUrl: string | null };
  createdAt: Date;
}

export const RECEIVED_PAGE_SIZE = 20;

function cursorId(cursor: string | null | undefined): number | null {
  const position = readCursor(cursor);
  return Number.isSafeInteger(position) && (position as number) > 0 ? (position as number) : null;
}

/** Feedback others gave the actor (skips left out), newest first, a page at a time. */
export async function receivedFeedback(
  db: Database,
  actor: Actor,
  cursor?: string | null,
): Promise<{ items: ReceivedFeedback[]; nextCursor: string | null }> {
  const before = cursorId(cursor);
  const rows = await db
    .select({
      feedback: meetingFeedback,
      nickname: member.nickname,
      avatarUrl: member.image,
    })
    .from(meetingFeedback)
    .leftJoin(member, eq(member.id, meetingFeedback.authorId))
    .where(
      and(
        eq(meetingFeedback.targetId, actor.id),
        ne(meetingFeedback.verdict, "skipped"),
        before === null ? undefined : lt(meetingFeedback.id, before),
      ),
    )
    .orderBy(desc(meetingFeedback.id))
    .limit(RECEIVED_PAGE_SIZE + 1);
  const page = rows.slice(0, RECEIVED_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map(({ feedback, nickname, avatarUrl }) => ({
      id: feedback.id,
      meetingId: feedback.meetingId,
      kind: feedback.kind,
      verdict: feedback.verdict as GivenVerdict,
      rating: feedback.rating ?? 0,
      content: feedback.content,
      photos: feedback.photos,
      author: { id: feedback.authorId, nickname, avatarUrl },
      createdAt: feedback.createdAt,
    })),
    nextCursor: rows.length > RECEIVED_PAGE_SIZE && last ? encodeCursor(last.feedback.id) : null,
  };
}

/** A member's feedback score for profiles and expert cards: the average rating (one decimal) and how many. */
export async function feedbackSummary(
  db: Database,
  memberId: string,
): Promise<{ average: number | null; count: number }> {
  const [row] = await db
    .select({ average: avg(meetingFeedback.rating), count: count(meetingFeedback.rating) })
    .from(meetingFeedback)
    .where(and(eq(meetingFeedback.targetId, memberId), ne(meetingFeedback.verdict, "skipped")));
  const n = row?.count ?? 0;
  return { average: n > 0 && row?.average ? Math.round(Number(row.average) * 10) / 10 : null, count: n };
}
