import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { idText, pageText, requiredText } from "../form-fields";
import { REFUND_REASON_MAX } from "./payment-rules";

/**
 * The refund forms (ADR 061): the requester's request on /my/meeting/:id/refund and the console's decisions on
 * /admin/refunds, and the lists' addresses. Parsed by the browser and the action alike; the services check every
 * rule again. Pure: no database.
 */

export { REFUND_REASON_MAX } from "./payment-rules";

const issue = (message: MessageKey) => ({ error: message });

/** A reason: required, trimmed, at most REFUND_REASON_MAX characters. */
const reasonText = (required: MessageKey, length: MessageKey) =>
  requiredText(required).refine((text) => [...text].length <= REFUND_REASON_MAX, issue(length));

/** The requester's refund request: the reason. */
export const refundRequestSchema = z.object({
  reason: reasonText("payment.error.refund_reason_required", "payment.error.refund_reason_length"),
});

const decisionReason = reasonText(
  "payment.error.decision_reason_required",
  "payment.error.decision_reason_length",
);

/** The console's decision of one request: in full, in part (an amount of won) or declined, always with a reason. */
export const refundDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("full"), requestId: idText, reason: decisionReason }),
  z.object({
    intent: z.literal("partial"),
    requestId: idText,
    amount: z
      .string(issue("payment.error.refund_amount_invalid"))
      .trim()
      .regex(/^\d{1,9}$/, issue("payment.error.refund_amount_invalid"))
      .transform(Number)
      .refine((amount) => amount >= 1, issue("payment.error.refund_amount_invalid")),
    reason: decisionReason,
  }),
  z.object({ intent: z.literal("declined"), requestId: idText, reason: decisionReason }),
]);

/** A list's address: the page. */
export const refundListQuerySchema = z.object({ page: pageText.catch(1).default(1) });
