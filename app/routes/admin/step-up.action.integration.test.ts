import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { totp } from "#app/platform/auth/totp";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import {
  confirmTwoFactor,
  signIn,
  startTwoFactor,
  verifySignInCode,
} from "#app/services/auth/accounts.server";
import { authDeps } from "#app/shell/auth.server";
import { requireStaff } from "#app/shell/staff.server";
import {
  callAction,
  callLoader,
  callWithRequest,
  PASSWORD,
  refusedCallers,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as page from "./step-up";

let runtime: Runtime;
let callers: Callers;
// Near the system clock: the authentication library clears its expired values by the system clock.
const clock = new FixedClock(new Date());

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
});

/** A finance operator enrolled in two-step verification for real: the plugin checks codes against this secret. */
async function enrolledFinance(): Promise<SignedInMember & { secret: string }> {
  const signedUp = await signUpMember(runtime);
  const headers = new Headers({ cookie: signedUp.cookie });
  const { totpURI } = await startTwoFactor(authDeps(), PASSWORD, headers);
  const secret = new URL(totpURI).searchParams.get("secret")!;
  const confirmed = await confirmTwoFactor(authDeps(), totp(secret), headers);
  // Turning two-step on replaces the session.
  const cookie =
    confirmed
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .find((pair) => pair.includes("session_token=")) ?? signedUp.cookie;
  await runtime.db.update(member).set({ role: "finance" }).where(eq(member.id, signedUp.id));
  return { ...signedUp, cookie, secret };
}

/** A money page's loader, which no route has yet: the guard alone. */
const moneyPage = (as: SignedInMember | null) =>
  callWithRequest(
    async ({ request }: { request: Request }) => {
      await requireStaff(request, "manage:money");
      return "money";
    },
    new Request("http://localhost:3999/admin/payments?page=2", {
      headers: as ? { cookie: as.cookie } : {},
    }),
  );

const stepUpWith = (as: SignedInMember | null, code: string) =>
  callAction(page.action, {
    path: `/admin/step-up?redirectTo=${encodeURIComponent("/admin/payments?page=2")}`,
    form: { code },
    as,
  });

describe("money pages want the authenticator code re-entered within ten minutes", () => {
  it("refuses money pages to everyone without manage:money, the step-up page too", async () => {
    for (const [who, as, outcome] of refusedCallers(callers, "moderator")) {
      expect((await moneyPage(as)).outcome, who).toBe(outcome);
      expect((await callLoader(page.loader, { path: "/admin/step-up", as })).outcome, who).toBe(outcome);
    }
  });

  it("sends staff with manage:money to the step-up page first, then lets them in for ten minutes", async () => {
    const finance = await enrolledFinance();
    const first = await moneyPage(finance);
    expect(first.location).toBe("/admin/step-up?redirectTo=%2Fadmin%2Fpayments%3Fpage%3D2");
    expect((await moneyPage(callers.admin)).location).toMatch(/^\/admin\/step-up\?/);
    expect((await callLoader(page.loader, { path: "/admin/step-up", as: finance })).outcome).toBe("done");

    // A wrong code is refused and opens nothing.
    const wrong = await stepUpWith(finance, totp(finance.secret) === "000000" ? "111111" : "000000");
    expect(wrong.outcome).toBe("invalid");
    expect(wrong.data).toMatchObject({ error: { code: "two_factor_invalid" } });
    expect((await moneyPage(finance)).location).toMatch(/^\/admin\/step-up\?/);

    const code = totp(finance.secret);
    expect(await stepUpWith(finance, code)).toMatchObject({
      outcome: "done",
      location: "/admin/payments?page=2",
    });
    expect(await moneyPage(finance)).toMatchObject({ outcome: "done", data: "money" });
    // The same code is not accepted twice.
    expect((await stepUpWith(finance, code)).outcome).toBe("invalid");

    clock.advance(9 * 60_000);
    expect((await moneyPage(finance)).data).toBe("money");
    clock.advance(2 * 60_000);
    expect((await moneyPage(finance)).location).toMatch(/^\/admin\/step-up\?/);
  });

  it("keeps the step-up to the session that made it: another sign-in starts without it", async () => {
    const finance = await enrolledFinance();
    expect((await stepUpWith(finance, totp(finance.secret))).outcome).toBe("done");
    expect((await moneyPage(finance)).data).toBe("money");

    const sessionCookie = (headers: Headers) =>
      headers
        .getSetCookie()
        .map((line) => line.split(";")[0]!)
        .join("; ");
    const address = { [CLIENT_IP_HEADER]: "198.51.100.77" };
    const challenge = await signIn(
      authDeps(),
      { identifier: finance.email, password: PASSWORD },
      new Headers(address),
    );
    expect(challenge.twoFactor).toBe(true);
    // The code of the next 30-second step: the current one was spent on the step-up.
    const next = totp(finance.secret, Date.now() + 30_000);
    const signedIn = await verifySignInCode(
      authDeps(),
      next,
      new Headers({ ...address, cookie: sessionCookie(challenge.headers) }),
    );
    const secondDevice = { ...finance, cookie: sessionCookie(signedIn.headers) };
    expect((await moneyPage(secondDevice)).location).toMatch(/^\/admin\/step-up\?/);
    expect((await moneyPage(finance)).data).toBe("money");
  });
});
