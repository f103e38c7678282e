import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { account, member, session } from "#app/db/schema";
import { translate, type MessageKey } from "#app/i18n";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { latestOutboxMessage } from "#app/platform/messaging/outbox.server";
import type { Runtime } from "#app/platform/runtime.server";
import { createTestRuntime } from "../../../tests/setup/runtime";
import {
  rateRules,
  requestPasswordReset,
  resetPasswordWithCode,
  sendSignUpCode,
  signIn,
  signUpWithEmail,
  signUpWithPhone,
  unlinkIdentity,
  withdraw,
  type AuthDeps,
} from "./accounts.server";
import { promoteToAdmin } from "./admin.server";
import { AuthError, authErrorCodes, type AuthErrorCode } from "./errors";

let runtime: Runtime;
let deps: AuthDeps;
beforeAll(async () => {
  runtime = await createTestRuntime({ env: { ADMIN_EMAILS: "boss@example.com" } });
  deps = { ...runtime, config: runtime.config };
});

let addresses = 0;
/** A fresh client address, so that per-address limits of one test do not affect another. */
function client(cookie?: string) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: `203.0.113.${++addresses}` });
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

function sessionCookie(headers: Headers) {
  const cookie = headers.getSetCookie().find((value) => value.startsWith("motomate.session_token="));
  expect(cookie, "session cookie").toBeDefined();
  return cookie!;
}

async function refusal(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

const PASSWORD = "Saddle-Road-42!";

describe("sign-up and sign-in", () => {
  it("signs up by e-mail into an http-only session cookie of 400 days and sends a verification link", async () => {
    const result = await signUpWithEmail(
      deps,
      { email: "Rider.One@Example.com", password: PASSWORD },
      client(),
    );
    const cookie = sessionCookie(result.headers);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Max-Age=34560000");
    expect(cookie).not.toContain("Secure");
    const mail = await latestOutboxMessage(runtime.db, "rider.one@example.com", "email");
    expect(mail?.body).toMatch(/\/api\/auth\/verify-email\?token=/);
  });

  it("refuses missing, malformed, weak and taken credentials with their reasons", async () => {
    expect((await refusal(signUpWithEmail(deps, { email: "", password: "" }, client()))).code).toBe(
      "missing_credentials",
    );
    expect((await refusal(signIn(deps, { identifier: " ", password: "x" }, client()))).code).toBe(
      "missing_credentials",
    );
    expect(
      (await refusal(signUpWithEmail(deps, { email: "not-an-email", password: PASSWORD }, client()))).code,
    ).toBe("invalid_email");
    const weak = await refusal(
      signUpWithEmail(deps, { email: "weak@example.com", password: "qwer1234" }, client()),
    );
    expect(weak.code).toBe("weak_password");
    expect(weak.details.reasons).toContain("common");
    expect(
      (await refusal(signUpWithEmail(deps, { email: "rider.one@example.com", password: PASSWORD }, client())))
        .code,
    ).toBe("email_in_use");
    const [row] = await runtime.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.email, "weak@example.com"));
    expect(row).toBeUndefined();
  });

  it("creates exactly one account when two sign-ups with one e-mail race", async () => {
    const results = await Promise.allSettled([
      signUpWithEmail(deps, { email: "race@example.com", password: PASSWORD }, client()),
      signUpWithEmail(deps, { email: "race@example.com", password: PASSWORD }, client()),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: "email_in_use" });
    const rows = await runtime.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.email, "race@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("answers a wrong password and an unknown account alike, and rotates the session at sign-in", async () => {
    const signUp = await signUpWithEmail(deps, { email: "rotate@example.com", password: PASSWORD }, client());
    expect(
      (await refusal(signIn(deps, { identifier: "rotate@example.com", password: "Wrong-Pass-99" }, client())))
        .code,
    ).toBe("login_failed");
    expect(
      (await refusal(signIn(deps, { identifier: "nobody@example.com", password: PASSWORD }, client()))).code,
    ).toBe("login_failed");
    const first = await signIn(deps, { identifier: "ROTATE@example.com", password: PASSWORD }, client());
    const second = await signIn(deps, { identifier: "rotate@example.com", password: PASSWORD }, client());
    const tokens = [signUp.headers, first.headers, second.headers].map(
      (headers) => sessionCookie(headers).split(";")[0],
    );
    expect(new Set(tokens).size).toBe(3);
  });

  it("limits sign-in attempts per address and failures per account", async () => {
    await signUpWithEmail(deps, { email: "flood@example.com", password: PASSWORD }, client());
    const address = client();
    for (let attempt = 0; attempt < rateRules.signInPerAddress.limit; attempt++) {
      await signIn(deps, { identifier: `someone${attempt}@example.com`, password: "x" }, address).catch(
        () => undefined,
      );
    }
    const blocked = await refusal(
      signIn(deps, { identifier: "flood@example.com", password: PASSWORD }, address),
    );
    expect(blocked.code).toBe("too_many_requests");
    expect(blocked.details.retryAfterMs).toBeGreaterThan(0);

    for (let attempt = 0; attempt < rateRules.signInFailuresPerAccount.limit; attempt++) {
      await signIn(deps, { identifier: "flood@example.com", password: "Wrong-Pass-99" }, client()).catch(
        () => undefined,
      );
    }
    // Even the right password from a new address waits: the account is under attack.
    expect(
      (await refusal(signIn(deps, { identifier: "flood@example.com", password: PASSWORD }, client()))).code,
    ).toBe("too_many_requests");
  });
});

