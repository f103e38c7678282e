import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerTransaction, member, memberProfile, transitionLog } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { welcomeGrantKey } from "#app/services/ledger/posting.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { action, loader } from "./welcome";
import { joiningConsents } from "#tests/setup/consents";
import { callAction, signUpMember } from "#tests/setup/route-actions";

let runtime: Runtime;
let cookie: string;
let userId: string;
beforeAll(async () => {
  runtime = await createTestRuntime({ env: { WELCOME_POINTS: "3000" } });
  setRuntime(runtime);
  const signedUp = await signUpWithEmail(
    { ...runtime, config: runtime.config },
    { email: "welcome@example.com", password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: "203.0.113.9" }),
  );
  cookie = signedUp.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const [row] = await runtime.db.select().from(member).where(eq(member.email, "welcome@example.com"));
  userId = row!.id;
  await runtime.db.insert(memberProfile).values({
    userId,
    introduction: "주말 라이더",
    ridingYears: 3,
    birthDate: "1990-05-01",
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await runtime.db.update(member).set({ onboarding: "profile_saved" }).where(eq(member.id, userId));
});
afterAll(() => setRuntime(undefined));

function request(method: "GET" | "POST") {
  return new Request(`${runtime.config.publicUrl}/login/welcome`, {
    method,
    headers: {
      cookie,
      origin: runtime.config.publicUrl,
      ...(method === "POST" && { "content-type": "application/x-www-form-urlencoded" }),
    },
    body: method === "POST" ? "" : undefined,
  });
}

const args = (method: "GET" | "POST") =>
  ({ request: request(method), params: {}, context: new RouterContextProvider() }) as never;

async function welcomeGrants() {
  return runtime.db
    .select({ id: ledgerTransaction.id })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.idempotencyKey, welcomeGrantKey(userId)));
}

describe("the welcome page", () => {
  it("grants nothing when it is opened, however often", async () => {
    for (let visit = 0; visit < 3; visit++) {
      expect(await loader(args("GET"))).toMatchObject({ offers: true, amount: "3,000" });
    }
    expect(await welcomeGrants()).toEqual([]);
    const [row] = await runtime.db.select().from(member).where(eq(member.id, userId));
    expect(row?.onboarding).toBe("profile_saved");
  });

  it("grants the points once when its button is pressed, and completes the first login", async () => {
    expect(await action(args("POST"))).toEqual({ granted: true });
    expect(await action(args("POST"))).toEqual({ granted: false });
    expect(await welcomeGrants()).toHaveLength(1);
    const [row] = await runtime.db.select().from(member).where(eq(member.id, userId));
    expect(row?.onboarding).toBe("welcomed");
    // The one step taken is logged once, as the member's own; the repeated press took none.
    const logged = await runtime.db
      .select({ from: transitionLog.fromState, to: transitionLog.toState, actorId: transitionLog.actorId })
      .from(transitionLog)
      .where(and(eq(transitionLog.machine, "onboarding"), eq(transitionLog.subjectId, userId)));
    expect(logged).toEqual([{ from: "profile_saved", to: "welcomed", actorId: userId }]);
  });
});

describe("who the welcome button acts for", () => {
  it("sends a visitor to sign in, and a member whose profile is not saved to the profile page, changing nothing", async () => {
    expect((await callAction(action, { path: "/login/welcome", as: null })).outcome).toBe("sign-in");
    const early = await signUpMember(runtime, { profileComplete: false });
    expect((await callAction(action, { path: "/login/welcome", as: early })).outcome).toBe("first-login");
    const [row] = await runtime.db.select().from(member).where(eq(member.id, early.id));
    expect(row?.onboarding).toBe("signed_up");
    const logged = await runtime.db.select().from(transitionLog).where(eq(transitionLog.subjectId, early.id));
    expect(logged).toEqual([]);
  });
});
