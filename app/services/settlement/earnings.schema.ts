import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { earningLineMachine } from "./settlement-machine";
import { idText, pageText, requiredText } from "../form-fields";
import { ADJUSTMENT_MAX_WON, ADMIN_REASON_MAX } from "./settlement-rules";

/**
 * The console's earnings forms (ADR 064) on /admin/earnings: reversing a released line, adjusting a member's
 * withdrawable earnings, and the list's address. Parsed by the browser and the action alike; the services check
 * every rule again.
 */

/** An earnings line's states, as its machine lists them. */
export const earningLineStatuses = earningLineMachine.states;

const issue = (message: MessageKey) => ({ error: message });

const reason = requiredText("earnings.error.reason_required").refine(
  (text) => [...text].length <= ADMIN_REASON_MAX,
  issue("earnings.error.reason_length"),
);

export const earningsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reverse"), lineId: idText, reason }),
  z.object({
    intent: z.literal("adjust"),
    nickname: requiredText("earnings.error.member_required"),
    amount: z
      .string(issue("earnings.error.amount_invalid"))
      .trim()
      .regex(/^-?\d{1,7}$/, issue("earnings.error.amount_invalid"))
      .transform(Number)
      .refine(
        (amount) => amount !== 0 && Math.abs(amount) <= ADJUSTMENT_MAX_WON,
        issue("earnings.error.amount_invalid"),
      ),
    reason,
  }),
]);

export const earningsListQuerySchema = z.object({
  status: z.enum(earningLineStatuses).optional().catch(undefined),
  nickname: z.string().trim().max(40).optional().catch(undefined),
  page: pageText.catch(1).default(1),
});
