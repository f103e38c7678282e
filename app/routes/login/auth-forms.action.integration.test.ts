import { beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { callAction, PASSWORD, signUpMember, startRouteRuntime } from "#tests/setup/route-actions";
import * as signInPage from "./index";
import * as signUpPage from "./signup";

let runtime: Runtime;

beforeAll(async () => {
  runtime = await startRouteRuntime();
});

const consents = { consentTerms: "on", consentPrivacy: "on", consentAge: "on" };

describe("/login/signup refused by its schema", () => {
  it("answers 400 with each field's message and what was typed, never the password", async () => {
    const answer = await callAction(signUpPage.action, {
      path: "/login/signup",
      form: { intent: "email", email: "rider@", password: "password", consentTerms: "on" },
      as: null,
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      lastResult: {
        status: "error",
        initialValue: { intent: "email", email: "rider@", consentTerms: "on" },
        error: { email: ["auth.error.invalid_email"], password: ["auth.weak.common"] },
      },
    });
    expect(JSON.stringify(answer.data)).not.toContain('"password":"password"');
  });

  it("refuses missing consents for the whole form, and signs up once they are given", async () => {
    const email = `schema${Date.now().toString(36)}@example.com`;
    const refused = await callAction(signUpPage.action, {
      path: "/login/signup",
      form: { intent: "email", email, password: PASSWORD, consentAge: "on" },
      as: null,
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      lastResult: { error: { "": ["auth.error.consent_required"] }, initialValue: { email } },
    });
    const joined = await callAction(signUpPage.action, {
      path: "/login/signup",
      form: { intent: "email", email, password: PASSWORD, ...consents },
      as: null,
    });
    expect(joined).toMatchObject({ outcome: "done", location: "/" });
  });

  it("keeps what was typed when the service refuses (an address already in use)", async () => {
    const taken = await signUpMember(runtime);
    const answer = await callAction(signUpPage.action, {
      path: "/en/login/signup",
      form: { intent: "email", email: taken.email, password: PASSWORD, ...consents },
      as: null,
    });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({
      error: { code: "email_in_use" },
      lastResult: { initialValue: { email: taken.email } },
    });
  });
});

describe("/login refused by its schema", () => {
  it("answers 400 naming the empty fields, the identifier kept", async () => {
    const answer = await callAction(signInPage.action, {
      path: "/login",
      form: { intent: "password", identifier: "rider@example.com" },
      as: null,
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      lastResult: {
        error: { password: ["auth.required.password"] },
        initialValue: { identifier: "rider@example.com" },
      },
    });
  });
});
