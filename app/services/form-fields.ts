import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { hasMeaningfulText } from "#app/services/content/meaningful-length";

/**
 * Building blocks of the form schemas (ADR 026). Every schema built from them is parsed twice with the same object:
 * by Conform in the browser before a submit, and by the page action after it. Messages are message keys of the
 * catalogue; the form shows each in the page's language next to its field.
 *
 * Conform reads the form before the schema sees it: an empty text field arrives as missing (undefined), a ticked
 * box as `true`, and number fields as numbers (empty as missing, anything else as `NaN` when not a number).
 */

// Zod compiles object parsers with `new Function` when it may; the Content-Security-Policy forbids it in the
// browser (every page would report a violation). Set before any schema is built: each imports this module first.
z.config({ jitless: true });

/** The largest id a PostgreSQL `integer` column holds. */
const MAX_ID = 2_147_483_647;

/** A record id as an address or a form writes it: plain digits, 1 … 2³¹−1 (no signs, exponents or fractions). */
export const idText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_ID));

/** A count as a form writes it: plain digits, 0 … 999,999,999 (no signs, exponents or fractions). */
export const countText = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number);

/** A page number of a list's address (`?page=`): 1 … 99,999. */
export const pageText = z
  .string()
  .regex(/^[1-9]\d{0,4}$/)
  .transform(Number);

/** A text that must be filled in (spaces and invisible characters alone do not count); the value is trimmed. */
export function requiredText(message: MessageKey) {
  return z.string({ error: message }).trim().refine(hasMeaningfulText, { error: message });
}

/** A text that may be left empty; answers "" then. */
export const optionalText = z
  .string()
  .optional()
  .transform((value) => value ?? "");

/** A check box: ticked or not. */
export const checkbox = z.boolean().default(false);
