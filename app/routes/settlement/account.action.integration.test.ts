import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { settlementInfo, withdrawalPassword } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { PASSWORD_MAX_TRIES } from "#app/services/settlement/settlement-rules";
import {
  auditActsOn,
  callAction,
  callLoader,
  refusedCallers,
  signUpCallers,
  signUpMember,
  securityChecked as markSecurityChecked,
  startRouteRuntime,
  steppedUp as markSteppedUp,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as adminPage from "../admin/settlement";
import * as securityPage from "../setting/security";
import * as accountPage from "./account";
import * as checkPage from "./security-check";

// Near the system clock: the authentication library reads sessions by it.
const clock = new FixedClock(new Date());
let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
});

const securityChecked = (caller: SignedInMember) => markSecurityChecked(runtime, caller, clock);
const steppedUp = (caller: SignedInMember) => markSteppedUp(runtime, caller, clock);

const setPassword = (as: SignedInMember | null, password = "135790", language = "") =>
  callAction(securityPage.action, {
    path: `${language}/setting/security`,
    form: { password, confirm: password },
    as,
  });

const accountForm = {
  bankCode: "088",
  holderName: "김민수",
  accountNumber: "110-987-654321",
  residentNumber: "900101-1234567",
  agreed: "on",
};

const postAccount = (as: SignedInMember | null, form: Record<string, string> = accountForm, language = "") =>
  callAction(accountPage.action, { path: `${language}/settlement/account`, form, as });

const infoRow = async (id: string) =>
  (await runtime.db.select().from(settlementInfo).where(eq(settlementInfo.userId, id)))[0];

