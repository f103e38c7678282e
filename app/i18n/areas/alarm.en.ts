import type { Widen } from "../widen";
import type { koAlarm } from "./alarm.ko";

/** English messages of the alarm area. */
export const enAlarm: Widen<typeof koAlarm> = {
  title: "Notifications",
  settingsTitle: "Notification settings",
  message: {
    comment: "{nickname} commented on your post '{title}'.",
    reply: "{nickname} replied to your comment on '{title}'.",
    like: "{nickname} liked your post '{title}'.",
    announcement: "New announcement: {title}",
    event: "An event has started: {title}",
    meetingRequest: "{nickname} sent you a meeting request.",
    meetingReserved: "Your meeting with {nickname} is confirmed.",
    meetingCancelled: "Your meeting with {nickname} was cancelled.",
    meetingEnded: "Your meeting with {nickname} has ended. Please leave feedback.",
    meetingReminder:
      "Your meeting with {nickname} starts in {minutes, plural, one {# minute} other {# minutes}}.",
    paymentRequested: "{nickname} requested a payment of ₩{amount, number}.",
    paymentCompleted: "{nickname} paid ₩{amount, number}.",
    refundRequested: "{nickname} requested a refund.",
    refundCompleted: "Your refund of ₩{amount, number} is complete.",
    refundDeclined: "Your refund request was declined. Reason: {reason}",
    chatMessage: "{nickname} sent you a new message.",
    spark: "{nickname} sent you {count, plural, one {# spark} other {# sparks}}.",
    pointGift: "{nickname} gave you {amount, number} P.",
    pointGiftSent: "You gave {amount, number} P to {nickname}.",
    coupon: "You received a new coupon: {title}",
    settlement: "Your settlement of ₩{amount, number} is complete.",
    withdrawalPaid: "₩{amount, number} was deposited to your withdrawal account.",
    withdrawalFailed:
      "Your withdrawal of ₩{amount, number} failed. The amount is withdrawable again; please contact an administrator.",
    marketComment: "{nickname} commented on your listing '{title}'.",
    marketOffer: "{nickname} offered ₩{price, number} for '{title}'.",
    marketOfferAccepted:
      "Your offer of ₩{price, number} for '{title}' was accepted; the listing is reserved for you.",
    marketOfferDeclined: "Your offer of ₩{price, number} for '{title}' was declined.",
    marketStatus: "The trade status of '{title}', a listing you follow, has changed.",
    marketKeyword: "New listing for your keyword '{keyword}': {title}",
    marketReview: "{nickname} left a review of your trade.",
    motorcycleReportAccepted:
      "'{model}', which you reported, is now in the catalogue; you received {points, number} P.",
    motorcycleReportRejected: "'{model}', which you reported, was not added. Reason: {reason}",
    meetingExpired: "Your meeting request to {nickname} expired after 7 days without an answer.",
    meetingFeedback: "{nickname} left feedback on your meeting.",
    noShowReported: "A no-show was reported for your meeting with {nickname}.",
    noShowDecided:
      "No-show report decided: {result, plural, =1 {the no-show was confirmed; you cannot use meetings until {until}.} =2 {the no-show was confirmed; you can no longer use meetings.} =3 {the no-show you reported was confirmed.} =4 {the report was dismissed.} =5 {the report was found malicious; you cannot use meetings until {until}.} =6 {the report was found malicious; you can no longer use meetings.} one {it has been handled.} other {it has been handled.}}",
    rescueCall: "A rescue call {distance} km away: {situation}",
    rescueAccepted: "{nickname} accepted your rescue call ({distance} km away).",
    rescueWithdrawn: "Another expert accepted the rescue call first; it is closed.",
    inspectionRequested: "{nickname} proposed a time to inspect '{title}'. Please agree or decline.",
    inspectionAgreed: "The seller agreed to the inspection time for '{title}'.",
    inspectionDeclined: "The seller declined the inspection time for '{title}'. You can propose another.",
    inspectionReported: "{nickname} submitted the inspection report for '{title}'.",
    inspectionPublished: "The seller published the inspection report on '{title}'.",
    theftMatch:
      "A listing with the frame number of the bike you reported stolen was posted; it is hidden until an administrator reviews it.",
    serviceDue:
      "{model}: {work, plural, =1 {an engine oil change} =2 {chain care} =3 {a tyre check} one {a service} other {a service}} is due. See the service log.",
    fallback: "You have a new notification.",
  },
  formerMember: "Former member",
  /** After a notification that stands for several events of the same kind (folded repeats). */
  repeated: "({count, number} times)",
  list: {
    readAll: "Mark all as read",
    allRead: "All notifications are marked as read.",
    unread: "Unread",
    empty: "You have no notifications yet.",
    emptyHint: "When someone comments on or likes your posts, you will hear about it here.",
    loadMore: "Show earlier notifications",
    loading: "Loading…",
    arrived: "{count, plural, one {# new notification} other {# new notifications}}",
    refresh: "Refresh",
    settings: "Notification settings",
    newest: "Show the latest notifications",
  },
  settings: {
    intro: "Turn each kind of notification on or off. Notifications of a kind you turned off are not kept.",
    types: "Notification types",
    on: "On",
    off: "Off",
    signInPrompt: "Sign in to choose which notifications you receive.",
    signIn: "Sign in",
  },
  error: {
    notFound: "The notification could not be found.",
    unknownType: "Unknown notification type.",
  },
};
