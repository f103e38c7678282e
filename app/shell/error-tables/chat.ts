import type { ErrorTable } from "../error-table.server";

/** The answers to chat refusals (see ../error-table.server.ts). */
export const chatErrors: ErrorTable["chat"] = {
  not_found: { status: 404, messageKey: "chat.error.not_found" },
  no_permission: { status: 403, messageKey: "chat.error.no_permission" },
  room_code_invalid: { status: 404, messageKey: "chat.error.room_code_invalid" },
  admin_read_only: { status: 403, messageKey: "chat.error.admin_read_only" },
  read_only: { status: 409, messageKey: "chat.error.read_only" },
  text_required: { status: 400, messageKey: "chat.error.text_required" },
  text_length: { status: 400, messageKey: "chat.error.text_length" },
  client_id_invalid: { status: 400, messageKey: "chat.error.client_id_invalid" },
  message_not_found: { status: 404, messageKey: "chat.error.message_not_found" },
  report_own: { status: 403, messageKey: "chat.error.report_own" },
  reason_required: { status: 400, messageKey: "chat.error.reason_required" },
  reason_length: { status: 400, messageKey: "chat.error.reason_length" },
  already_reported: { status: 409, messageKey: "chat.error.already_reported" },
  too_fast: { status: 429, messageKey: "chat.error.too_fast" },
};
