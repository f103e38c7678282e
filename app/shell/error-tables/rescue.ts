import type { ErrorTable } from "../error-table.server";

/** The answers to rescue refusals (see ../error-table.server.ts). */
export const rescueErrors: ErrorTable["rescue"] = {
  not_found: { status: 404, messageKey: "rescue.error.not_found" },
  situation_invalid: { status: 400, messageKey: "rescue.error.situation_invalid" },
  location_invalid: { status: 400, messageKey: "rescue.error.location_invalid" },
  open_call_exists: { status: 409, messageKey: "rescue.error.open_call_exists" },
  no_expert_nearby: { status: 409, messageKey: "rescue.error.no_expert_nearby" },
  already_taken: { status: 409, messageKey: "rescue.error.already_taken" },
  already_answered: { status: 409, messageKey: "rescue.error.already_answered" },
  call_closed: { status: 409, messageKey: "rescue.error.call_closed" },
};
