import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAudit, member, memberSanction, rateLimitCounter, session, twoFactor } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { viewerFromHeaders } from "#app/platform/viewer.server";
import { isDomainError } from "#app/services/errors";
import { signIn } from "#app/services/auth/accounts.server";
import {
  PASSWORD,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import {
  clearSignInLockout,
  endMemberSessions,
  liftSuspension,
  memberPage,
  searchMembers,
  suspendMember,
} from "./members.server";

const clock = new FixedClock(new Date("2026-11-20T03:00:00Z"));
let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
});

const DAY_MS = 24 * 60 * 60_000;

/** A refusal's code, or "accepted". */
async function refusal(act: Promise<unknown>): Promise<string> {
  try {
    await act;
  } catch (error) {
    if (isDomainError(error, "admin")) return error.code;
    throw error;
  }
  return "accepted";
}

const auditOf = (memberId: string) =>
  runtime.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectKind, "member"), eq(adminAudit.subjectId, memberId)))
    .orderBy(adminAudit.id);

const sanctionsOf = (memberId: string) =>
  runtime.db.select().from(memberSanction).where(eq(memberSanction.memberId, memberId));

async function sessionsOf(memberId: string) {
  const [row] = await runtime.db.select({ n: count() }).from(session).where(eq(session.userId, memberId));
  return row!.n;
}

/** Whom the member's cookie signs in as now: their id, or null. */
async function viewerOf(someone: SignedInMember) {
  return (await viewerFromHeaders(new Headers({ cookie: someone.cookie }), runtime.auth))?.id ?? null;
}

function deps() {
  const { auth, db, messaging, config } = runtime;
  return { auth, db, clock, messaging, config };
}

/** Signs in with the password as the sign-in page does; answers the refusal's code and message parameters. */
async function signInAs(someone: SignedInMember) {
  try {
    await signIn(deps(), { identifier: someone.email, password: PASSWORD }, new Headers());
    return { code: "signed-in", until: undefined };
  } catch (error) {
    if (isDomainError(error, "auth")) return { code: error.code, until: error.details.until };
    throw error;
  }
}

