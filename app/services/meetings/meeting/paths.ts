import type { MeetingKind } from "#app/db/schema";

/** The chat page of a meeting. */
export function meetingChatPath(subject: { kind: MeetingKind; code: string }): string {
  return `/meeting/${subject.kind}/chat?room=${subject.code}`;
}

/** The feedback page of an ended meeting. */
export function meetingFeedbackPath(meetingId: number): string {
  return `/meeting/feedback?meeting=${meetingId}`;
}
