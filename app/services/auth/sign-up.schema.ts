import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { checkbox, requiredText } from "../form-fields";
import { consentField, consentKinds, requiredConsents, type SignUpConsents } from "./consents";
import { emailSchema, mobileSchema, normalizePhone } from "./identifiers";
import { checkPassword } from "./password-policy";

/**
 * The sign-up form (/login/signup), every step of it: asking for a code by text message (`send-code`), joining
 * with a mobile number and that code (`phone`), or with an e-mail address (`email`). The rules are the named ones
 * the services apply again (identifiers, password policy, consents).
 */

const email = requiredText("auth.required.email").refine((value) => emailSchema.safeParse(value).success, {
  error: "auth.error.invalid_email",
});

/** A mobile number as typed ("010-1234 5678"), kept without its separators. */
const phone = requiredText("auth.required.phone")
  .transform(normalizePhone)
  .refine((value) => mobileSchema.safeParse(value).success, { error: "auth.error.invalid_phone" });

const code = requiredText("auth.required.code");

/** A password is taken as typed (spaces are part of it); the policy's reasons are each the field's own message. */
const password = z.string({ error: "auth.required.password" }).superRefine((value, ctx) => {
  const verdict = checkPassword(value);
  if (!verdict.ok)
    for (const reason of verdict.reasons) ctx.addIssue({ code: "custom", message: `auth.weak.${reason}` });
});

const consentBoxes = {
  consentTerms: checkbox,
  consentPrivacy: checkbox,
  consentAge: checkbox,
  consentMarketing: checkbox,
};

type Joining = { password: string } & Record<`consent${string}`, boolean> &
  ({ email: string } | { phone: string });

/**
 * What needs the whole form: a password containing the member's own e-mail address or number (the policy's
 * `contains_identifier`), and the required consents, one message for the form (not one per box).
 */
function joiningRules(value: Joining, ctx: z.RefinementCtx) {
  const identifier = "email" in value ? value.email : value.phone;
  const verdict = checkPassword(value.password, [identifier]);
  if (!verdict.ok && verdict.reasons.includes("contains_identifier"))
    ctx.addIssue({
      code: "custom",
      path: ["password"],
      message: "auth.weak.contains_identifier" satisfies MessageKey,
    });
  if (!requiredConsents.every((kind) => value[consentField(kind) as `consent${string}`]))
    ctx.addIssue({ code: "custom", path: [], message: "auth.error.consent_required" satisfies MessageKey });
}

export const signUpSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send-code"), phone }),
  z.object({ intent: z.literal("phone"), phone, code, password, ...consentBoxes }).superRefine(joiningRules),
  z.object({ intent: z.literal("email"), email, password, ...consentBoxes }).superRefine(joiningRules),
]);

/** The consents of a parsed sign-up, as the account service takes them. */
export function signUpConsents(form: Record<`consent${string}`, boolean>): SignUpConsents {
  return Object.fromEntries(
    consentKinds.map((kind) => [kind, form[consentField(kind) as `consent${string}`] === true]),
  ) as unknown as SignUpConsents;
}