describe("mobile numbers", () => {
  it("signs up with the SMS code and signs in with the number", async () => {
    await sendSignUpCode(deps, "010-1234-5678", client());
    const sms = await latestOutboxMessage(runtime.db, "01012345678", "sms");
    const code = sms!.body.match(/\d{6}/)![0];
    const wrong = code === "000000" ? "111111" : "000000";
    expect(
      (
        await refusal(
          signUpWithPhone(deps, { phone: "01012345678", code: wrong, password: PASSWORD }, client()),
        )
      ).code,
    ).toBe("code_invalid");
    await signUpWithPhone(deps, { phone: "01012345678", code, password: PASSWORD }, client());
    const [row] = await runtime.db.select().from(member).where(eq(member.phoneNumber, "01012345678"));
    expect(row?.phoneNumberVerified).toBe(true);
    // The code is single-use.
    expect(
      (await refusal(signUpWithPhone(deps, { phone: "01012345679", code, password: PASSWORD }, client())))
        .code,
    ).toBe("code_invalid");
    const signedIn = await signIn(deps, { identifier: "010 1234 5678", password: PASSWORD }, client());
    sessionCookie(signedIn.headers);
    expect((await refusal(sendSignUpCode(deps, "01012345678", client()))).code).toBe("phone_in_use");
  });

  it("resets a forgotten password with an SMS code, ending the member's sessions", async () => {
    await sendSignUpCode(deps, "01055556666", client());
    const signUpCode = (await latestOutboxMessage(runtime.db, "01055556666", "sms"))!.body.match(/\d{6}/)![0];
    await signUpWithPhone(deps, { phone: "01055556666", code: signUpCode, password: PASSWORD }, client());
    await requestPasswordReset(deps, "01055556666", client());
    const code = (await latestOutboxMessage(runtime.db, "01055556666", "sms"))!.body.match(/\d{6}/)![0];
    expect(
      (await refusal(resetPasswordWithCode(deps, { phone: "01055556666", code, password: "password1" })))
        .code,
    ).toBe("weak_password");
    await resetPasswordWithCode(deps, { phone: "01055556666", code, password: "Brand-New-Clutch-5" });
    const [row] = await runtime.db.select().from(member).where(eq(member.phoneNumber, "01055556666"));
    expect(await runtime.db.select().from(session).where(eq(session.userId, row!.id))).toEqual([]);
    expect(
      (await refusal(signIn(deps, { identifier: "01055556666", password: PASSWORD }, client()))).code,
    ).toBe("login_failed");
    await signIn(deps, { identifier: "01055556666", password: "Brand-New-Clutch-5" }, client());
    // The code was used up.
    expect(
      (
        await refusal(
          resetPasswordWithCode(deps, { phone: "01055556666", code, password: "Other-New-Clutch-6" }),
        )
      ).code,
    ).toBe("code_invalid");
  });

  it("sends at most 5 codes in a row, then 'verification send count exceeded'", async () => {
    for (let send = 0; send < 5; send++) await sendSignUpCode(deps, "01099990000", client());
    expect((await refusal(sendSignUpCode(deps, "01099990000", client()))).code).toBe("send_count_exceeded");
    expect((await refusal(sendSignUpCode(deps, "0101234", client()))).code).toBe("invalid_phone");
  });
});

