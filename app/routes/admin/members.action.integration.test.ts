import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAudit, inquiry, job, memberSanction, rateLimitCounter } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import {
  callAction,
  callLoader,
  PASSWORD,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type Outcome,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as loginPage from "../login/index";
import * as dashboardPage from "./index";
import * as memberAdminPage from "./member";
import * as membersPage from "./members";

const clock = new FixedClock(new Date("2026-11-20T03:00:00Z"));
let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
});

const auditOf = (memberId: string) =>
  runtime.db
    .select({ action: adminAudit.action, adminId: adminAudit.adminId, reason: adminAudit.reason })
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectKind, "member"), eq(adminAudit.subjectId, memberId)))
    .orderBy(adminAudit.id);

const post = (as: SignedInMember | null, target: string, form: Record<string, string>, language = "") =>
  callAction(memberAdminPage.action, {
    path: `${language}/admin/members/${target}`,
    params: { id: target },
    form,
    as,
  });

/** Everybody who may not manage members, and what each gets: staff pages are not revealed to them. */
function refusedCallers(target: SignedInMember): [string, SignedInMember | null, Outcome][] {
  return [
    ["a visitor", null, "sign-in"],
    ["the member themselves", target, "not-found"],
    ["another member", callers.other, "not-found"],
    ["an administrator without two-step verification", callers.adminWithoutTwoFactor, "two-step"],
    ["a finance operator", callers.finance, "not-found"],
  ];
}

describe("the console's pages", () => {
  it("open to the acting administrator only; everybody else gets 404 or is sent on", async () => {
    const rider = await signUpMember(runtime);
    const pages: [(args: never) => unknown, string, Record<string, string>][] = [
      [dashboardPage.loader, "/admin", {}],
      [membersPage.loader, "/admin/members?q=rider", {}],
      [memberAdminPage.loader, `/admin/members/${rider.id}`, { id: rider.id }],
    ];
    for (const [loader, path, params] of pages) {
      const load = (as: SignedInMember | null) => callLoader(loader, { path, params, as });
      expect((await load(null)).outcome, path).toBe("sign-in");
      expect((await load(callers.owner)).outcome, path).toBe("not-found");
      expect((await load(callers.adminWithoutTwoFactor)).outcome, path).toBe("two-step");
      expect((await load(callers.admin)).outcome, path).toBe("done");
      expect((await load(callers.moderator)).outcome, path).toBe("done");
      // A finance operator has the console's home, without the members' pages.
      expect((await load(callers.finance)).outcome, path).toBe(path === "/admin" ? "done" : "not-found");
    }
    // Each sees the queues their permissions open.
    const queuesOf = async (as: SignedInMember) =>
      Object.keys(
        ((await callLoader(dashboardPage.loader, { path: "/admin", as })).data as { queues: object }).queues,
      );
    expect(await queuesOf(callers.moderator)).toEqual([
      "reports",
      "noShows",
      "modelReports",
      "inquiries",
      "theftHolds",
    ]);
    expect(await queuesOf(callers.finance)).toEqual([]);
    const dashboard = () => callLoader(dashboardPage.loader, { path: "/admin", as: callers.admin });
    expect((await dashboard()).data).toEqual({
      queues: { reports: 0, noShows: 0, modelReports: 0, inquiries: 0, failedJobs: 0, theftHolds: 0 },
    });
    // An unanswered inquiry and a job that failed for good are waiting; an answered inquiry is not.
    const now = clock.now();
    await runtime.db.insert(inquiry).values([
      { userId: rider.id, title: "문의", body: "포인트가 안 들어왔어요", createdAt: now },
      {
        userId: rider.id,
        title: "답변됨",
        body: "해결",
        answer: "확인했습니다",
        answeredAt: now,
        createdAt: now,
      },
    ]);
    await runtime.db.insert(job).values({
      kind: "event.notifyStarted",
      payload: {},
      status: "failed",
      attempts: 5,
      runAt: now,
      createdAt: now,
      finishedAt: now,
    });
    expect((await dashboard()).data).toEqual({
      queues: { reports: 0, noShows: 0, modelReports: 0, inquiries: 1, failedJobs: 1, theftHolds: 0 },
    });
    const found = await callLoader(membersPage.loader, {
      path: `/admin/members?q=${encodeURIComponent(rider.nickname)}`,
      as: callers.admin,
    });
    expect((found.data as { rows: { id: string }[] }).rows.map((row) => row.id)).toEqual([rider.id]);
    // A search no text column can hold is no search.
    const junk = await callLoader(membersPage.loader, {
      path: "/admin/members?q=%00&page=x",
      as: callers.admin,
    });
    expect(junk.data).toMatchObject({ query: { q: "", page: 1 } });
    // No such member, or an id no member can have: 404.
    for (const id of ["nobody-here", "../etc", "x".repeat(65)])
      expect(
        (
          await callLoader(memberAdminPage.loader, {
            path: `/admin/members/x`,
            params: { id },
            as: callers.admin,
          })
        ).outcome,
        id,
      ).toBe("not-found");
  });
});

