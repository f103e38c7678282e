/**
 * Codes of the integratedAlarmType filter table, in its order. Shared by the server and the pages (icons, labels);
 * the filter table stays the source of truth for which types exist and what they are called.
 */
export const alarmTypes = [
  "comment",
  "reply",
  "like",
  "announcement",
  "event",
  "meetingRequest",
  "meetingReserved",
  "meetingCancelled",
  "meetingEnded",
  "meetingReminder",
  "paymentRequested",
  "paymentCompleted",
  "refundRequested",
  "refundCompleted",
  "refundDeclined",
  "chatMessage",
  "spark",
  "pointGift",
  "pointGiftSent",
  "coupon",
  "settlement",
  "withdrawalPaid",
  "withdrawalFailed",
  "marketComment",
  "marketOffer",
  "marketOfferAccepted",
  "marketOfferDeclined",
  "marketStatus",
  "marketKeyword",
  "marketReview",
  "motorcycleReportAccepted",
  "motorcycleReportRejected",
  "meetingExpired",
  "meetingFeedback",
  "noShowReported",
  "noShowDecided",
  "rescueCall",
  "rescueAccepted",
  "rescueWithdrawn",
  "inspectionRequested",
  "inspectionAgreed",
  "inspectionDeclined",
  "inspectionReported",
  "inspectionPublished",
  "theftMatch",
  "serviceDue",
] as const;

export type AlarmType = (typeof alarmTypes)[number];

/**
 * The types some feature sends today (board comments, replies and likes; announcements; events). Only these have a
 * switch in the notification settings; a type joins when the feature that sends it ships.
 */
export const sentAlarmTypes: ReadonlySet<AlarmType> = new Set<AlarmType>([
  "comment",
  "reply",
  "like",
  "announcement",
  "event",
  "marketComment",
  "marketOffer",
  "marketOfferAccepted",
  "marketOfferDeclined",
  "marketStatus",
  "marketKeyword",
  "marketReview",
  "spark",
  "pointGift",
  "pointGiftSent",
  "coupon",
  "motorcycleReportAccepted",
  "motorcycleReportRejected",
  "noShowReported",
  "noShowDecided",
  "meetingFeedback",
  "rescueCall",
  "rescueAccepted",
  "rescueWithdrawn",
  "meetingRequest",
  "meetingReserved",
  "meetingCancelled",
  "meetingEnded",
  "meetingReminder",
  "meetingExpired",
  "chatMessage",
  "paymentRequested",
  "paymentCompleted",
  "refundRequested",
  "refundCompleted",
  "refundDeclined",
  "withdrawalPaid",
  "withdrawalFailed",
  "inspectionRequested",
  "inspectionAgreed",
  "inspectionDeclined",
  "inspectionReported",
  "inspectionPublished",
  "theftMatch",
  "serviceDue",
]);

export function isAlarmType(value: unknown): value is AlarmType {
  return typeof value === "string" && (alarmTypes as readonly string[]).includes(value);
}

/**
 * Realtime events of notifications. `alarm:unread` goes to one member's connections whenever their unread count
 * changes (`arrived` counts notifications that have just come in); `alarm:refresh` goes to every signed-in
 * connection after a notification to all members, and asks the page to fetch its count.
 */
export const ALARM_UNREAD_EVENT = "alarm:unread";
export const ALARM_REFRESH_EVENT = "alarm:refresh";

export interface AlarmUnreadPayload {
  count: number;
  arrived?: number;
}
