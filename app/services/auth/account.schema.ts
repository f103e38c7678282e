import { z } from "zod";
import { optionalText } from "../form-fields";

/**
 * The account pages' small forms (ADR 026). Their fields go to the auth services as typed: the services check them
 * (the password policy, a code's form and expiry) for every caller, the API's too.
 */

/** The forgotten-password page: ask for a code, or reset the password with the code received. */
export const forgotPasswordSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request"), identifier: optionalText, code: optionalText }),
  z.object({
    intent: z.literal("reset"),
    identifier: optionalText,
    code: optionalText,
    password: optionalText,
  }),
]);

/** A form of one password: a new one (the reset link's page), or the current one (withdrawal). */
export const passwordForm = z.object({ password: optionalText });

/** A sign-in's second step: the code of the authenticator app or a backup code. */
export const codeForm = z.object({ code: optionalText });

/** The first-login page's mobile steps (send a code, check it); the profile itself is `profileSchema`'s. */
export const mobileStepForm = z.object({
  intent: z.enum(["send-code", "verify-code", "save"]).default("save"),
  mobile: optionalText.transform((mobile) => mobile.trim()),
  code: optionalText,
});

/** The account settings' buttons: the password, two-step verification, linked sign-ins, sessions elsewhere. */
export const accountSettingsSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("change-password"),
    currentPassword: optionalText,
    newPassword: optionalText,
  }),
  z.object({ intent: z.literal(["enable-2fa", "disable-2fa"]), password: optionalText }),
  z.object({ intent: z.literal("confirm-2fa"), code: optionalText }),
  z.object({ intent: z.literal(["link", "unlink"]), provider: optionalText }),
  z.object({ intent: z.literal("sign-out-everywhere") }),
]);
