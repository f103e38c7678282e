import type { MeetingKind } from "#app/db/schema";
import { meaningfulLength } from "#app/services/content/meaningful-length";

/**
 * The numbers of no-shows and feedback (spec §9), shared by the pages, the forms and the services.
 *
 * How members behave in the exchange lives in this folder: `no-shows.server.ts` takes a side's no-show report and
 * the administrators' review (`no-show-machine*.ts`), `bans.server.ts` keeps the ban ladder a confirmed report
 * climbs, `feedback.server.ts` takes each side's feedback after a meeting and `feedback-reward.server.ts` decides
 * whether it earns points; `conduct.schema.ts` holds the forms.
 */

/** Longest no-show report and feedback text (spec §9: report, feedback and refund texts, 200 characters). */
export const NO_SHOW_CONTENT_MAX = 200;
export const FEEDBACK_CONTENT_MAX = 200;
/** Most photos one feedback carries. */
export const FEEDBACK_PHOTOS_MAX = 4;

/** The no-show button opens this long after the agreed time. */
export const NO_SHOW_WAIT_MS = 15 * 60 * 1000;

/** When a no-show may first be reported for a meeting with this appointment. */
export function noShowOpensAt(appointmentAt: Date | string): Date {
  return new Date(new Date(appointmentAt).getTime() + NO_SHOW_WAIT_MS);
}

/** Feedback rewards (spec §9): 1,000 P for a photo and 200 or more characters, 200 P for 100 or more characters. */
export const FEEDBACK_REWARD_FULL = 1000;
export const FEEDBACK_REWARD_TEXT = 200;
const FULL_REWARD_LENGTH = 200;
const TEXT_REWARD_LENGTH = 100;

/** Characters as a member counts them against a maximum (a Hangul syllable or an emoji is one). */
export const lengthOf = (text: string) => [...text].length;

/**
 * The points a feedback's text and photos earn, before the caps: its length is counted without invisible characters,
 * runs of spaces or repeated filler (`meaningfulLength`), so that only what was written earns.
 */
export function feedbackReward(content: string, photoCount: number): number {
  const length = meaningfulLength(content);
  if (photoCount >= 1 && length >= FULL_REWARD_LENGTH) return FEEDBACK_REWARD_FULL;
  if (length >= TEXT_REWARD_LENGTH) return FEEDBACK_REWARD_TEXT;
  return 0;
}

/**
 * The caps on feedback rewards (ADR 048). A meeting earns a reward only when it ran at least its kind's minimum
 * from the appointment to its close; a member is rewarded once per 30 days for feedback on one other member, and
 * at most three times per Seoul day; nothing is paid between members who share a browser or their sign-up address.
 */
export const FEEDBACK_MEETING_MIN_MINUTES = {
  owner: 20,
  repair: 20,
  coaching: 30,
  rescue: 15,
  pickup: 15,
} as const satisfies Record<MeetingKind, number>;
export const FEEDBACK_PAIR_DAYS = 30;
export const FEEDBACK_REWARDS_PER_DAY = 3;

/** Why a feedback earned nothing (`conduct.flash.rewardWithheld.*`). */
export type { FeedbackRewardWithheld } from "#app/db/schema";

export const feedbackVerdictsGiven = ["smooth", "problem"] as const;
export type GivenVerdict = (typeof feedbackVerdictsGiven)[number];
