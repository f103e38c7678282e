import type { Widen } from "../widen";
import type { koAdmin } from "./admin.ko";

/** English messages of the operator console (part of the catalogue in ../en.ts). */
export const enAdmin: Widen<typeof koAdmin> = {
  stepUp: {
    title: "Enter your code again",
    text: "Payment, refund and withdrawal pages open only to staff who entered their authenticator code in the last 10 minutes.",
    code: "6-digit code from your authenticator app",
    submit: "Confirm",
  },
  audit: {
    title: "Audit log",
    text: "Every action an administrator takes is recorded here. Records cannot be changed or deleted.",
    filter: "Find records",
    admin: "Administrator ID",
    kind: "Subject kind",
    kindHint: "For example: job, member, article",
    subject: "Subject ID",
    from: "From",
    to: "To",
    search: "Search",
    reset: "Clear",
    empty: "No records match.",
    by: "{name} ({role})",
    subjectOf: "{kind} #{id}",
    reason: "Reason",
    before: "Before",
    after: "After",
    address: "From address {address}",
  },
  roles: {
    admin: "administrator",
    moderator: "moderator",
    finance: "finance operator",
  },
  actions: {
    jobs_retry: "Retried a failed job",
    board_category_add: "Added a board category",
    board_category_rename: "Renamed a board category",
    board_category_delete: "Deleted a board category",
    board_category_replace: "Replaced a board category",
    notice_announcement_create: "Published an announcement",
    notice_announcement_update: "Edited an announcement",
    notice_announcement_delete: "Deleted an announcement",
    notice_faq_create: "Published an FAQ entry",
    notice_faq_update: "Edited an FAQ entry",
    notice_faq_delete: "Deleted an FAQ entry",
    notice_event_create: "Published an event",
    notice_event_update: "Edited an event",
    notice_event_delete: "Deleted an event",
    meeting_no_show_decide: "Decided a no-show report",
    meeting_ban_lift: "Lifted a meeting ban",
    board_report_decide: "Decided a report",
  },
  error: {
    forbidden: "Only administrators can do this.",
  },
};