describe("withdrawal, sign-in methods and roles", () => {
  it("withdraws: sessions end, personal data goes, and signing in again says so", async () => {
    const signUp = await signUpWithEmail(
      deps,
      { email: "leaving@example.com", password: PASSWORD },
      client(),
    );
    const cookie = sessionCookie(signUp.headers).split(";")[0]!;
    const [row] = await runtime.db.select().from(member).where(eq(member.email, "leaving@example.com"));
    const viewer = { id: row!.id, sessionCreatedAt: new Date() };
    expect((await refusal(withdraw(deps, viewer, "Wrong-Pass-99", client(cookie)))).code).toBe(
      "wrong_password",
    );
    await withdraw(deps, viewer, PASSWORD, client(cookie));
    const [after] = await runtime.db.select().from(member).where(eq(member.id, row!.id));
    expect(after?.email).not.toContain("leaving");
    expect(after?.withdrawnAt).toBeInstanceOf(Date);
    expect(await runtime.db.select().from(session).where(eq(session.userId, row!.id))).toEqual([]);
    expect(await runtime.db.select().from(account).where(eq(account.userId, row!.id))).toEqual([]);
    expect(after?.nickname).toBeNull();
    expect(
      (await refusal(signIn(deps, { identifier: "leaving@example.com", password: PASSWORD }, client()))).code,
    ).toBe("already_withdrawn");
  });

  it("never removes the last way to sign in", async () => {
    await signUpWithEmail(deps, { email: "single@example.com", password: PASSWORD }, client());
    const [row] = await runtime.db.select().from(member).where(eq(member.email, "single@example.com"));
    expect((await refusal(unlinkIdentity(deps, row!.id, "credential"))).code).toBe("last_sign_in_method");
  });

  it("makes administrators from ADMIN_EMAILS and from the admin script's service", async () => {
    await signUpWithEmail(deps, { email: "boss@example.com", password: PASSWORD }, client());
    await signUpWithEmail(deps, { email: "helper@example.com", password: PASSWORD }, client());
    const roles = async (email: string) =>
      (await runtime.db.select({ role: member.role }).from(member).where(eq(member.email, email)))[0]?.role;
    expect(await roles("boss@example.com")).toBe("admin");
    expect(await roles("helper@example.com")).toBe("member");
    expect(await promoteToAdmin(runtime.db, "Helper@example.com")).toBe(true);
    expect(await roles("helper@example.com")).toBe("admin");
    expect(await promoteToAdmin(runtime.db, "ghost@example.com")).toBe(false);
  });
});

describe("cookies behind https", () => {
  it("are Secure and carry the __Secure- prefix", async () => {
    const secure = await createTestRuntime({ env: { PUBLIC_URL: "https://motomate.example" } });
    const result = await signUpWithEmail(
      { ...secure, config: secure.config },
      { email: "secure@example.com", password: PASSWORD },
      client(),
    );
    const cookie = result.headers
      .getSetCookie()
      .find((value) => value.startsWith("__Secure-motomate.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
  });
});

describe("messages", () => {
  it("has a Korean and an English message for every refusal", () => {
    for (const code of authErrorCodes) {
      const key = `auth.error.${code satisfies AuthErrorCode}` as MessageKey;
      const ko = translate("ko", key);
      const en = translate("en", key);
      expect(ko, code).toMatch(/[가-힣]/);
      expect(en, code).toMatch(/^[\x20-\x7E]+$/);
    }
    expect(translate("en", "auth.error.missing_credentials")).toBe(
      "You must provide either an email or phone number and a password",
    );
    expect(translate("en", "auth.error.send_count_exceeded")).toMatch(/^Verification send count exceeded/);
    expect(translate("en", "auth.error.already_withdrawn")).toMatch(
      /already been withdrawn.*contact the administrator/,
    );
  });
});
