import { and, count, eq, gt, gte, sql } from "drizzle-orm";
import { meetingFeedback, type FeedbackRewardWithheld, type MeetingKind } from "#app/db/schema";
import { sharedOrigin } from "#app/platform/auth/member-origin.server";
import { daysAgo, MINUTE_MS, seoulDay, startOfSeoulDay } from "#app/platform/seoul-calendar";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import {
  FEEDBACK_MEETING_MIN_MINUTES,
  FEEDBACK_PAIR_DAYS,
  FEEDBACK_REWARDS_PER_DAY,
  feedbackReward,
} from "./conduct-rules";

/**
 * Whether a feedback earns its points (ADR 048): what its text and photos earn, then the caps in order, each a
 * rule of its own. The first rule that fails names why nothing was paid; the feedback itself is kept either way.
 */

/** What the rules look at: who writes about whom, the meeting, and the feedback's text and photos. */
export interface RewardClaim {
  authorId: string;
  targetId: string;
  meeting: { kind: MeetingKind; appointmentAt: Date | null; createdAt: Date; endedAt: Date | null };
  content: string;
  photoCount: number;
}

/** How long a meeting ran, in whole minutes: from its appointment (its request, without one) to its close. */
function meetingMinutes(meeting: RewardClaim["meeting"]): number {
  const from = (meeting.appointmentAt ?? meeting.createdAt).getTime();
  const to = meeting.endedAt?.getTime() ?? from;
  return Math.max(0, Math.floor((to - from) / MINUTE_MS));
}

type RewardRule = (uow: UnitOfWork, claim: RewardClaim) => boolean | Promise<boolean>;

/** The meeting ran at least its kind's minimum: a meeting opened and closed within minutes earns nothing. */
const meetingLongEnough: RewardRule = (_, { meeting }) =>
  meetingMinutes(meeting) >= FEEDBACK_MEETING_MIN_MINUTES[meeting.kind];

/** The two members share neither a browser nor the network they signed up from. */
const noSharedOrigin: RewardRule = async (uow, claim) =>
  (await sharedOrigin(uow, claim.authorId, claim.targetId)) === null;

/** The author was not rewarded for feedback on the same member in the last 30 days. */
const pairNotRewardedLately: RewardRule = async (uow, claim) => {
  const [rewarded] = await uow.tx
    .select({ id: meetingFeedback.id })
    .from(meetingFeedback)
    .where(
      and(
        eq(meetingFeedback.authorId, claim.authorId),
        eq(meetingFeedback.targetId, claim.targetId),
        gt(meetingFeedback.rewardPoints, 0),
        gt(meetingFeedback.createdAt, daysAgo(uow.now, FEEDBACK_PAIR_DAYS)),
      ),
    )
    .limit(1);
  return !rewarded;
};

/** The author was rewarded fewer than three times today (a Seoul day). */
const underDailyLimit: RewardRule = async (uow, claim) => {
  const [today] = await uow.tx
    .select({ rewarded: count() })
    .from(meetingFeedback)
    .where(
      and(
        eq(meetingFeedback.authorId, claim.authorId),
        gt(meetingFeedback.rewardPoints, 0),
        gte(meetingFeedback.createdAt, startOfSeoulDay(seoulDay(uow.now))),
      ),
    );
  return (today?.rewarded ?? 0) < FEEDBACK_REWARDS_PER_DAY;
};

const rules: ReadonlyArray<readonly [FeedbackRewardWithheld, RewardRule]> = [
  ["meeting_short", meetingLongEnough],
  ["shared_origin", noSharedOrigin],
  ["pair_rewarded", pairNotRewardedLately],
  ["daily_limit", underDailyLimit],
];

/**
 * The points a feedback earns, or why none. The author's feedback rewards wait for each other at an advisory lock,
 * so that two submits at once cannot both slip under a cap; the lock is held until the unit commits the row.
 */
export async function feedbackRewardFor(
  uow: UnitOfWork,
  claim: RewardClaim,
): Promise<{ points: number; withheld: FeedbackRewardWithheld | null }> {
  const points = feedbackReward(claim.content, claim.photoCount);
  if (points === 0) return { points: 0, withheld: "content_short" };
  await uow.tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`feedback-reward:${claim.authorId}`}, 0))`,
  );
  for (const [withheld, passes] of rules) if (!(await passes(uow, claim))) return { points: 0, withheld };
  return { points, withheld: null };
}
