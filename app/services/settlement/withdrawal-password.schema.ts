import { z } from "zod";
import type { MessageKey } from "#app/i18n";
// Sets Zod to run without `new Function` (the Content-Security-Policy refuses it) before any schema is built.
import "../form-fields";
import { WITHDRAWAL_PASSWORD_PATTERN } from "./settlement-rules";

/**
 * The withdrawal password's forms: setting it (six digits, twice) on /setting/security and entering it on
 * /settlement/securityCheck. Pure; the service checks the pattern again.
 */

const issue = (message: MessageKey) => ({ error: message });

const sixDigits = z
  .string(issue("settlementInfo.error.password_format"))
  .regex(WITHDRAWAL_PASSWORD_PATTERN, issue("settlementInfo.error.password_format"));

export const withdrawalPasswordSchema = z
  .object({ password: sixDigits, confirm: z.string(issue("settlementInfo.error.password_mismatch")) })
  .refine((form) => form.password === form.confirm, {
    error: "settlementInfo.error.password_mismatch",
    path: ["confirm"],
  });

export const securityCheckSchema = z.object({ password: sixDigits });
