import type { ErrorTable } from "../error-table.server";

/** The answers to conduct refusals (see ../error-table.server.ts). */
export const conductErrors: ErrorTable["conduct"] = {
  not_found: { status: 404, messageKey: "conduct.error.not_found" },
  banned: { status: 403, messageKey: "conduct.error.banned" },
  banned_permanently: { status: 403, messageKey: "conduct.error.banned_permanently" },
  forbidden: { status: 403, messageKey: "conduct.error.forbidden" },
  no_show_not_reserved: { status: 409, messageKey: "conduct.error.no_show_not_reserved" },
  no_show_too_early: { status: 409, messageKey: "conduct.error.no_show_too_early" },
  no_show_content_required: { status: 400, messageKey: "conduct.error.no_show_content_required" },
  no_show_content_length: { status: 400, messageKey: "conduct.error.no_show_content_length" },
  no_show_already_reported: { status: 409, messageKey: "conduct.error.no_show_already_reported" },
  report_closed: { status: 409, messageKey: "conduct.error.report_closed" },
  decision_invalid: { status: 400, messageKey: "conduct.error.decision_invalid" },
  ban_not_found: { status: 404, messageKey: "conduct.error.ban_not_found" },
  ban_not_active: { status: 409, messageKey: "conduct.error.ban_not_active" },
  feedback_not_open: { status: 409, messageKey: "conduct.error.feedback_not_open" },
  feedback_already_given: { status: 409, messageKey: "conduct.error.feedback_already_given" },
  feedback_verdict_invalid: { status: 400, messageKey: "conduct.error.feedback_verdict_invalid" },
  feedback_rating_invalid: { status: 400, messageKey: "conduct.error.feedback_rating_invalid" },
  feedback_content_required: { status: 400, messageKey: "conduct.error.feedback_content_required" },
  feedback_content_length: { status: 400, messageKey: "conduct.error.feedback_content_length" },
  feedback_photos_max: { status: 400, messageKey: "conduct.error.feedback_photos_max" },
};
