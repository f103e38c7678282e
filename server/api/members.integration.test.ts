import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { joiningConsents } from "#tests/setup/consents";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertMember } from "#tests/setup/members";
import { createHttpApp } from "../app";

let base: string;
let server: http.Server;
let runtime: Runtime;

beforeAll(async () => {
  runtime = await createTestRuntime();
  const app = createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A signed-up member with a complete profile, and their session cookie. */
async function signedIn() {
  const email = `menu${Date.now().toString(36)}@example.com`;
  const signedUp = await signUpWithEmail(
    runtime,
    { email, password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: "203.0.113.77" }),
  );
  const cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  await runtime.db
    .update(member)
    .set({ nickname: "메뉴라이더", onboarding: "welcomed" })
    .where(eq(member.email, email));
  const [row] = await runtime.db.select({ id: member.id }).from(member).where(eq(member.email, email));
  return { cookie, id: row!.id };
}

async function call(method: string, path: string, cookie?: string, body?: unknown) {
  const response = await fetch(`${base}/api${path}?lang=ko`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("member menu API", () => {
  it("tells, toggles and reports the viewer's relation to a member; visitors must sign in", async () => {
    const viewer = await signedIn();
    const other = await insertMember(runtime.db);
    const path = `/members/${other.id}`;

    expect(await call("GET", `${path}/relation`)).toMatchObject({
      status: 401,
      body: { error: { code: "login_required" } },
    });
    expect(await call("GET", `${path}/relation`, viewer.cookie)).toEqual({
      status: 200,
      body: { blinded: false, pinned: false },
    });

    expect(await call("POST", `${path}/pin`, viewer.cookie)).toEqual({
      status: 200,
      body: { blinded: false, pinned: true, message: "회원을 고정했습니다." },
    });
    expect(await call("POST", `${path}/pin`, viewer.cookie)).toMatchObject({
      status: 409,
      body: { error: { code: "already_pinned", message: "이미 고정한 회원입니다." } },
    });
    expect(await call("POST", `${path}/blind`, viewer.cookie)).toMatchObject({
      status: 200,
      body: { blinded: true, pinned: true },
    });
    expect(await call("DELETE", `${path}/pin`, viewer.cookie)).toMatchObject({ body: { pinned: false } });
    expect(await call("DELETE", `${path}/blind`, viewer.cookie)).toEqual({
      status: 200,
      body: { blinded: false, pinned: false, message: "회원 숨김을 해제했습니다." },
    });
    expect(await call("POST", `/members/${viewer.id}/blind`, viewer.cookie)).toMatchObject({ status: 403 });
    expect(await call("POST", `/members/nobody/pin`, viewer.cookie)).toMatchObject({ status: 404 });

    expect(await call("POST", `${path}/report`, viewer.cookie, { reason: "사기 의심" })).toEqual({
      status: 201,
      body: { reported: true, message: "신고가 접수되었습니다." },
    });
    expect(await call("POST", `${path}/report`, viewer.cookie, { reason: "또" })).toMatchObject({
      status: 409,
      body: { error: { code: "already_reported" } },
    });
    expect(await call("POST", `/members/${viewer.id}/report`, viewer.cookie, { reason: "나" })).toMatchObject(
      {
        status: 403,
        body: { error: { code: "report_self", message: "자기 자신은 신고할 수 없습니다." } },
      },
    );
  });
});
