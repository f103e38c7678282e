import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { account, blind, inquiry, member, notificationSetting, session } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { claimSubmission } from "#app/services/content/submit-once.server";
import { blindMember } from "#app/services/members/relations.server";
import {
  callAction,
  callLoader,
  PASSWORD,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as accountPage from "./account";
import * as alarmSettingsPage from "./alarm";
import * as blindedMembersPage from "./blind";
import * as inquiryPage from "./inquiry";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

describe("/setting/inquiry (sending a 1:1 inquiry)", () => {
  const send = (as: SignedInMember | null, title: string, token: string = randomUUID()) =>
    callAction(inquiryPage.action, {
      path: "/setting/inquiry",
      form: { token, title, body: "문의 내용" },
      as,
    });
  const titlesOf = async (who: SignedInMember) =>
    (await runtime.db.select().from(inquiry).where(eq(inquiry.userId, who.id))).map((row) => row.title);

  it("stores an inquiry for the signed-in member who sent it, and for nobody else", async () => {
    const { owner, adminWithoutTwoFactor, firstLogin } = callers;
    expect((await send(null, "방문자")).outcome).toBe("sign-in");
    expect((await send(firstLogin, "가입 중")).outcome).toBe("first-login");
    expect((await send(adminWithoutTwoFactor, "관리자")).outcome).toBe("two-step");
    expect(await titlesOf(adminWithoutTwoFactor)).toEqual([]);
    expect(await titlesOf(firstLogin)).toEqual([]);

    expect((await send(owner, "포인트 문의")).outcome).toBe("done");
    expect(await titlesOf(owner)).toEqual(["포인트 문의"]);
  });

  it("stores one inquiry when the same form is sent twice, and the next form's token sends the next one", async () => {
    const { other } = callers;
    const token = randomUUID();
    const both = await Promise.all([
      send(other, "두 번 보낸 문의", token),
      send(other, "두 번 보낸 문의", token),
    ]);
    expect(both.map((answer) => [answer.outcome, answer.flashed])).toEqual([
      ["done", true],
      ["done", true],
    ]);
    // Sent again later with the same token: still one.
    expect((await send(other, "두 번 보낸 문의", token)).outcome).toBe("done");
    expect(await titlesOf(other)).toEqual(["두 번 보낸 문의"]);

    // The page renders a new token for the next inquiry.
    const page = await callLoader(inquiryPage.loader, { path: "/setting/inquiry", as: other });
    const next = (page.data as { token: string }).token;
    expect(next).not.toBe(token);
    expect((await send(other, "다음 문의", next)).outcome).toBe("done");
    expect((await titlesOf(other)).sort()).toEqual(["다음 문의", "두 번 보낸 문의"]);
  });

  it("answers a form whose token another process already claimed as sent, writing nothing more", async () => {
    const member = await signUpMember(runtime);
    const token = randomUUID();
    await claimSubmission(runtime.db, { memberId: member.id, token }, runtime.clock.now());
    const answer = await send(member, "다른 곳에서 보낸 문의", token);
    expect([answer.outcome, answer.flashed]).toEqual(["done", true]);
    expect(await titlesOf(member)).toEqual([]);
  });

  it("refuses a form without its token, keeping what was typed, and a refused form can be corrected and sent with the same token", async () => {
    const member = await signUpMember(runtime);
    const missing = await callAction(inquiryPage.action, {
      path: "/setting/inquiry",
      form: { title: "토큰 없는 문의", body: "내용" },
      as: member,
    });
    expect(missing.outcome).toBe("invalid");
    expect(missing.data).toMatchObject({
      error: { code: "submission_token" },
      values: { title: "토큰 없는 문의", body: "내용" },
    });

    const token = randomUUID();
    const empty = await callAction(inquiryPage.action, {
      path: "/setting/inquiry",
      form: { token, title: " ", body: "내용" },
      as: member,
    });
    expect(empty.outcome).toBe("invalid");
    expect(empty.data).toMatchObject({ error: { code: "title_required" }, values: { body: "내용" } });
    expect((await send(member, "고친 문의", token)).outcome).toBe("done");
    expect(await titlesOf(member)).toEqual(["고친 문의"]);
  });
});

describe("/setting/account (sign-in settings)", () => {
  const passwordHash = async (who: SignedInMember) =>
    (
      await runtime.db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, who.id), eq(account.providerId, "credential")))
    )[0]!.password;
  const changePassword = (as: SignedInMember | null) =>
    callAction(accountPage.action, {
      path: "/setting/account",
      form: { intent: "change-password", currentPassword: PASSWORD, newPassword: "Gravel-Road-77!" },
      as,
    });

  it("changes the password of the signed-in member only", async () => {
    // Changing a password ends the member's other sessions: these members are this test's own.
    const owner = await signUpMember(runtime);
    const other = await signUpMember(runtime);
    const firstLogin = await signUpMember(runtime, { profileComplete: false });
    const ownerBefore = await passwordHash(owner);
    const firstLoginBefore = await passwordHash(firstLogin);

    expect((await changePassword(null)).outcome).toBe("sign-in");
    expect((await changePassword(firstLogin)).outcome).toBe("first-login");
    expect(await passwordHash(firstLogin)).toBe(firstLoginBefore);

    const otherBefore = await passwordHash(other);
    expect((await changePassword(other)).outcome).toBe("done");
    expect(await passwordHash(other)).not.toBe(otherBefore);
    expect(await passwordHash(owner)).toBe(ownerBefore);

    expect((await changePassword(owner)).outcome).toBe("done");
    expect(await passwordHash(owner)).not.toBe(ownerBefore);
  });

  it("stays open to an administrator without two-step verification, who is sent here to turn it on", async () => {
    const admin = await signUpMember(runtime, { role: "admin" });
    const before = await passwordHash(admin);
    expect((await changePassword(admin)).outcome).toBe("done");
    expect(await passwordHash(admin)).not.toBe(before);
  });

  it("answers an unknown button with the one localised 400, changing nothing", async () => {
    const owner = await signUpMember(runtime);
    const before = await passwordHash(owner);
    for (const intent of ["", "delete-account"]) {
      const unknown = await callAction(accountPage.action, {
        path: "/en/setting/account",
        form: { intent, password: PASSWORD },
        as: owner,
      });
      expect(unknown).toMatchObject({
        status: 400,
        data: { error: { code: "invalid_access", message: "Invalid access." } },
      });
    }
    expect(await passwordHash(owner)).toBe(before);
  });

  it("tells any staff role without two-step verification to turn it on, and members not", async () => {
    const load = (as: SignedInMember) => callLoader(accountPage.loader, { path: "/setting/account", as });
    for (const role of ["admin", "moderator", "finance"] as const) {
      const staff = await signUpMember(runtime, { role });
      expect((await load(staff)).data, role).toMatchObject({ twoFactorRequired: true });
    }
    expect((await load(await signUpMember(runtime))).data).toMatchObject({ twoFactorRequired: false });
  });

  it("signs out everywhere only the member who asks", async () => {
    const owner = await signUpMember(runtime);
    const other = await signUpMember(runtime);
    const sessionsOf = async (who: SignedInMember) =>
      (await runtime.db.select().from(session).where(eq(session.userId, who.id))).length;
    const signOut = (as: SignedInMember | null) =>
      callAction(accountPage.action, {
        path: "/setting/account",
        form: { intent: "sign-out-everywhere" },
        as,
      });

    expect((await signOut(null)).outcome).toBe("sign-in");
    expect((await signOut(other)).outcome).toBe("done");
    expect(await sessionsOf(other)).toBe(0);
    expect(await sessionsOf(owner)).toBe(1);
  });
});