describe("the sign-in page", () => {
  it("says an account is suspended when a provider's sign-in was refused for it, and nothing odd for odd codes", async () => {
    const load = (query: string, language = "") =>
      callLoader(loginPage.loader, { path: `${language}/login?error=${query}`, as: null });
    expect((await load("member_suspended")).data).toMatchObject({
      socialError: expect.stringContaining("이용이 정지된 계정입니다."),
    });
    expect((await load("member_suspended", "/en")).data).toMatchObject({
      socialError: expect.stringContaining("This account is suspended."),
    });
    expect((await load("__proto__")).data).toMatchObject({
      socialError: "외부 계정으로 로그인하지 못했습니다. 다시 시도해 주세요.",
    });
  });
});

describe("/admin/members/:id actions", () => {
  it("suspend: only the acting administrator; the member is signed out and told until when at sign-in", async () => {
    const rider = await signUpMember(runtime);
    const form = { intent: "suspend", period: "7", reason: "반복된 욕설" };
    for (const [who, as, outcome] of refusedCallers(rider)) {
      expect((await post(as, rider.id, form)).outcome, who).toBe(outcome);
      expect(await auditOf(rider.id), who).toEqual([]);
    }
    const done = await post(callers.admin, rider.id, form);
    expect(done).toMatchObject({ outcome: "done", location: `/admin/members/${rider.id}`, flashed: true });
    expect(await auditOf(rider.id)).toEqual([
      { action: "member.suspend", adminId: callers.admin.id, reason: "반복된 욕설" },
    ]);
    // Their session no longer opens anything.
    expect((await callLoader(membersPage.loader, { path: "/admin/members", as: rider })).outcome).toBe(
      "sign-in",
    );

    for (const [language, message] of [
      ["", "이용이 정지된 계정입니다. 2026.11.27 12:00까지 로그인할 수 없습니다."],
      ["/en", "This account is suspended. You cannot sign in until Nov 27, 2026, 12:00 PM."],
    ] as const) {
      const signIn = await callAction(loginPage.action, {
        path: `${language}/login`,
        form: { intent: "password", identifier: rider.email, password: PASSWORD },
        as: null,
      });
      expect(signIn.outcome, language).toBe("refused");
      expect(signIn.status).toBe(403);
      expect((signIn.data as { error: { message: string } }).error.message).toContain(message);
    }
    // A wrong password is still only a wrong password: the suspension is not told to whoever tries.
    const guess = await callAction(loginPage.action, {
      path: "/login",
      form: { intent: "password", identifier: rider.email, password: "Wrong-Guess-123!" },
      as: null,
    });
    expect((guess.data as { error: { code: string } }).error.code).toBe("login_failed");
  });

  it("suspend: a form the schema refuses keeps what was typed; a refusal of the service says why", async () => {
    const rider = await signUpMember(runtime);
    const missing = await post(callers.admin, rider.id, { intent: "suspend", period: "30", reason: "  " });
    expect(missing.outcome).toBe("invalid");
    expect(missing.data).toMatchObject({
      lastResult: {
        initialValue: { intent: "suspend", period: "30" },
        error: { reason: ["admin.members.error.reasonRequired"] },
      },
    });
    const badPeriod = await post(callers.admin, rider.id, { intent: "suspend", period: "5", reason: "사유" });
    expect(badPeriod.data).toMatchObject({
      lastResult: { error: { period: ["admin.members.error.periodRequired"] } },
    });
    const self = await post(callers.admin, callers.admin.id, {
      intent: "suspend",
      period: "7",
      reason: "시험",
    });
    expect(self.status).toBe(409);
    expect(self.data).toMatchObject({
      error: { code: "member_self", message: "본인 계정에는 조치할 수 없습니다." },
      lastResult: { initialValue: { reason: "시험" } },
    });
    expect(
      await runtime.db.select().from(memberSanction).where(eq(memberSanction.memberId, callers.admin.id)),
    ).toEqual([]);
  });

  it("lift: only the acting administrator; the member signs in again", async () => {
    const rider = await signUpMember(runtime);
    expect(
      (await post(callers.admin, rider.id, { intent: "suspend", period: "permanent", reason: "사기" }))
        .outcome,
    ).toBe("done");
    const form = { intent: "lift", reason: "소명 확인" };
    for (const [who, as, outcome] of refusedCallers(rider)) {
      // The member's own session ended with the suspension: they are a visitor now.
      const expected = as === rider ? "sign-in" : outcome;
      expect((await post(as, rider.id, form)).outcome, who).toBe(expected);
    }
    expect(await post(callers.admin, rider.id, form)).toMatchObject({ outcome: "done", flashed: true });
    expect((await auditOf(rider.id)).map((row) => row.action)).toEqual(["member.suspend", "member.lift"]);
    const signIn = await callAction(loginPage.action, {
      path: "/login",
      form: { intent: "password", identifier: rider.email, password: PASSWORD },
      as: null,
    });
    expect(signIn.outcome).toBe("done");
  });

  it("clear-lockout: only the acting administrator", async () => {
    const rider = await signUpMember(runtime);
    await runtime.db
      .insert(rateLimitCounter)
      .values({ key: `signin:untrusted:${rider.id}`, windowStart: clock.now(), count: 10 });
    const form = { intent: "clear-lockout" };
    for (const [who, as, outcome] of refusedCallers(rider))
      expect((await post(as, rider.id, form)).outcome, who).toBe(outcome);
    expect(await post(callers.admin, rider.id, form)).toMatchObject({ outcome: "done", flashed: true });
    expect((await auditOf(rider.id)).map((row) => row.action)).toEqual(["member.lockout.clear"]);
    expect((await post(callers.admin, rider.id, form)).status).toBe(409);
  });

  it("end-sessions: only the acting administrator; the member is signed out", async () => {
    const rider = await signUpMember(runtime);
    const form = { intent: "end-sessions", reason: "계정 도용 의심" };
    for (const [who, as, outcome] of refusedCallers(rider))
      expect((await post(as, rider.id, form)).outcome, who).toBe(outcome);
    expect(await post(callers.admin, rider.id, form, "/en")).toMatchObject({
      outcome: "done",
      location: `/en/admin/members/${rider.id}`,
    });
    expect(await auditOf(rider.id)).toEqual([
      { action: "member.sessions.end", adminId: callers.admin.id, reason: "계정 도용 의심" },
    ]);
    expect((await callLoader(membersPage.loader, { path: "/admin/members", as: rider })).outcome).toBe(
      "sign-in",
    );
  });

  it("a moderator manages members too, and the log says a moderator acted", async () => {
    const rider = await signUpMember(runtime);
    const done = await post(callers.moderator, rider.id, { intent: "suspend", period: "7", reason: "도배" });
    expect(done).toMatchObject({ outcome: "done", flashed: true });
    const [row] = await runtime.db
      .select({ role: adminAudit.role, action: adminAudit.action })
      .from(adminAudit)
      .where(and(eq(adminAudit.subjectKind, "member"), eq(adminAudit.subjectId, rider.id)));
    expect(row).toEqual({ role: "moderator", action: "member.suspend" });
  });
});
