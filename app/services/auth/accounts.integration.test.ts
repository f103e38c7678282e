import { DomainError } from "#app/services/errors";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { account, member, memberSanction, session } from "#app/db/schema";
import { translate } from "#app/i18n";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { latestOutboxMessage } from "#app/platform/messaging/outbox.server";
import type { Runtime } from "#app/platform/runtime.server";
import { FixedClock } from "#app/platform/clock.server";
import { DAY_MS } from "#app/platform/seoul-calendar";
import { createTestRuntime } from "#tests/setup/runtime";
import { totp } from "#tests/setup/totp";
import {
  confirmTwoFactor,
  rateRules,
  requestPasswordReset,
  resetPasswordWithCode,
  sendSignUpCode,
  signIn,
  signUpWithEmail,
  signUpWithPhone,
  startTwoFactor,
  unlinkIdentity,
  verifySignInCode,
  withdraw,
  type AuthDeps,
} from "./accounts.server";
import { hasRequiredConsents, recordConsents } from "./consents.server";
import { DEVICE_COOKIE } from "./device-cookie.server";
import { promoteToAdmin } from "./admin.server";
import { authErrors } from "./errors";
import { joiningConsents } from "#tests/setup/consents";
import { sendProfileMobileCode, verifyProfileMobile } from "../members/mobile.server";

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

/** The cookies a response sets, as a browser would send them back. */
function cookiesOf(headers: Headers) {
  return headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

function deviceCookieOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
  expect(cookie, "device cookie").toBeDefined();
  return cookie!.split(";")[0]!;
}

function sessionCookie(headers: Headers) {
  const cookie = headers.getSetCookie().find((value) => value.startsWith("motomate.session_token="));
  expect(cookie, "session cookie").toBeDefined();
  return cookie!;
}

async function refusal(promise: Promise<unknown>): Promise<DomainError<"auth">> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError<"auth">;
}

const PASSWORD = "Saddle-Road-42!";