describe("/setting/account (linked sign-in methods and two-step verification)", () => {
  it("unlinks a social identity from the signed-in member's own account only", async () => {
    const { owner, other, adminWithoutTwoFactor, firstLogin } = callers;
    await runtime.db.insert(account).values(
      [owner, adminWithoutTwoFactor, firstLogin].map((who) => ({
        id: `kakao-${who.id}`,
        accountId: `kakao-${who.id}`,
        providerId: "kakao",
        userId: who.id,
        createdAt: new Date(),
        updatedAt: new Date(),
      })),
    );
    const unlink = (as: SignedInMember | null) =>
      callAction(accountPage.action, {
        path: "/setting/account",
        form: { intent: "unlink", provider: "kakao" },
        as,
      });
    const linked = async (who: SignedInMember) =>
      (
        await runtime.db
          .select()
          .from(account)
          .where(and(eq(account.userId, who.id), eq(account.providerId, "kakao")))
      ).length;

    expect((await unlink(null)).outcome).toBe("sign-in");
    expect((await unlink(firstLogin)).outcome).toBe("first-login");
    expect(await linked(firstLogin)).toBe(1);
    expect((await unlink(other)).outcome).toBe("done");
    expect(await linked(owner)).toBe(1);

    expect((await unlink(owner)).outcome).toBe("done");
    expect(await linked(owner)).toBe(0);
    // Account settings are where such an administrator turns two-step verification on: they stay open.
    expect((await unlink(adminWithoutTwoFactor)).outcome).toBe("done");
    expect(await linked(adminWithoutTwoFactor)).toBe(0);
  });

  it("turns two-step verification off for the signed-in member only, with their password", async () => {
    const owner = await signUpMember(runtime, { twoFactorEnabled: true });
    const other = await signUpMember(runtime, { twoFactorEnabled: true });
    const enabled = async (who: SignedInMember) =>
      (await runtime.db.select({ on: member.twoFactorEnabled }).from(member).where(eq(member.id, who.id)))[0]!
        .on;
    const disable = (as: SignedInMember | null, password = PASSWORD) =>
      callAction(accountPage.action, {
        path: "/setting/account",
        form: { intent: "disable-2fa", password },
        as,
      });

    expect((await disable(null)).outcome).toBe("sign-in");
    expect((await disable(other, "Wrong-Pass-99!")).outcome).toBe("invalid");
    expect(await enabled(other)).toBe(true);
    expect((await disable(other)).outcome).toBe("done");
    expect(await enabled(other)).toBe(false);
    expect(await enabled(owner)).toBe(true);
  });
});