describe("suspending a member", () => {
  it("ends their sessions, refuses their sign-in until the period ends, and is on record", async () => {
    const rider = await signUpMember(runtime);
    expect(await viewerOf(rider)).toBe(rider.id);
    const result = await suspendMember(
      runtime.db,
      clock,
      callers.admin.actor,
      { memberId: rider.id, period: "7", reason: "반복된 욕설" },
      { address: "203.0.113.7" },
    );
    const until = new Date(clock.now().getTime() + 7 * DAY_MS);
    expect(result).toEqual({ sanctionId: expect.any(Number), endsAt: until, sessionsEnded: 1 });
    expect(await sessionsOf(rider.id)).toBe(0);
    expect(await viewerOf(rider)).toBeNull();
    expect(await sanctionsOf(rider.id)).toEqual([
      expect.objectContaining({
        kind: "suspension",
        reason: "반복된 욕설",
        startsAt: clock.now(),
        endsAt: until,
        createdBy: callers.admin.id,
        liftedAt: null,
      }),
    ]);
    expect(await auditOf(rider.id)).toEqual([
      expect.objectContaining({
        adminId: callers.admin.id,
        action: "member.suspend",
        reason: "반복된 욕설",
        after: { sanction: result.sanctionId, until: until.toISOString(), days: 7, sessionsEnded: 1 },
        address: "203.0.113.7",
      }),
    ]);

    // The right password meets the suspension, and says until when.
    expect(await signInAs(rider)).toEqual({ code: "suspended", until });
    expect(await sessionsOf(rider.id)).toBe(0);
    // A second suspension waits for a lift.
    expect(
      await refusal(
        suspendMember(runtime.db, clock, callers.admin.actor, {
          memberId: rider.id,
          period: "30",
          reason: "again",
        }),
      ),
    ).toBe("member_suspended");
    expect(await sanctionsOf(rider.id)).toHaveLength(1);

    // Once the period has ended the suspension no longer refuses.
    clock.set(new Date(until.getTime() + 1000));
    try {
      expect((await signInAs(rider)).code).toBe("signed-in");
    } finally {
      clock.set(new Date("2026-11-20T03:00:00Z"));
    }
  });

  it("is permanent without a period, and only a lift ends it", async () => {
    const rider = await signUpMember(runtime);
    await suspendMember(runtime.db, clock, callers.admin.actor, {
      memberId: rider.id,
      period: "permanent",
      reason: "사기 거래",
    });
    expect(await signInAs(rider)).toEqual({ code: "suspended_permanently", until: undefined });
    const [copy] = await runtime.db
      .select({ from: member.suspendedFrom, until: member.suspendedUntil })
      .from(member)
      .where(eq(member.id, rider.id));
    expect(copy).toEqual({ from: clock.now(), until: null });

    await liftSuspension(runtime.db, clock, callers.admin.actor, { memberId: rider.id, reason: "오해 확인" });
    expect(await signInAs(rider)).toEqual({ code: "signed-in", until: undefined });
    expect((await sanctionsOf(rider.id))[0]).toMatchObject({
      liftedAt: clock.now(),
      liftedBy: callers.admin.id,
      liftReason: "오해 확인",
    });
    expect((await auditOf(rider.id)).map((row) => [row.action, row.reason, row.before])).toEqual([
      ["member.suspend", "사기 거래", null],
      ["member.lift", "오해 확인", { sanction: expect.any(Number), until: "permanent" }],
    ]);
    expect(
      await refusal(
        liftSuspension(runtime.db, clock, callers.admin.actor, { memberId: rider.id, reason: "x" }),
      ),
    ).toBe("member_not_suspended");
    expect(await auditOf(rider.id)).toHaveLength(2);
  });

  it("is refused for members, for oneself, for staff, for the withdrawn and for nobody, and then saves nothing", async () => {
    const rider = await signUpMember(runtime);
    const withdrawn = await signUpMember(runtime);
    await runtime.db.update(member).set({ withdrawnAt: clock.now() }).where(eq(member.id, withdrawn.id));
    const suspend = (actor: SignedInMember["actor"], memberId: string) =>
      refusal(suspendMember(runtime.db, clock, actor, { memberId, period: "7", reason: "사유" }));
    expect(await suspend(callers.owner.actor, rider.id)).toBe("forbidden");
    expect(await suspend(callers.adminWithoutTwoFactor.actor, rider.id)).toBe("forbidden");
    expect(await suspend(callers.admin.actor, callers.admin.id)).toBe("member_self");
    expect(await suspend(callers.admin.actor, callers.adminWithoutTwoFactor.id)).toBe("member_staff");
    expect(await suspend(callers.admin.actor, withdrawn.id)).toBe("member_withdrawn");
    expect(await suspend(callers.admin.actor, "no-such-member")).toBe("member_not_found");
    for (const id of [rider.id, callers.admin.id, callers.adminWithoutTwoFactor.id, withdrawn.id]) {
      expect(await sanctionsOf(id)).toEqual([]);
      expect(await auditOf(id)).toEqual([]);
    }
    expect(await viewerOf(rider)).toBe(rider.id);
    expect(await viewerOf(callers.admin)).toBe(callers.admin.id);
  });

  it("saves nothing of itself when its audit row cannot be written: no sanction, no copy, no session ended", async () => {
    const rider = await signUpMember(runtime);
    // The database refuses the audit row of this one member, after the suspension's other writes.
    await runtime.db.execute(
      sql.raw(`create function refuse_member_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit refused'; end; $$`),
    );
    await runtime.db.execute(
      sql.raw(`create trigger refuse_member_audit before insert on admin_audit for each row
        when (new.subject_id = '${rider.id}') execute function refuse_member_audit()`),
    );
    try {
      await expect(
        suspendMember(runtime.db, clock, callers.admin.actor, {
          memberId: rider.id,
          period: "7",
          reason: "사유",
        }),
      ).rejects.toThrow(/insert into "admin_audit"/);
    } finally {
      await runtime.db.execute(sql.raw("drop trigger refuse_member_audit on admin_audit"));
    }
    expect(await sanctionsOf(rider.id)).toEqual([]);
    const [copy] = await runtime.db
      .select({ from: member.suspendedFrom, until: member.suspendedUntil })
      .from(member)
      .where(eq(member.id, rider.id));
    expect(copy).toEqual({ from: null, until: null });
    expect(await sessionsOf(rider.id)).toBe(1);
    expect(await viewerOf(rider)).toBe(rider.id);
  });

  it("leaves a session that outlived it (made another way) opening nothing while it lasts", async () => {
    const rider = await signUpMember(runtime);
    await runtime.db
      .update(member)
      .set({ suspendedFrom: clock.now(), suspendedUntil: new Date(clock.now().getTime() + DAY_MS) })
      .where(eq(member.id, rider.id));
    expect(await viewerOf(rider)).toBeNull();
    clock.advance(DAY_MS);
    try {
      expect(await viewerOf(rider)).toBe(rider.id);
    } finally {
      clock.set(new Date("2026-11-20T03:00:00Z"));
    }
  });
});

