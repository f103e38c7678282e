import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of chat. */
export const chatErrors = areaErrors("chat.error", {
  not_found: 404,
  no_permission: 403,
  room_code_invalid: 404,
  admin_read_only: 403,
  read_only: 409,
  text_required: 400,
  text_length: 400,
  client_id_invalid: 400,
  message_not_found: 404,
  report_own: 403,
  reason_required: 400,
  reason_length: 400,
  already_reported: 409,
  too_fast: 429,
});
export type ChatErrorCode = ErrorCodeOf<typeof chatErrors>;