describe("/setting/alarm (notification switches)", () => {
  const turnOff = (as: SignedInMember | null) =>
    callAction(alarmSettingsPage.action, {
      path: "/setting/alarm",
      form: { type: "comment", enabled: "false" },
      as,
    });
  const settingsOf = async (who: SignedInMember) =>
    runtime.db
      .select({ type: notificationSetting.type, enabled: notificationSetting.enabled })
      .from(notificationSetting)
      .where(eq(notificationSetting.memberId, who.id));

  it("switches the signed-in member's own notifications only", async () => {
    const { owner, other, adminWithoutTwoFactor, firstLogin } = callers;
    expect((await turnOff(null)).outcome).toBe("sign-in");
    expect((await turnOff(firstLogin)).outcome).toBe("first-login");
    expect((await turnOff(adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect(await settingsOf(adminWithoutTwoFactor)).toEqual([]);

    expect((await turnOff(owner)).outcome).toBe("done");
    expect(await settingsOf(owner)).toEqual([{ type: "comment", enabled: false }]);
    expect(await settingsOf(other)).toEqual([]);
  });
});

describe("/setting/blind (unhiding members)", () => {
  it("unhides only in the signed-in member's own list", async () => {
    const { owner, other, adminWithoutTwoFactor } = callers;
    const target = await signUpMember(runtime);
    for (const who of [owner, adminWithoutTwoFactor])
      await blindMember(runtime.db, runtime.clock, who.id, target.id);
    const unblind = (as: SignedInMember | null) =>
      callAction(blindedMembersPage.action, { path: "/setting/blind", form: { userId: target.id }, as });
    const blindedBy = async (who: SignedInMember) =>
      (
        await runtime.db
          .select({ activated: blind.activated })
          .from(blind)
          .where(and(eq(blind.userId, who.id), eq(blind.blindUserId, target.id)))
      )[0]?.activated;

    expect((await unblind(null)).outcome).toBe("sign-in");
    expect((await unblind(adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect(await blindedBy(adminWithoutTwoFactor)).toBe(true);
    expect((await unblind(other)).outcome).toBe("done");
    expect(await blindedBy(owner)).toBe(true);

    expect((await unblind(owner)).outcome).toBe("done");
    expect(await blindedBy(owner)).toBe(false);
  });
});
