import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meeting, member, memberCoupon, memberProfile, session } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { totp } from "#app/platform/auth/totp";
import { signIn, verifySignInCode, type AuthDeps } from "#app/services/auth/accounts.server";
import { hasRequiredConsents } from "#app/services/auth/consents.server";
import type { SeededMeeting } from "#app/services/testing/seed-meetings.server";
import type { SeededMember } from "#app/services/testing/seed-members.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { actorOf } from "#app/services/actor";
import { ChatSendQueue } from "#app/services/meetings/chat/chat-sender.server";
import { createHttpApp } from "./app";

async function serve(runtime: Runtime) {
  const app = createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function seed(base: string, body: unknown) {
  return fetch(`${base}/test/seed/member`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

function deps(runtime: Runtime): AuthDeps {
  const { auth, db, clock, messaging, config, storage } = runtime;
  return { auth, db, clock, messaging, config, storage };
}

let open: { runtime: Runtime; server: http.Server; base: string };
let closed: { runtime: Runtime; server: http.Server; base: string };

beforeAll(async () => {
  const openRuntime = await createTestRuntime({ env: { OUTBOX_PAGE: "true" } });
  open = { runtime: openRuntime, ...(await serve(openRuntime)) };
  // Production without the explicit setting: the gate is off.
  const closedRuntime = await createTestRuntime({ env: { NODE_ENV: "production" } });
  closed = { runtime: closedRuntime, ...(await serve(closedRuntime)) };
});
afterAll(async () => {
  for (const { server } of [open, closed])
    await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("POST /test/seed/member", () => {
  it("does not exist without the outbox page's setting: the path is the pages', and nobody is made", async () => {
    expect(closed.runtime.config.outboxPage).toBe(false);
    // A JSON body is none a page reads (415); a GET reaches the page.
    const response = await seed(closed.base, { role: "admin" });
    expect(response.status).toBe(415);
    expect(await closed.runtime.db.select({ id: member.id }).from(member)).toEqual([]);
    expect((await fetch(`${closed.base}/test/seed/member`)).status).toBe(418);
  });

  it("makes a member with a verified mobile, the consents, a saved profile and the first login complete", async () => {
    const response = await seed(open.base, { role: "member", nickname: "씨앗라이더" });
    expect(response.status).toBe(201);
    const seeded = (await response.json()) as SeededMember;
    expect(seeded).toMatchObject({ role: "member", nickname: "씨앗라이더" });
    expect(seeded.totpSecret).toBeUndefined();
    const [row] = await open.runtime.db.select().from(member).where(eq(member.id, seeded.id));
    expect(row).toMatchObject({
      email: seeded.email,
      nickname: "씨앗라이더",
      role: "member",
      onboarding: "welcomed",
      phoneNumber: seeded.phone,
      phoneNumberVerified: true,
      twoFactorEnabled: false,
    });
    expect(await hasRequiredConsents(open.runtime.db, seeded.id)).toBe(true);
    const profiles = await open.runtime.db
      .select({ userId: memberProfile.userId })
      .from(memberProfile)
      .where(eq(memberProfile.userId, seeded.id));
    expect(profiles).toHaveLength(1);
    // The answer's password is the member's: signing in takes it, with no second step.
    const headers = new Headers({ [CLIENT_IP_HEADER]: "192.0.2.10" });
    const signedIn = await signIn(
      deps(open.runtime),
      { identifier: seeded.email, password: seeded.password },
      headers,
    );
    expect(signedIn.twoFactor).toBe(false);
  });

  it("makes an administrator with two-step verification on, whose secret makes the sign-in codes", async () => {
    const response = await seed(open.base, { role: "admin" });
    expect(response.status).toBe(201);
    const seeded = (await response.json()) as SeededMember;
    expect(seeded.totpSecret).toMatch(/^[A-Z2-7]+=*$/);
    const [row] = await open.runtime.db.select().from(member).where(eq(member.id, seeded.id));
    expect(row).toMatchObject({ role: "admin", twoFactorEnabled: true, onboarding: "welcomed" });

    const address = new Headers({ [CLIENT_IP_HEADER]: "192.0.2.11" });
    const first = await signIn(
      deps(open.runtime),
      { identifier: seeded.email, password: seeded.password },
      address,
    );
    expect(first.twoFactor).toBe(true);
    const challenge = new Headers(address);
    challenge.set(
      "cookie",
      first.headers
        .getSetCookie()
        .map((line) => line.split(";")[0]!)
        .join("; "),
    );
    const second = await verifySignInCode(deps(open.runtime), totp(seeded.totpSecret!), challenge);
    expect(second.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(true);
  });

  it("answers the session to browse with when asked, an administrator's past two-step verification, and ends it otherwise", async () => {
    const sessionsOf = (id: string) =>
      open.runtime.db.select({ id: session.id }).from(session).where(eq(session.userId, id));
    for (const role of ["member", "admin"] as const) {
      const seeded = (await (await seed(open.base, { role, signedIn: true })).json()) as SeededMember;
      expect(seeded.session?.name).toMatch(/session_token$/);
      const headers = new Headers({ cookie: `${seeded.session!.name}=${seeded.session!.value}` });
      const current = await open.runtime.auth.api.getSession({ headers });
      expect(current?.user.id, role).toBe(seeded.id);
      expect(await sessionsOf(seeded.id)).toHaveLength(1);
    }
    const signedOut = (await (await seed(open.base, { role: "admin" })).json()) as SeededMember;
    expect(signedOut.session).toBeUndefined();
    expect(await sessionsOf(signedOut.id)).toEqual([]);
  });

  it("refuses a body it does not know with 400, making nobody", async () => {
    const before = await open.runtime.db.select({ id: member.id }).from(member);
    for (const body of [{ role: "owner" }, { role: "member", password: "chosen" }])
      expect((await seed(open.base, body)).status, JSON.stringify(body)).toBe(400);
    const malformed = await fetch(`${open.base}/test/seed/member`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
    expect(await open.runtime.db.select({ id: member.id }).from(member)).toHaveLength(before.length);
  });
});

describe("POST /test/seed/meeting", () => {
  const post = (base: string, body: unknown) =>
    fetch(`${base}/test/seed/meeting`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("opens a meeting as a rider's request of the kind does, reserved when asked, and only behind the gate", async () => {
    const [rider, expert] = await Promise.all(
      [0, 1].map(async () => (await (await seed(open.base, { role: "member" })).json()) as SeededMember),
    );
    const sides = { requesterId: rider!.id, providerId: expert!.id };
    expect((await fetch(`${closed.base}/test/seed/meeting`)).status).toBe(418);
    expect((await post(closed.base, { ...sides, kind: "repair" })).status).not.toBe(201);
    const response = await post(open.base, { ...sides, kind: "repair", reserved: true });
    expect(response.status).toBe(201);
    const seeded = (await response.json()) as SeededMeeting;
    expect(seeded).toMatchObject({
      chatPath: `/meeting/repair/chat?room=${seeded.code}`,
      request: { model: "혼다 PCX 125", repairOption: "engineOil" },
    });
    const [row] = await open.runtime.db.select().from(meeting).where(eq(meeting.id, seeded.id));
    expect(row).toMatchObject({ ...sides, kind: "repair", status: "reserved", request: seeded.request });
    expect(row!.appointmentAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await post(open.base, { ...sides, kind: "tow" })).status).toBe(400);
  });
});

describe("POST /test/seed/coupon", () => {
  const post = (base: string, body: unknown) =>
    fetch(`${base}/test/seed/coupon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("gives a member a coupon of the kinds named, only behind the gate", async () => {
    const rider = (await (await seed(open.base, { role: "member" })).json()) as SeededMember;
    const body = { memberId: rider.id, name: "픽업 쿠폰", value: 5_000, meetingKinds: ["pickup"] };
    expect((await post(closed.base, body)).status).not.toBe(201);
    const response = await post(open.base, body);
    expect(response.status).toBe(201);
    const { memberCouponId } = (await response.json()) as { memberCouponId: number };
    const [held] = await open.runtime.db
      .select()
      .from(memberCoupon)
      .where(eq(memberCoupon.id, memberCouponId));
    expect(held).toMatchObject({ memberId: rider.id, usedAt: null });
    expect((await post(open.base, { ...body, value: 0 })).status).toBe(400);
  });
});

describe("/test/realtime/stages", () => {
  it("answers where this process's chat texts spent their time since the reset, only behind the gate", async () => {
    const stages = () => fetch(`${open.base}/test/realtime/stages`).then((response) => response.json());
    const reset = () => fetch(`${open.base}/test/realtime/stages/reset`, { method: "POST" });
    expect((await fetch(`${closed.base}/test/realtime/stages`)).status).toBe(418);
    expect((await reset()).status).toBe(204);
    expect(await stages()).toMatchObject({
      queuedMs: { count: 0 },
      unitMs: { count: 0 },
      batchTexts: { count: 0 },
    });

    const [rider, expert] = await Promise.all(
      [0, 1].map(async () => (await (await seed(open.base, { role: "member" })).json()) as SeededMember),
    );
    const response = await fetch(`${open.base}/test/seed/meeting`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ requesterId: rider!.id, providerId: expert!.id, kind: "repair" }),
    });
    const { code } = (await response.json()) as SeededMeeting;
    const queue = new ChatSendQueue(open.runtime.db, open.runtime.clock);
    const actor = actorOf({ id: rider!.id, role: "member", twoFactorEnabled: false });
    await Promise.all(
      [1, 2, 3].map((n) => queue.send(actor, { code, clientId: `stages-${n}-abcdef`, text: `단계 ${n}` })),
    );
    const figures = (await stages()) as Record<string, { count: number; p50: number; max: number }>;
    // Three texts, each timed in the queue and in its unit; the units' sizes add up to three.
    expect(figures.queuedMs!.count).toBe(3);
    expect(figures.unitMs!.count).toBe(3);
    expect(figures.unitMs!.p50).toBeGreaterThan(0);
    expect(figures.batchTexts!.max).toBeLessThanOrEqual(3);
    await reset();
    expect(await stages()).toMatchObject({ queuedMs: { count: 0 } });
  });
});
