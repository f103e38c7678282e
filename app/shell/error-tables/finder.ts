import type { ErrorTable } from "../error-table.server";

/** The answers to finder refusals (see ../error-table.server.ts). */
export const finderErrors: ErrorTable["finder"] = {
  not_found: { status: 404, messageKey: "finder.error.not_found" },
  invalid_radius: { status: 400, messageKey: "finder.error.invalid_radius" },
  invalid_location: { status: 400, messageKey: "finder.error.invalid_location" },
  invalid_filter: { status: 400, messageKey: "finder.error.invalid_filter" },
  invalid_page: { status: 400, messageKey: "finder.error.invalid_page" },
};