describe("the withdrawal password's page", () => {
  it("sends visitors to sign in and administrators without two-step verification to turn it on", async () => {
    expect((await setPassword(null)).outcome).toBe("sign-in");
    expect((await setPassword(callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await callLoader(securityPage.loader, { path: "/setting/security", as: null })).outcome).toBe(
      "sign-in",
    );
  });

  it("sets the member's own password once, and a change waits for the security check", async () => {
    const rider = await signUpMember(runtime);
    const mismatch = await callAction(securityPage.action, {
      path: "/setting/security",
      form: { password: "135790", confirm: "135791" },
      as: rider,
    });
    expect(mismatch).toMatchObject({
      status: 400,
      data: { lastResult: { error: { confirm: ["settlementInfo.error.password_mismatch"] } } },
    });
    expect(JSON.stringify(mismatch.data)).not.toContain("13579");
    expect(await setPassword(rider)).toMatchObject({
      outcome: "done",
      location: "/setting/security",
      flashed: true,
    });
    // Another member's page is their own: it sets theirs, never this one's.
    const other = await signUpMember(runtime);
    expect((await setPassword(other, "246802")).outcome).toBe("done");
    expect((await setPassword(rider, "999999", "/en")).location).toBe(
      "/en/settlement/securityCheck?redirectTo=%2Fen%2Fsetting%2Fsecurity",
    );
    await securityChecked(rider);
    expect((await setPassword(rider, "999999")).outcome).toBe("done");
    const loaded = await callLoader(securityPage.loader, { path: "/setting/security", as: rider });
    expect(loaded.data).toEqual({ state: "set", checked: true });
  });
});

describe("the security check", () => {
  const check = (
    as: SignedInMember | null,
    password: string,
    query = "?redirectTo=%2Fsettlement%2Faccount",
  ) => callAction(checkPage.action, { path: `/settlement/securityCheck${query}`, form: { password }, as });

  it("sends visitors to sign in and administrators without two-step verification to turn it on", async () => {
    expect((await check(null, "135790")).outcome).toBe("sign-in");
    expect((await check(callers.adminWithoutTwoFactor, "135790")).outcome).toBe("two-step");
  });

  it("counts wrong tries out of five, locks at five, and goes back to a page of this site when right", async () => {
    const rider = await signUpMember(runtime);
    expect((await check(rider, "135790")).data).toMatchObject({ error: { code: "password_required" } });
    await setPassword(rider);
    const wrong = await check(rider, "000000");
    expect(wrong).toMatchObject({ status: 400, data: { error: { code: "password_wrong" } } });
    expect((wrong.data as { error: { message: string } }).error.message).toContain(
      `(1/${PASSWORD_MAX_TRIES})`,
    );
    expect(JSON.stringify(wrong.data)).not.toContain("000000");
    expect(await check(rider, "135790")).toMatchObject({ outcome: "done", location: "/settlement/account" });
    expect((await check(rider, "135790", "?redirectTo=%2F%2Fevil.example")).location).toBe(
      "/settlement/account",
    );
    expect(
      (
        await callAction(checkPage.action, {
          path: "/en/settlement/securityCheck?redirectTo=%2Fsetting%2Fsecurity",
          form: { password: "135790" },
          as: rider,
        })
      ).location,
    ).toBe("/en/setting/security");

    for (let tries = 1; tries < PASSWORD_MAX_TRIES; tries++)
      expect((await check(rider, "000000")).data).toMatchObject({ error: { code: "password_wrong" } });
    const locked = await check(rider, "000000");
    expect(locked).toMatchObject({ status: 423, data: { error: { code: "password_locked" } } });
    expect((await check(rider, "135790")).status).toBe(423);
    expect(
      (await callLoader(checkPage.loader, { path: "/settlement/securityCheck", as: rider })).data,
    ).toEqual({
      state: "locked",
      failedTries: 0,
      max: PASSWORD_MAX_TRIES,
    });
  });
});

describe("the withdrawal account's page", () => {
  it("refuses visitors and administrators without two-step verification, and changes only the member's own", async () => {
    expect((await postAccount(null)).outcome).toBe("sign-in");
    expect((await postAccount(callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await callLoader(accountPage.loader, { path: "/settlement/account", as: null })).outcome).toBe(
      "sign-in",
    );
    const owner = await signUpMember(runtime);
    const other = await signUpMember(runtime);
    // No withdrawal password yet: nothing is registered.
    expect(await postAccount(owner)).toMatchObject({
      status: 409,
      data: { error: { code: "password_required" } },
    });
    await setPassword(owner);
    await setPassword(other, "246802");
    // A password but no recent check: to the check, and back here after.
    expect((await postAccount(owner)).location).toBe(
      "/settlement/securityCheck?redirectTo=%2Fsettlement%2Faccount",
    );
    expect(await infoRow(owner.id)).toBeUndefined();

    await securityChecked(owner);
    expect(await postAccount(owner)).toMatchObject({
      outcome: "done",
      location: "/settlement/account",
      flashed: true,
    });
    await securityChecked(other);
    expect((await postAccount(other, { ...accountForm, accountNumber: "3333012345678" })).outcome).toBe(
      "done",
    );
    expect((await infoRow(owner.id))!.accountMasked).toBe("********4321");
    expect((await infoRow(other.id))!.accountMasked).toBe("*********5678");

    const loaded = await callLoader(accountPage.loader, { path: "/settlement/account", as: owner });
    expect(loaded.data).toMatchObject({
      category: "individual",
      password: "set",
      checked: true,
      info: { accountMasked: "********4321", residentMasked: "900101-1******", holderName: "김민수" },
    });
    const text = JSON.stringify(loaded.data);
    expect(text).not.toContain("110987654321");
    expect(text).not.toContain("9001011234567");
    expect(text).not.toContain("v1.");
  });

  it("answers a refused form without the numbers typed, and keeps the other fields", async () => {
    const rider = await signUpMember(runtime);
    await setPassword(rider);
    await securityChecked(rider);
    const typed = {
      ...accountForm,
      holderName: "Minsu",
      accountNumber: "110-555-666777",
      residentNumber: "880202-1987654",
    };
    const refused = await postAccount(rider, typed);
    expect(refused).toMatchObject({
      status: 400,
      data: {
        lastResult: {
          initialValue: { bankCode: "088", holderName: "Minsu" },
          error: { holderName: ["settlementInfo.error.holder_invalid"] },
        },
      },
    });
    const body = JSON.stringify(refused.data);
    for (const number of ["110-555-666777", "110555666777", "880202", "1987654"])
      expect(body).not.toContain(number);

    // Refused by the service (too young on the server's clock), the same.
    const young = await postAccount(rider, {
      ...typed,
      holderName: "김민수",
      residentNumber: "200101-3987654",
    });
    expect(young).toMatchObject({
      status: 400,
      data: { lastResult: { error: { residentNumber: ["settlementInfo.error.too_young"] } } },
    });
    expect(JSON.stringify(young.data)).not.toContain("3987654");
    expect(await infoRow(rider.id)).toBeUndefined();
  });
});

describe("the console's settlement page", () => {
  it("refuses everybody without manage:money, and sends money staff to the step-up first", async () => {
    const acts: Record<string, string>[] = [
      { intent: "review", userId: callers.owner.id, verdict: "reviewed" },
      { intent: "unlock", userId: callers.owner.id },
    ];
    const post = (as: SignedInMember | null, form: Record<string, string>) =>
      callAction(adminPage.action, { path: "/admin/settlement", form, as });
    for (const [who, as, outcome] of refusedCallers(callers, "moderator")) {
      expect((await callLoader(adminPage.loader, { path: "/admin/settlement", as })).outcome, who).toBe(
        outcome,
      );
      for (const form of acts) expect((await post(as, form)).outcome, `${who} ${form.intent}`).toBe(outcome);
    }
    for (const as of [callers.admin, callers.finance]) {
      expect((await callLoader(adminPage.loader, { path: "/admin/settlement", as })).location).toBe(
        "/admin/step-up?redirectTo=%2Fadmin%2Fsettlement",
      );
      for (const form of acts) expect((await post(as, form)).location).toMatch(/^\/admin\/step-up\?/);
    }
    expect(await auditActsOn(runtime, "settlement_info", callers.owner.id)).toEqual([]);
  });

  it("lists the information masked, marks it, and unlocks a locked password, audited", async () => {
    const rider = await signUpMember(runtime);
    await setPassword(rider);
    await securityChecked(rider);
    await postAccount(rider);
    await runtime.db
      .update(withdrawalPassword)
      .set({ failedTries: PASSWORD_MAX_TRIES, lockedAt: clock.now() })
      .where(eq(withdrawalPassword.userId, rider.id));
    const finance = await steppedUp(callers.finance);
    const post = (form: Record<string, string>) =>
      callAction(adminPage.action, { path: "/admin/settlement", form, as: finance });

    const listed = await callLoader(adminPage.loader, { path: "/admin/settlement", as: finance });
    const data = listed.data as {
      rows: { userId: string; accountMasked: string }[];
      locked: { userId: string }[];
    };
    expect(data.rows.find((row) => row.userId === rider.id)).toMatchObject({ accountMasked: "********4321" });
    expect(data.locked.map((row) => row.userId)).toContain(rider.id);
    expect(JSON.stringify(data)).not.toContain("110987654321");

    const noNote = await post({ intent: "review", userId: rider.id, verdict: "correction" });
    expect(noNote).toMatchObject({
      status: 400,
      data: { lastResult: { error: { note: ["settlementInfo.error.review_note_required"] } } },
    });
    expect(
      await post({ intent: "review", userId: rider.id, verdict: "correction", note: "예금주 확인" }),
    ).toMatchObject({
      outcome: "done",
      location: "/admin/settlement",
      flashed: true,
    });
    expect(await post({ intent: "unlock", userId: rider.id })).toMatchObject({
      outcome: "done",
      flashed: true,
    });
    expect(await post({ intent: "unlock", userId: rider.id })).toMatchObject({
      status: 404,
      data: { error: { code: "not_found" } },
    });
    expect(await post({ intent: "erase", userId: rider.id })).toMatchObject({ status: 400 });
    const [password] = await runtime.db
      .select()
      .from(withdrawalPassword)
      .where(eq(withdrawalPassword.userId, rider.id));
    expect(password).toMatchObject({ hash: null, failedTries: 0, lockedAt: null });
    expect(await auditActsOn(runtime, "settlement_info", rider.id)).toEqual([
      { action: "settlement.info.review", adminId: finance.id, role: "finance" },
    ]);
    expect(await auditActsOn(runtime, "withdrawal_password", rider.id)).toEqual([
      { action: "settlement.password.unlock", adminId: finance.id, role: "finance" },
    ]);
  });
});
