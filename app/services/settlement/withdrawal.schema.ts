import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { idText, pageText, requiredText } from "../form-fields";
import { ADMIN_REASON_MAX } from "./settlement-rules";
import { withdrawalMachine } from "./settlement-machine";

/**
 * The settlement forms and addresses (ADR 064): the member's selection of lines (a GET shows its quote, so the
 * page works without scripts) and withdrawal, the cancel button, the console's acts on one withdrawal and its
 * lists. Parsed by the browser and the action alike; the services check every rule again. Pure: no database.
 */

export { ADMIN_REASON_MAX } from "./settlement-rules";

const issue = (message: MessageKey) => ({ error: message });

/** One id or several, as repeated fields arrive (one value is a string, several an array). */
const idList = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(idText).max(200, issue("withdrawal.error.too_many_lines")),
);

/** The member's page: the tab, the selected lines (with `step=confirm` their quote), the history's page, the year. */
export const settlementQuerySchema = z.object({
  tab: z.enum(["manage", "tax"]).catch("manage").default("manage"),
  line: idList.catch([]),
  step: z.enum(["select", "confirm"]).catch("select").default("select"),
  page: pageText.catch(1).default(1),
  year: z
    .string()
    .regex(/^20\d{2}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});

/** The member's acts: withdraw the selected lines, or cancel a requested withdrawal. */
export const settlementActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("withdraw"),
    line: idList.refine((ids) => ids.length > 0, issue("withdrawal.error.nothing_selected")),
  }),
  z.object({ intent: z.literal("cancel"), withdrawalId: idText }),
]);

const reason = requiredText("withdrawal.error.reason_required").refine(
  (text) => [...text].length <= ADMIN_REASON_MAX,
  issue("withdrawal.error.reason_length"),
);

/** The console's acts on one withdrawal; holding and failing take a reason. */
export const withdrawalActSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("hold"), withdrawalId: idText, reason }),
  z.object({ intent: z.literal("unhold"), withdrawalId: idText }),
  z.object({ intent: z.literal("paid"), withdrawalId: idText }),
  z.object({ intent: z.literal("failed"), withdrawalId: idText, reason }),
]);

/** The console's list: the state shown and the page. */
export const withdrawalListQuerySchema = z.object({
  state: z.enum(withdrawalMachine.states).catch("requested").default("requested"),
  page: pageText.catch(1).default(1),
});

/** A tax file's month, "2026-07". */
export const taxMonthSchema = z.object({
  month: z
    .string(issue("withdrawal.error.month_invalid"))
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, issue("withdrawal.error.month_invalid")),
});
