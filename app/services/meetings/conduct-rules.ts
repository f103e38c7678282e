/** The numbers of no-shows and feedback (spec §9), shared by the pages, the forms and the services. */

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

/** Characters as a member counts them (a Hangul syllable or an emoji is one). */
export const lengthOf = (text: string) => [...text].length;

/** The points a feedback earns, from its trimmed text and its number of photos. */
export function feedbackReward(content: string, photoCount: number): number {
  const length = lengthOf(content.trim());
  if (photoCount >= 1 && length >= FULL_REWARD_LENGTH) return FEEDBACK_REWARD_FULL;
  if (length >= TEXT_REWARD_LENGTH) return FEEDBACK_REWARD_TEXT;
  return 0;
}

export const feedbackVerdictsGiven = ["smooth", "problem"] as const;
export type GivenVerdict = (typeof feedbackVerdictsGiven)[number];
