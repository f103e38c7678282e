/** Refusals of chat (chat.error.*). */
export type ChatErrorCode =
  | "not_found"
  | "no_permission"
  | "room_code_invalid"
  | "admin_read_only"
  | "read_only"
  | "text_required"
  | "text_length"
  | "client_id_invalid"
  | "message_not_found"
  | "report_own"
  | "reason_required"
  | "reason_length"
  | "already_reported"
  | "too_fast";
