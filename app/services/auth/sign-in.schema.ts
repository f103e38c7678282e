import { z } from "zod";
import { requiredText } from "../form-fields";

/**
 * The sign-in form (/login): e-mail or mobile number and password, or a provider's button. Whether the identifier
 * names an account is the service's answer (one message for every failure), so the form checks presence only.
 */
export const signInSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("password"),
    identifier: requiredText("auth.required.identifier"),
    // A password is sent as typed: spaces are part of it.
    password: z.string({ error: "auth.required.password" }),
  }),
  z.object({ intent: z.literal("social"), provider: z.string().default("") }),
]);
