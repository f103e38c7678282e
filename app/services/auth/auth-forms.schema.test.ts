import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "#app/shell/form.server";
import { signInSchema } from "./sign-in.schema";
import { signUpConsents, signUpSchema } from "./sign-up.schema";

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

const consents = { consentTerms: "on", consentPrivacy: "on", consentAge: "on" };

describe("the sign-in form's schema", () => {
  it("takes an identifier and a password, the password as typed", () => {
    const submission = parseSubmission(
      form({ intent: "password", identifier: "  rider@example.com ", password: " Saddle 42 " }),
      signInSchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "password",
      identifier: "rider@example.com",
      password: " Saddle 42 ",
    });
  });

  it("names each missing field with its own message", () => {
    const submission = parseSubmission(form({ intent: "password", identifier: "   " }), signInSchema);
    expect(submission.reply().error).toEqual({
      identifier: ["auth.required.identifier"],
      password: ["auth.required.password"],
    });
  });
});

describe("the sign-up form's schema", () => {
  it("is the same object, with the same verdict, in the browser's parse and the server's", () => {
    const typed = form({ intent: "email", email: "not-an-address", password: "password", ...consents });
    const browser = parseWithZod(typed, { schema: signUpSchema }).reply();
    const server = parseSubmission(typed, signUpSchema).reply();
    expect(browser).toEqual(server);
    expect(server.error).toEqual({
      email: ["auth.error.invalid_email"],
      password: ["auth.weak.common"],
    });
  });

  it("accepts an e-mail sign-up with the required consents, marketing optional", () => {
    const submission = parseSubmission(
      form({ intent: "email", email: "rider@example.com", password: "Saddle-Road-42!", ...consents }),
      signUpSchema,
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success" || submission.value.intent !== "email") throw new Error("refused");
    expect(signUpConsents(submission.value)).toEqual({
      terms: true,
      privacy: true,
      age: true,
      marketing: false,
    });
  });

  it("reads a mobile number typed with separators and refuses one that is not a mobile number", () => {
    const ok = parseSubmission(form({ intent: "send-code", phone: "010-1234 5678" }), signUpSchema);
    expect(ok.status === "success" && ok.value).toEqual({ intent: "send-code", phone: "01012345678" });
    const bad = parseSubmission(form({ intent: "send-code", phone: "02-123-4567" }), signUpSchema);
    expect(bad.reply().error).toEqual({ phone: ["auth.error.invalid_phone"] });
  });

  it("asks for the code on the mobile step, and gives every reason of the password policy", () => {
    const submission = parseSubmission(
      form({ intent: "phone", phone: "01012345678", password: "1234", ...consents }),
      signUpSchema,
    );
    expect(submission.reply().error).toEqual({
      code: ["auth.required.code"],
      password: ["auth.weak.too_short", "auth.weak.common", "auth.weak.sequential"],
    });
  });

  it("refuses a password that contains the member's own address, and missing consents once for the form", () => {
    const submission = parseSubmission(
      form({
        intent: "email",
        email: "throttle77@example.com",
        password: "my-throttle77-ride",
        consentTerms: "on",
      }),
      signUpSchema,
    );
    expect(submission.reply().error).toEqual({
      password: ["auth.weak.contains_identifier"],
      "": ["auth.error.consent_required"],
    });
  });

  it("hides the password when it gives the form back", () => {
    const typed = form({ intent: "email", email: "rider@example.com", password: "password" });
    const reply = parseSubmission(typed, signUpSchema).reply({ hideFields: ["password"] });
    expect(reply.initialValue).toEqual({ intent: "email", email: "rider@example.com" });
  });
});
