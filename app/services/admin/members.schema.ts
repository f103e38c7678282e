import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { optionalText, pageText, requiredText } from "#app/services/form-fields";

/**
 * The operator console's member forms (/admin/members, /admin/members/:id), parsed by the browser and the action
 * alike. Pure: no database.
 */

/** How long a suspension may be set for, in days, or permanently; the form offers these. */
export const suspensionPeriods = ["1", "3", "7", "30", "60", "90", "180", "365", "permanent"] as const;
export type SuspensionPeriod = (typeof suspensionPeriods)[number];

/** The longest reason an administrator writes (it is kept on the sanction and in the audit log). */
export const SANCTION_REASON_MAX = 200;

/** The days a period lasts, or null for permanently. */
export function periodDays(period: SuspensionPeriod): number | null {
  return period === "permanent" ? null : Number(period);
}

const issue = (message: MessageKey) => ({ error: message });

const reason = requiredText("admin.members.error.reasonRequired").refine(
  (text) => [...text].length <= SANCTION_REASON_MAX,
  issue("admin.members.error.reasonLength"),
);

const optionalReason = optionalText
  .transform((text) => text.trim())
  .refine((text) => [...text].length <= SANCTION_REASON_MAX, issue("admin.members.error.reasonLength"));

/** The acts of a member's page: suspend for a period (or permanently), lift, clear a sign-in lockout, end sessions. */
export const memberActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("suspend"),
    period: z.enum(suspensionPeriods, issue("admin.members.error.periodRequired")),
    reason,
  }),
  z.object({ intent: z.literal("lift"), reason }),
  z.object({ intent: z.literal("clear-lockout"), reason: optionalReason }),
  z.object({ intent: z.literal("end-sessions"), reason: optionalReason }),
]);

export type MemberAction = z.output<typeof memberActionSchema>;

/**
 * The member search, read from the page's address: a nickname or e-mail beginning (or a member's id) and the page.
 * A field that is not what it should be is left out, as an empty one is.
 */
export const memberQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    // PostgreSQL text cannot hold NUL: such a search is no search.
    .refine((text) => !text.includes("\u0000"))
    .optional()
    .catch(undefined)
    .transform((text) => text ?? ""),
  page: pageText.catch(1),
});

export type MemberQuery = z.output<typeof memberQuerySchema>;