describe("sign-up and sign-in", () => {
  it("signs up by e-mail into an http-only session cookie of 400 days and sends a verification link", async () => {
    const result = await signUpWithEmail(
      deps,
      { email: "Rider.One@Example.com", password: PASSWORD, consents: joiningConsents },
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
    expect(
      (await refusal(signUpWithEmail(deps, { email: "", password: "", consents: joiningConsents }, client())))
        .code,
    ).toBe("missing_credentials");
    expect((await refusal(signIn(deps, { identifier: " ", password: "x" }, client()))).code).toBe(
      "missing_credentials",
    );
    expect(
      (
        await refusal(
          signUpWithEmail(
            deps,
            { email: "not-an-email", password: PASSWORD, consents: joiningConsents },
            client(),
          ),
        )
      ).code,
    ).toBe("invalid_email");
    const weak = await refusal(
      signUpWithEmail(
        deps,
        { email: "weak@example.com", password: "qwer1234", consents: joiningConsents },
        client(),
      ),
    );
    expect(weak.code).toBe("weak_password");
    expect(weak.details.reasons).toContain("common");
    expect(
      (
        await refusal(
          signUpWithEmail(
            deps,
            { email: "rider.one@example.com", password: PASSWORD, consents: joiningConsents },
            client(),
          ),
        )
      ).code,
    ).toBe("email_in_use");
    const [row] = await runtime.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.email, "weak@example.com"));
    expect(row).toBeUndefined();
  });

  it(
    "creates exactly one account when two sign-ups with one e-mail race",
    { tags: ["concurrency"] },
    async () => {
      const results = await Promise.allSettled([
        signUpWithEmail(
          deps,
          { email: "race@example.com", password: PASSWORD, consents: joiningConsents },
          client(),
        ),
        signUpWithEmail(
          deps,
          { email: "race@example.com", password: PASSWORD, consents: joiningConsents },
          client(),
        ),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const failed = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(failed.reason).toMatchObject({ code: "email_in_use" });
      const rows = await runtime.db
        .select({ id: member.id })
        .from(member)
        .where(eq(member.email, "race@example.com"));
      expect(rows).toHaveLength(1);
    },
  );

  it("answers a wrong password and an unknown account alike, and rotates the session at sign-in", async () => {
    const signUp = await signUpWithEmail(
      deps,
      { email: "rotate@example.com", password: PASSWORD, consents: joiningConsents },
      client(),
    );
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
    await signUpWithEmail(
      deps,
      { email: "flood@example.com", password: PASSWORD, consents: joiningConsents },
      client(),
    );
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

/** A member who signed up by e-mail and verified a mobile number too. */
async function memberWithEmailAndPhone(email: string, phone: string) {
  await signUpWithEmail(deps, { email, password: PASSWORD, consents: joiningConsents }, client());
  await runtime.db
    .update(member)
    .set({ phoneNumber: phone, phoneNumberVerified: true })
    .where(eq(member.email, email));
}

describe("sign-in limits", () => {
  it("counts wrong passwords per account, whichever of its identifiers was typed", async () => {
    await memberWithEmailAndPhone("both@example.com", "01070001000");
    const { limit } = rateRules.signInFailuresPerAccount;
    for (let attempt = 0; attempt < limit; attempt++) {
      const identifier = attempt % 2 === 0 ? "both@example.com" : "010-7000-1000";
      expect((await refusal(signIn(deps, { identifier, password: "Wrong-Pass-99" }, client()))).code).toBe(
        "login_failed",
      );
    }
    for (const identifier of ["01070001000", "both@example.com"]) {
      expect((await refusal(signIn(deps, { identifier, password: PASSWORD }, client()))).code).toBe(
        "too_many_requests",
      );
    }
  });

  it("keeps a locked account open to the browser its owner signed in with before", async () => {
    const owner = await signIn(
      deps,
      { identifier: (await signUpOwner("owner@example.com")).email, password: PASSWORD },
      client(),
    );
    const device = deviceCookieOf(owner.headers);
    const other = deviceCookieOf(
      (
        await signUpWithEmail(
          deps,
          { email: "neighbour@example.com", password: PASSWORD, consents: joiningConsents },
          client(),
        )
      ).headers,
    );

    for (let attempt = 0; attempt < rateRules.signInFailuresPerAccount.limit; attempt++) {
      await refusal(
        signIn(deps, { identifier: "owner@example.com", password: `Guess-${attempt}-x` }, client()),
      );
    }
    const attacker = { identifier: "owner@example.com", password: PASSWORD };
    expect((await refusal(signIn(deps, attacker, client()))).code).toBe("too_many_requests");
    // A forged cookie and another account's cookie are no better than none.
    const forged = `${device.slice(0, -4)}${device.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    expect((await refusal(signIn(deps, attacker, client(forged)))).code).toBe("too_many_requests");
    expect((await refusal(signIn(deps, attacker, client(other)))).code).toBe("too_many_requests");

    const again = await signIn(deps, attacker, client(device));
    sessionCookie(again.headers);
    // The trusted browser has a small budget of its own.
    const renewed = deviceCookieOf(again.headers);
    for (let attempt = 0; attempt < rateRules.signInFailuresPerDevice.limit; attempt++) {
      expect(
        (
          await refusal(
            signIn(deps, { identifier: "owner@example.com", password: "Wrong-Pass-99" }, client(renewed)),
          )
        ).code,
      ).toBe("login_failed");
    }
    expect((await refusal(signIn(deps, attacker, client(renewed)))).code).toBe("too_many_requests");
    sessionCookie((await signIn(deps, attacker, client(device))).headers);
  });

  it("does the work of one password check for unknown e-mails and numbers, as for known ones", async () => {
    await memberWithEmailAndPhone("timing@example.com", "01070002000");
    const context = await deps.auth.$context;
    // The stand-in hash is made once per process: make it before counting.
    await refusal(signIn(deps, { identifier: "warm-up@example.com", password: "Wrong-Pass-99" }, client()));
    const hash = vi.spyOn(context.password, "hash");
    const verify = vi.spyOn(context.password, "verify");
    const hashings = async (identifier: string) => {
      hash.mockClear();
      verify.mockClear();
      expect((await refusal(signIn(deps, { identifier, password: "Wrong-Pass-99" }, client()))).code).toBe(
        "login_failed",
      );
      return hash.mock.calls.length + verify.mock.calls.length;
    };
    try {
      expect({
        knownEmail: await hashings("timing@example.com"),
        unknownEmail: await hashings("nobody-at-all@example.com"),
        knownPhone: await hashings("01070002000"),
        unknownPhone: await hashings("010-7000-2999"),
      }).toEqual({ knownEmail: 1, unknownEmail: 1, knownPhone: 1, unknownPhone: 1 });
    } finally {
      hash.mockRestore();
      verify.mockRestore();
    }
  });
});

async function signUpOwner(email: string) {
  await signUpWithEmail(deps, { email, password: PASSWORD, consents: joiningConsents }, client());
  return { email };
}

/** Signs up and turns two-step verification on; answers the authenticator secret. */
async function memberWithTwoFactor(email: string) {
  const signedUp = await signUpWithEmail(
    deps,
    { email, password: PASSWORD, consents: joiningConsents },
    client(),
  );
  const session = cookiesOf(signedUp.headers);
  const { totpURI } = await startTwoFactor(deps, PASSWORD, client(session));
  const secret = new URL(totpURI).searchParams.get("secret")!;
  await confirmTwoFactor(deps, totp(secret), client(session));
  return secret;
}

/** A fresh two-step challenge: the password step of a new sign-in. */
async function challenge(email: string) {
  const first = await signIn(deps, { identifier: email, password: PASSWORD }, client());
  expect(first.twoFactor).toBe(true);
  return cookiesOf(first.headers);
}

describe("two-step verification at sign-in", () => {
  it("limits wrong codes per account across fresh challenges", async () => {
    const secret = await memberWithTwoFactor("otp-guess@example.com");
    const wrong = () => (totp(secret) === "000000" ? "111111" : "000000");
    for (let attempt = 0; attempt < rateRules.twoFactorFailuresPerAccount.limit; attempt++) {
      const cookie = await challenge("otp-guess@example.com");
      expect((await refusal(verifySignInCode(deps, wrong(), client(cookie)))).code).toBe(
        "two_factor_invalid",
      );
    }
    const cookie = await challenge("otp-guess@example.com");
    const locked = await refusal(verifySignInCode(deps, totp(secret), client(cookie)));
    expect(locked.code).toBe("too_many_requests");
    expect(locked.details.retryAfterMs).toBeGreaterThan(0);
  });

  it("accepts an authenticator code once, and trusts the browser afterwards", async () => {
    const secret = await memberWithTwoFactor("otp-replay@example.com");
    const code = totp(secret);
    const signedIn = await verifySignInCode(deps, code, client(await challenge("otp-replay@example.com")));
    sessionCookie(signedIn.headers);
    expect(
      (await refusal(verifySignInCode(deps, code, client(await challenge("otp-replay@example.com"))))).code,
    ).toBe("two_factor_invalid");
    deviceCookieOf(signedIn.headers);
    // The next code from the app works.
    const next = await verifySignInCode(
      deps,
      totp(secret, Date.now() + 30_000),
      client(await challenge("otp-replay@example.com")),
    );
    sessionCookie(next.headers);
  });

  it("takes the code while the application's clock runs ahead of the system's (a moved test clock)", async () => {
    const secret = await memberWithTwoFactor("otp-ahead@example.com");
    const ahead = { ...deps, clock: new FixedClock(new Date(Date.now() + 2 * DAY_MS)) };
    const first = await signIn(ahead, { identifier: "otp-ahead@example.com", password: PASSWORD }, client());
    expect(first.twoFactor).toBe(true);
    const signedIn = await verifySignInCode(ahead, totp(secret), client(cookiesOf(first.headers)));
    sessionCookie(signedIn.headers);
  });

  it("refuses a member suspended since the password step at the right code only, and says until when", async () => {
    const secret = await memberWithTwoFactor("otp-suspended@example.com");
    const cookie = await challenge("otp-suspended@example.com");
    const [owner] = await runtime.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.email, "otp-suspended@example.com"));
    const until = new Date(Date.now() + 3 * DAY_MS);
    await runtime.db.insert(memberSanction).values({
      memberId: owner!.id,
      kind: "suspension",
      reason: "test",
      startsAt: new Date(Date.now() - 1000),
      endsAt: until,
      createdAt: new Date(),
    });
    const sessions = () =>
      runtime.db.select({ id: session.id }).from(session).where(eq(session.userId, owner!.id));
    const before = await sessions();
    const wrong = totp(secret) === "000000" ? "111111" : "000000";
    expect((await refusal(verifySignInCode(deps, wrong, client(cookie)))).code).toBe("two_factor_invalid");
    const refused = await refusal(verifySignInCode(deps, totp(secret), client(cookie)));
    expect(refused.code).toBe("suspended");
    expect(refused.details.until).toEqual(until);
    // No session was given.
    expect(await sessions()).toEqual(before);
  });

  it("refuses a code without a challenge", async () => {
    expect((await refusal(verifySignInCode(deps, "123456", client()))).code).toBe("two_factor_invalid");
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
          signUpWithPhone(
            deps,
            { phone: "01012345678", code: wrong, password: PASSWORD, consents: joiningConsents },
            client(),
          ),
        )
      ).code,
    ).toBe("code_invalid");
    await signUpWithPhone(
      deps,
      { phone: "01012345678", code, password: PASSWORD, consents: joiningConsents },
      client(),
    );
    const [row] = await runtime.db.select().from(member).where(eq(member.phoneNumber, "01012345678"));
    expect(row?.phoneNumberVerified).toBe(true);
    // The code is single-use.
    expect(
      (
        await refusal(
          signUpWithPhone(
            deps,
            { phone: "01012345679", code, password: PASSWORD, consents: joiningConsents },
            client(),
          ),
        )
      ).code,
    ).toBe("code_invalid");
    const signedIn = await signIn(deps, { identifier: "010 1234 5678", password: PASSWORD }, client());
    sessionCookie(signedIn.headers);
  });

  it("answers a code request for a registered number like any other; the text tells the holder to sign in", async () => {
    await sendSignUpCode(deps, "01033334444", client());
    const code = (await latestOutboxMessage(runtime.db, "01033334444", "sms"))!.body.match(/\d{6}/)![0];
    await signUpWithPhone(
      deps,
      { phone: "01033334444", code, password: PASSWORD, consents: joiningConsents },
      client(),
    );

    await expect(sendSignUpCode(deps, "010-3333-4444", client())).resolves.toBeUndefined();
    const notice = (await latestOutboxMessage(runtime.db, "01033334444", "sms"))!.body;
    expect(notice).toContain(translate("ko", "auth.sms.registered"));
    expect(notice).toContain(translate("en", "auth.sms.registered"));
    expect(notice).not.toMatch(/\d{6}/);
    // Signing up with it fails as a wrong code would.
    expect(
      (
        await refusal(
          signUpWithPhone(
            deps,
            { phone: "01033334444", code: "123456", password: PASSWORD, consents: joiningConsents },
            client(),
          ),
        )
      ).code,
    ).toBe("code_invalid");

    await expect(sendSignUpCode(deps, "010 3333 4445", client())).resolves.toBeUndefined();
    const other = (await latestOutboxMessage(runtime.db, "01033334445", "sms"))!.body;
    expect(other).toMatch(/\d{6}/);
    expect(other).not.toContain(translate("ko", "auth.sms.registered"));
  });

  it("resets a forgotten password with an SMS code, ending the member's sessions", async () => {
    await sendSignUpCode(deps, "01055556666", client());
    const signUpCode = (await latestOutboxMessage(runtime.db, "01055556666", "sms"))!.body.match(/\d{6}/)![0];
    await signUpWithPhone(
      deps,
      { phone: "01055556666", code: signUpCode, password: PASSWORD, consents: joiningConsents },
      client(),
    );
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

  it("answers a profile's code request for a number another account holds like any other", async () => {
    await sendSignUpCode(deps, "01044445555", client());
    const code = (await latestOutboxMessage(runtime.db, "01044445555", "sms"))!.body.match(/\d{6}/)![0];
    await signUpWithPhone(
      deps,
      { phone: "01044445555", code, password: PASSWORD, consents: joiningConsents },
      client(),
    );
    await signUpWithEmail(
      deps,
      { email: "mobile-profile@example.com", password: PASSWORD, consents: joiningConsents },
      client(),
    );
    const [joiner] = await runtime.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.email, "mobile-profile@example.com"));

    await expect(sendProfileMobileCode(deps, joiner!.id, "010-4444-5555", client())).resolves.toBeUndefined();
    const notice = (await latestOutboxMessage(runtime.db, "01044445555", "sms"))!.body;
    expect(notice).toContain(translate("ko", "auth.sms.registered"));
    expect(notice).not.toMatch(/\d{6}/);
    expect((await refusal(verifyProfileMobile(deps, joiner!.id, "01044445555", "123456"))).code).toBe(
      "code_invalid",
    );

    await expect(sendProfileMobileCode(deps, joiner!.id, "010 4444 5556", client())).resolves.toBeUndefined();
    const own = (await latestOutboxMessage(runtime.db, "01044445556", "sms"))!.body.match(/\d{6}/)![0];
    expect(await verifyProfileMobile(deps, joiner!.id, "01044445556", own)).toBe("01044445556");
  });

  it("sends at most 5 codes in a row, then 'verification send count exceeded'", async () => {
    for (let send = 0; send < 5; send++) await sendSignUpCode(deps, "01099990000", client());
    expect((await refusal(sendSignUpCode(deps, "01099990000", client()))).code).toBe("send_count_exceeded");
    expect((await refusal(sendSignUpCode(deps, "0101234", client()))).code).toBe("invalid_phone");
  });
});

describe("consents at sign-up", () => {
  const consentTimes = async (email: string) => {
    const [row] = await runtime.db
      .select({
        terms: member.termsAgreedAt,
        privacy: member.privacyAgreedAt,
        age: member.ageConfirmedAt,
        marketing: member.marketingAgreedAt,
      })
      .from(member)
      .where(eq(member.email, email));
    return row;
  };

  it("refuses a sign-up without every required box, creating nothing", async () => {
    for (const missing of ["terms", "privacy", "age"] as const) {
      const consents = { ...joiningConsents, marketing: true, [missing]: false };
      const refused = await refusal(
        signUpWithEmail(deps, { email: "undecided@example.com", password: PASSWORD, consents }, client()),
      );
      expect(refused.code).toBe("consent_required");
    }
    expect(await consentTimes("undecided@example.com")).toBeUndefined();

    await sendSignUpCode(deps, "01070003000", client());
    const code = (await latestOutboxMessage(runtime.db, "01070003000", "sms"))!.body.match(/\d{6}/)![0];
    const phoneSignUp = { phone: "01070003000", code, password: PASSWORD };
    expect(
      (
        await refusal(
          signUpWithPhone(deps, { ...phoneSignUp, consents: { ...joiningConsents, age: false } }, client()),
        )
      ).code,
    ).toBe("consent_required");
    // The code was not spent on the refusal.
    await signUpWithPhone(deps, { ...phoneSignUp, consents: joiningConsents }, client());
  });

  it("stores when each consent was given; marketing only when ticked", async () => {
    await signUpWithEmail(
      deps,
      { email: "no-news@example.com", password: PASSWORD, consents: joiningConsents },
      client(),
    );
    const quiet = await consentTimes("no-news@example.com");
    expect(quiet?.terms).toBeInstanceOf(Date);
    expect(quiet?.privacy).toEqual(quiet?.terms);
    expect(quiet?.age).toEqual(quiet?.terms);
    expect(quiet?.marketing).toBeNull();

    await signUpWithEmail(
      deps,
      { email: "news@example.com", password: PASSWORD, consents: { ...joiningConsents, marketing: true } },
      client(),
    );
    const keen = await consentTimes("news@example.com");
    expect(keen?.marketing).toBeInstanceOf(Date);
    expect(keen?.marketing).toEqual(keen?.terms);
  });

  it("records the consents of a member who joined through a provider, once", async () => {
    const id = "social-joiner";
    await runtime.db.insert(member).values({
      id,
      name: "social",
      email: "social@example.com",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(await hasRequiredConsents(runtime.db, id)).toBe(false);
    await expect(
      recordConsents(runtime.db, new Date(), id, { ...joiningConsents, privacy: false }),
    ).rejects.toMatchObject({ code: "consent_required" });
    const first = new Date("2026-11-21T01:00:00Z");
    await recordConsents(runtime.db, first, id, { ...joiningConsents, marketing: true });
    await recordConsents(runtime.db, new Date("2026-11-22T01:00:00Z"), id, joiningConsents);
    expect(await hasRequiredConsents(runtime.db, id)).toBe(true);
    expect(await consentTimes("social@example.com")).toEqual({
      terms: first,
      privacy: first,
      age: first,
      marketing: first,
    });
  });
});

describe("withdrawal, sign-in methods and roles", () => {
  it("withdraws: sessions end, personal data goes, and signing in again says so", async () => {
    const signUp = await signUpWithEmail(
      deps,
      { email: "leaving@example.com", password: PASSWORD, consents: joiningConsents },
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
    await signUpWithEmail(
      deps,
      { email: "single@example.com", password: PASSWORD, consents: joiningConsents },
      client(),
    );
    const [row] = await runtime.db.select().from(member).where(eq(member.email, "single@example.com"));
    expect((await refusal(unlinkIdentity(deps, row!.id, "credential"))).code).toBe("last_sign_in_method");
  });

  it("makes administrators from ADMIN_EMAILS and staff of any role from the admin script's service", async () => {
    await signUpWithEmail(
      deps,
      { email: "boss@example.com", password: PASSWORD, consents: joiningConsents },
      client(),
    );
    await signUpWithEmail(
      deps,
      { email: "helper@example.com", password: PASSWORD, consents: joiningConsents },
      client(),
    );
    const roles = async (email: string) =>
      (await runtime.db.select({ role: member.role }).from(member).where(eq(member.email, email)))[0]?.role;
    expect(await roles("boss@example.com")).toBe("admin");
    expect(await roles("helper@example.com")).toBe("member");
    expect(await promoteToAdmin(runtime.db, runtime.clock, "Helper@example.com")).toBe(true);
    expect(await roles("helper@example.com")).toBe("admin");
    // `--role` gives the other staff roles; an administrator can be made a moderator and back.
    expect(await promoteToAdmin(runtime.db, runtime.clock, "helper@example.com", "moderator")).toBe(true);
    expect(await roles("helper@example.com")).toBe("moderator");
    expect(await promoteToAdmin(runtime.db, runtime.clock, "helper@example.com", "finance")).toBe(true);
    expect(await roles("helper@example.com")).toBe("finance");
    expect(await promoteToAdmin(runtime.db, runtime.clock, "ghost@example.com")).toBe(false);
  });
});

describe("cookies behind https", () => {
  it("are Secure and carry the __Secure- prefix", async () => {
    const secure = await createTestRuntime({ env: { PUBLIC_URL: "https://motomate.example" } });
    const result = await signUpWithEmail(
      { ...secure, config: secure.config },
      { email: "secure@example.com", password: PASSWORD, consents: joiningConsents },
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
    for (const [code, { messageKey }] of Object.entries(authErrors)) {
      const ko = translate("ko", messageKey);
      const en = translate("en", messageKey);
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