describe("a member's sign-in lockout", () => {
  it("is cleared by an administrator: both counters and the library's two-step lock, on record", async () => {
    const rider = await signUpMember(runtime);
    const now = clock.now();
    await runtime.db.insert(rateLimitCounter).values([
      { key: `signin:untrusted:${rider.id}`, windowStart: now, count: 10 },
      { key: `2fa:failures:${rider.id}`, windowStart: now, count: 2 },
    ]);
    await runtime.db.insert(twoFactor).values({
      id: `tf-${rider.id}`,
      secret: "secret",
      backupCodes: "codes",
      userId: rider.id,
      failedVerificationCount: 10,
      lockedUntil: new Date(now.getTime() + 60 * 60_000),
    });
    const page = await memberPage(runtime.db, clock, callers.admin.actor, rider.id);
    expect(page.lockout).toEqual({
      signInFailures: 10,
      twoStepFailures: 2,
      libraryFailures: 10,
      libraryLockedUntil: new Date(now.getTime() + 60 * 60_000),
      locked: true,
      clearable: true,
    });
    expect(
      await refusal(clearSignInLockout(runtime.db, clock, callers.owner.actor, { memberId: rider.id })),
    ).toBe("forbidden");
    await clearSignInLockout(runtime.db, clock, callers.admin.actor, {
      memberId: rider.id,
      reason: "본인 확인 후 요청",
    });
    const cleared = await memberPage(runtime.db, clock, callers.admin.actor, rider.id);
    expect(cleared.lockout).toMatchObject({ locked: false, clearable: false, signInFailures: 0 });
    expect((await auditOf(rider.id)).map((row) => [row.action, row.before])).toEqual([
      [
        "member.lockout.clear",
        {
          signInFailures: 10,
          twoStepFailures: 2,
          libraryFailures: 10,
          libraryLockedUntil: new Date(now.getTime() + 60 * 60_000).toISOString(),
        },
      ],
    ]);
    // Nothing left to clear: refused, and not recorded again.
    expect(
      await refusal(clearSignInLockout(runtime.db, clock, callers.admin.actor, { memberId: rider.id })),
    ).toBe("member_not_locked");
    expect(await auditOf(rider.id)).toHaveLength(1);
  });
});

describe("ending a member's sessions", () => {
  it("signs them out everywhere, on record; with none open it is refused", async () => {
    const rider = await signUpMember(runtime);
    expect(
      await refusal(endMemberSessions(runtime.db, clock, callers.other.actor, { memberId: rider.id })),
    ).toBe("forbidden");
    expect(await viewerOf(rider)).toBe(rider.id);
    expect(await endMemberSessions(runtime.db, clock, callers.admin.actor, { memberId: rider.id })).toEqual({
      sessionsEnded: 1,
    });
    expect(await viewerOf(rider)).toBeNull();
    expect((await auditOf(rider.id)).map((row) => [row.action, row.after])).toEqual([
      ["member.sessions.end", { sessionsEnded: 1 }],
    ]);
    // Not suspended: the member signs in again.
    expect((await signInAs(rider)).code).toBe("signed-in");
    await runtime.db.delete(session).where(eq(session.userId, rider.id));
    expect(
      await refusal(endMemberSessions(runtime.db, clock, callers.admin.actor, { memberId: rider.id })),
    ).toBe("member_no_sessions");
    expect(await auditOf(rider.id)).toHaveLength(1);
  });
});

describe("the console's member search and page", () => {
  it("finds members by the beginning of a nickname or e-mail, or by id, never by a phone account's number", async () => {
    const rider = await signUpMember(runtime);
    const phoneRider = await signUpMember(runtime);
    await runtime.db
      .update(member)
      .set({ email: "01055501234@phone.motomate.invalid", phoneNumber: "01055501234" })
      .where(eq(member.id, phoneRider.id));
    const search = (q: string) =>
      searchMembers(runtime.db, clock, callers.admin.actor, { q, page: 1 }).then(({ rows }) =>
        rows.map((row) => row.id),
      );
    expect(await search(rider.nickname.slice(0, 6))).toContain(rider.id);
    expect(await search(rider.email.slice(0, 9).toUpperCase())).toContain(rider.id);
    expect(await search(rider.id)).toEqual([rider.id]);
    expect(await search("0105550")).toEqual([]);
    expect(await search("%")).toEqual([]);
    expect(await refusal(searchMembers(runtime.db, clock, callers.owner.actor, { q: "", page: 1 }))).toBe(
      "forbidden",
    );

    const page = await memberPage(runtime.db, clock, callers.admin.actor, phoneRider.id);
    expect(page).toMatchObject({ email: null, phone: "010-****-1234", sanctionable: true, sessions: 1 });
    expect(page.activity).toEqual({ posts: 0, listings: 0, comments: 0, meetings: 0 });
    expect(JSON.stringify(page)).not.toContain("55501234");
    const own = await memberPage(runtime.db, clock, callers.admin.actor, callers.admin.id);
    expect(own.sanctionable).toBe(false);
  });
});
