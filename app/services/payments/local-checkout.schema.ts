import { z } from "zod";
import { requiredText } from "../form-fields";

/**
 * The local gateway's checkout window (/pay/local/checkout, ADR 059): pay with a card, or give up. The form checks
 * how a card number and an expiry are written; which cards exist is the gateway's answer.
 */

/** The Luhn check every card number passes: a mistyped digit fails it. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Digits as printed on the card, with or without spaces and hyphens; the value is the digits alone. */
const cardNumber = requiredText("pay.error.cardNumberRequired")
  .transform((text) => text.replace(/[\s-]/g, ""))
  .refine((digits) => /^\d{13,19}$/.test(digits) && passesLuhn(digits), { error: "pay.error.cardNumber" });

/** MM/YY as printed on the card ("12/30", "1230"); the value is the month and the four-digit year. */
const expiry = requiredText("pay.error.expiryRequired")
  .transform((text) => /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/.exec(text))
  .refine((match) => match !== null, { error: "pay.error.expiry" })
  .transform((match) => ({ month: Number(match![1]), year: 2000 + Number(match![2]) }));

export const localCheckoutSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay"), cardNumber, expiry }),
  z.object({ intent: z.literal("cancel") }),
]);
