import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { optionalText, requiredText } from "../form-fields";

/** The smallest gift, and the step every gift is a multiple of. */
export const GIFT_STEP = 100;
/** The longest nickname a recipient field takes (longer than any nickname, shorter than anything abusive). */
export const GIFT_NICKNAME_MAX = 40;
/** The largest amount the field reads (far above any balance; the ledger decides). */
const GIFT_AMOUNT_MAX = 1_000_000_000;

const issue = (message: MessageKey) => ({ error: message });

/** Whether `amount` is a whole number of points a gift may carry: at least 100 P, in steps of 100 P. */
export function isGiftAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= GIFT_STEP && amount % GIFT_STEP === 0;
}

/**
 * The gift form on /point (ADR 026): the recipient's nickname and the amount, with the form's one-time token. The
 * browser and the action parse with it; `balance` is the sender's balance as the page showed it, so the browser can
 * refuse an amount above it before sending. The service checks every rule again against the ledger.
 */
export function giftSchema(balance: number) {
  return z.object({
    token: optionalText,
    nickname: requiredText("spark.gift.error.recipient_required").refine(
      (nickname) => [...nickname].length <= GIFT_NICKNAME_MAX,
      issue("spark.gift.error.recipient_not_found"),
    ),
    amount: z
      .string(issue("spark.gift.error.amount_invalid"))
      .trim()
      .regex(/^\d{1,10}$/, issue("spark.gift.error.amount_invalid"))
      .transform(Number)
      .pipe(
        z
          .number()
          .min(GIFT_STEP, issue("spark.gift.error.amount_invalid"))
          .max(GIFT_AMOUNT_MAX, issue("spark.gift.error.insufficient"))
          .refine((amount) => amount % GIFT_STEP === 0, issue("spark.gift.error.amount_step"))
          .refine((amount) => amount <= balance, issue("spark.gift.error.insufficient")),
      ),
  });
}
