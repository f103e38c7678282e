import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { adminAudit, settlementInfo, withdrawalPassword } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { createKeyring } from "#app/platform/crypto/personal-number.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import {
  listLockedPasswords,
  listSettlementInfos,
  reviewSettlementInfo,
  unlockWithdrawalPassword,
} from "./settlement-console.server";
import {
  openAccountNumber,
  openResidentNumber,
  payoutAccountOf,
  saveSettlementInfo,
  settlementInfoView,
  type SettlementInfoInput,
} from "./settlement-info.server";
import { PASSWORD_MAX_TRIES, SECURITY_CHECK_MS } from "./settlement-rules";
import {
  checkWithdrawalPassword,
  hasRecentSecurityCheck,
  setWithdrawalPassword,
  withdrawalPasswordState,
} from "./withdrawal-password.server";

let db: Database;
let admin: TestMember;
const clock = new FixedClock(new Date("2026-06-15T03:00:00Z"));
const keyring = createKeyring(Buffer.alloc(32, 7));
const checked = { recentlyChecked: true };

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  admin = await insertAdmin(db);
});

/** The refusal's code a promise rejects with, and its message's values. */
async function refusal(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, params: error.params };
}

/** A member with a withdrawal password set. */
async function withPassword(options: Parameters<typeof insertMember>[1] = {}) {
  const someone = await insertMember(db, options);
  await setWithdrawalPassword(db, clock, someone, "135790", { recentlyChecked: false });
  return someone;
}

const individualForm: SettlementInfoInput = {
  bankCode: "088",
  holderName: "김민수",
  accountNumber: "110-123-456789",
  residentNumber: "900101-1234567",
  agreed: true,
};

const storedRow = async (userId: string) =>
  (await db.select().from(settlementInfo).where(eq(settlementInfo.userId, userId)))[0]!;

describe("settlement information", () => {
  it("seals both numbers for their owner and stores only their masked forms beside them", async () => {
    const rider = await withPassword({ memberType: "individual" });
    await saveSettlementInfo(db, clock, keyring, rider, individualForm, checked);
    const row = await storedRow(rider.id);
    const text = JSON.stringify(row);
    expect(text).not.toContain("110123456789");
    expect(text).not.toContain("9001011234567");
    expect(text).not.toContain("1234567");
    expect(row).toMatchObject({
      category: "individual",
      accountMasked: "********6789",
      residentMasked: "900101-1******",
      agreedAt: clock.now(),
    });
    expect(openAccountNumber(keyring, row.accountSealed, rider.id)).toBe("110123456789");
    expect(openResidentNumber(keyring, row.residentSealed!, rider.id)).toBe("9001011234567");
    // Bound to its owner and its purpose: it opens for nobody else and as nothing else.
    expect(() => openAccountNumber(keyring, row.accountSealed, admin.id)).toThrow("did not authenticate");
    expect(() => openResidentNumber(keyring, row.accountSealed, rider.id)).toThrow("did not authenticate");

    const view = await settlementInfoView(db, rider.id);
    expect(view).toEqual({
      category: "individual",
      bankCode: "088",
      holderName: "김민수",
      accountMasked: "********6789",
      residentMasked: "900101-1******",
      ownerName: null,
      taxEmail: null,
      taxPhone: null,
      agreedAt: clock.now(),
      review: { state: "waiting", note: null, at: null },
      updatedAt: clock.now(),
    });
    expect(JSON.stringify(view)).not.toContain("v1.");
    expect(await settlementInfoView(db, admin.id)).toBeNull();

    const account = await runInTransaction(db, clock, (uow) => payoutAccountOf(uow, rider.id));
    expect(account).toEqual({
      category: "individual",
      bankCode: "088",
      holderName: "김민수",
      accountSealed: row.accountSealed,
      accountMasked: "********6789",
    });
    expect(await runInTransaction(db, clock, (uow) => payoutAccountOf(uow, admin.id))).toBeNull();
  });

  it("keeps the stored numbers when a change leaves them empty, and seals a new one anew", async () => {
    const rider = await withPassword();
    await saveSettlementInfo(db, clock, keyring, rider, individualForm, checked);
    const first = await storedRow(rider.id);
    await saveSettlementInfo(
      db,
      clock,
      keyring,
      rider,
      {
        ...individualForm,
        bankCode: "090",
        holderName: "김 민수",
        accountNumber: "",
        residentNumber: undefined,
      },
      checked,
    );
    const kept = await storedRow(rider.id);
    expect(kept).toMatchObject({
      bankCode: "090",
      holderName: "김 민수",
      accountSealed: first.accountSealed,
      residentSealed: first.residentSealed,
    });
    await saveSettlementInfo(
      db,
      clock,
      keyring,
      rider,
      { ...individualForm, accountNumber: "3333012345678" },
      checked,
    );
    const changed = await storedRow(rider.id);
    expect(changed.accountMasked).toBe("*********5678");
    expect(openAccountNumber(keyring, changed.accountSealed, rider.id)).toBe("3333012345678");
  });

  it("takes the category from the member's type: a business gives its owner and tax contacts", async () => {
    const shop = await withPassword({ memberType: "business" });
    const form: SettlementInfoInput = {
      bankCode: "004",
      holderName: "모토상사",
      accountNumber: "1234567890",
      residentNumber: "900101-1234567",
      ownerName: "박대표",
      taxEmail: "Tax@Example.com",
      taxPhone: "010-1234-5678",
    };
    await saveSettlementInfo(db, clock, keyring, shop, form, checked);
    expect(await storedRow(shop.id)).toMatchObject({
      category: "business",
      residentSealed: null,
      residentMasked: null,
      ownerName: "박대표",
      taxEmail: "tax@example.com",
      taxPhone: "01012345678",
      agreedAt: null,
    });
    expect(
      (
        await refusal(
          saveSettlementInfo(db, clock, keyring, shop, { ...form, taxPhone: "0212345678" }, checked),
        )
      ).code,
    ).toBe("phone_invalid");
  });

  it("refuses what the form would have refused, without a number in any message", async () => {
    const rider = await withPassword();
    const cases: [Partial<SettlementInfoInput>, string][] = [
      [{ bankCode: "999" }, "bank_invalid"],
      [{ holderName: "Kim" }, "holder_invalid"],
      [{ accountNumber: "12345" }, "account_invalid"],
      [{ accountNumber: "" }, "account_required"],
      [{ residentNumber: "901301-1234567" }, "resident_invalid"],
      [{ residentNumber: "" }, "resident_required"],
      // 15 on 16 June 2026 in Seoul, the day after the clock's.
      [{ residentNumber: "110616-3234567" }, "too_young"],
      [{ agreed: false }, "agreement_required"],
    ];
    for (const [change, code] of cases) {
      const error = await saveSettlementInfo(
        db,
        clock,
        keyring,
        rider,
        { ...individualForm, ...change },
        checked,
      ).catch((thrown: Error) => thrown);
      expect((error as DomainError).code, code).toBe(code);
      expect((error as Error).message).not.toMatch(/\d{6}/);
    }
    await saveSettlementInfo(
      db,
      clock,
      keyring,
      rider,
      { ...individualForm, residentNumber: "110615-3234567" },
      checked,
    );
    expect((await storedRow(rider.id)).residentMasked).toBe("110615-3******");
  });

  it("needs a withdrawal password that is not locked, and the recent security check", async () => {
    const rider = await insertMember(db);
    expect((await refusal(saveSettlementInfo(db, clock, keyring, rider, individualForm, checked))).code).toBe(
      "password_required",
    );
    await setWithdrawalPassword(db, clock, rider, "246802", { recentlyChecked: false });
    expect(
      (
        await refusal(
          saveSettlementInfo(db, clock, keyring, rider, individualForm, { recentlyChecked: false }),
        )
      ).code,
    ).toBe("security_check_required");
    await db
      .update(withdrawalPassword)
      .set({ lockedAt: clock.now() })
      .where(eq(withdrawalPassword.userId, rider.id));
    expect((await refusal(saveSettlementInfo(db, clock, keyring, rider, individualForm, checked))).code).toBe(
      "password_locked",
    );
    expect(await settlementInfoView(db, rider.id)).toBeNull();
  });
});

describe("the withdrawal password", () => {
  it("is set once freely, and changed only after the security check", async () => {
    const rider = await insertMember(db);
    expect(await withdrawalPasswordState(db, rider.id)).toEqual({ state: "none" });
    expect((await refusal(setWithdrawalPassword(db, clock, rider, "12345", checked))).code).toBe(
      "password_format",
    );
    await setWithdrawalPassword(db, clock, rider, "123456", { recentlyChecked: false });
    const [row] = await db.select().from(withdrawalPassword).where(eq(withdrawalPassword.userId, rider.id));
    expect(row!.hash).not.toContain("123456");
    expect(row!.hash).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    expect(await withdrawalPasswordState(db, rider.id)).toEqual({ state: "set", failedTries: 0 });
    expect(
      (await refusal(setWithdrawalPassword(db, clock, rider, "654321", { recentlyChecked: false }))).code,
    ).toBe("password_set");
    await setWithdrawalPassword(db, clock, rider, "654321", checked);
    await checkWithdrawalPassword(db, clock, rider, "session-a", "654321");
  });

  it("checks the session for five minutes on the right password, and counts wrong ones to a lock at five", async () => {
    const rider = await withPassword();
    const session = `session-${rider.id}`;
    expect(await hasRecentSecurityCheck(db, clock, rider.id, session)).toBe(false);
    expect(await refusal(checkWithdrawalPassword(db, clock, rider, session, "000000"))).toEqual({
      code: "password_wrong",
      params: { tries: 1, max: PASSWORD_MAX_TRIES },
    });
    // Text that is not six digits is not a try.
    expect((await refusal(checkWithdrawalPassword(db, clock, rider, session, "12ab56"))).code).toBe(
      "password_format",
    );
    await checkWithdrawalPassword(db, clock, rider, session, "135790");
    expect(await withdrawalPasswordState(db, rider.id)).toEqual({ state: "set", failedTries: 0 });
    expect(await hasRecentSecurityCheck(db, clock, rider.id, session)).toBe(true);
    expect(await hasRecentSecurityCheck(db, clock, rider.id, "another-session")).toBe(false);
    expect(await hasRecentSecurityCheck(db, clock, admin.id, session)).toBe(false);
    const later = new FixedClock(new Date(clock.now().getTime() + SECURITY_CHECK_MS));
    expect(await hasRecentSecurityCheck(db, later, rider.id, session)).toBe(false);

    for (let tries = 1; tries < PASSWORD_MAX_TRIES; tries++)
      expect(await refusal(checkWithdrawalPassword(db, clock, rider, session, "111111"))).toEqual({
        code: "password_wrong",
        params: { tries, max: PASSWORD_MAX_TRIES },
      });
    expect((await refusal(checkWithdrawalPassword(db, clock, rider, session, "111111"))).code).toBe(
      "password_locked",
    );
    // The lock ends the check this session passed a moment ago.
    expect(await hasRecentSecurityCheck(db, clock, rider.id, session)).toBe(false);
    // Locked: even the right password is refused, and the member cannot set a new one.
    expect((await refusal(checkWithdrawalPassword(db, clock, rider, session, "135790"))).code).toBe(
      "password_locked",
    );
    expect((await refusal(setWithdrawalPassword(db, clock, rider, "999999", checked))).code).toBe(
      "password_locked",
    );
    expect(await withdrawalPasswordState(db, rider.id)).toEqual({ state: "locked", lockedAt: clock.now() });
    const [row] = await db.select().from(withdrawalPassword).where(eq(withdrawalPassword.userId, rider.id));
    expect(row!.failedTries).toBe(PASSWORD_MAX_TRIES);
  });

  it(
    "counts every one of many concurrent wrong tries, and never past five",
    { tags: ["concurrency"] },
    async () => {
      const rider = await withPassword();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          refusal(checkWithdrawalPassword(db, clock, rider, `burst-${n}`, "000000")),
        ),
      );
      const wrong = answers.filter((answer) => answer.code === "password_wrong");
      expect(wrong.map((answer) => answer.params!.tries).sort()).toEqual([1, 2, 3, 4]);
      expect(answers.filter((answer) => answer.code === "password_locked")).toHaveLength(4);
      const [row] = await db.select().from(withdrawalPassword).where(eq(withdrawalPassword.userId, rider.id));
      expect(row).toMatchObject({ failedTries: PASSWORD_MAX_TRIES });
      expect(row!.lockedAt).not.toBeNull();

      const other = await withPassword();
      const three = await Promise.all(
        Array.from({ length: 3 }, () => refusal(checkWithdrawalPassword(db, clock, other, "s", "000000"))),
      );
      expect(three.map((answer) => answer.params!.tries).sort()).toEqual([1, 2, 3]);
      expect(await withdrawalPasswordState(db, other.id)).toEqual({ state: "set", failedTries: 3 });
    },
  );
});

describe("the console", () => {
  it("lists the information masked, newest change first, and marks it reviewed or to correct, audited", async () => {
    const first = await withPassword();
    await saveSettlementInfo(db, clock, keyring, first, individualForm, checked);
    const later = new FixedClock(new Date(clock.now().getTime() + 60_000));
    const second = await withPassword();
    await saveSettlementInfo(db, later, keyring, second, individualForm, checked);

    const member = await insertMember(db);
    expect((await refusal(listSettlementInfos(db, member, { page: 1 }))).code).toBe("forbidden");
    const { rows } = await listSettlementInfos(db, admin, { page: 1 });
    expect(rows[0]!.userId).toBe(second.id);
    expect(rows.findIndex((row) => row.userId === second.id)).toBeLessThan(
      rows.findIndex((row) => row.userId === first.id),
    );
    expect(JSON.stringify(rows)).not.toContain("v1.");
    expect(JSON.stringify(rows)).not.toContain("110123456789");

    expect(
      (await refusal(reviewSettlementInfo(db, clock, admin, first.id, { verdict: "correction", note: " " })))
        .code,
    ).toBe("review_note_required");
    expect(
      (await refusal(reviewSettlementInfo(db, clock, member, first.id, { verdict: "reviewed" }))).code,
    ).toBe("forbidden");
    await reviewSettlementInfo(db, clock, admin, first.id, {
      verdict: "correction",
      note: "예금주 확인 필요",
    });
    expect((await settlementInfoView(db, first.id))!.review).toEqual({
      state: "correction",
      note: "예금주 확인 필요",
      at: clock.now(),
    });
    await reviewSettlementInfo(db, clock, admin, first.id, { verdict: "reviewed" });
    expect((await settlementInfoView(db, first.id))!.review.state).toBe("reviewed");
    // The member's change asks for a new review.
    await saveSettlementInfo(db, clock, keyring, first, { ...individualForm, accountNumber: "" }, checked);
    expect((await settlementInfoView(db, first.id))!.review.state).toBe("waiting");
    const audit = await db
      .select({ action: adminAudit.action, reason: adminAudit.reason, after: adminAudit.after })
      .from(adminAudit)
      .where(and(eq(adminAudit.subjectKind, "settlement_info"), eq(adminAudit.subjectId, first.id)))
      .orderBy(adminAudit.id);
    expect(audit).toEqual([
      { action: "settlement.info.review", reason: "예금주 확인 필요", after: { state: "correction" } },
      { action: "settlement.info.review", reason: null, after: { state: "reviewed" } },
    ]);
  });

  it("unlocks a locked password: cleared, so the member sets a new one; audited", async () => {
    const rider = await withPassword();
    for (let n = 0; n < PASSWORD_MAX_TRIES; n++)
      await checkWithdrawalPassword(db, clock, rider, "s", "000000").catch(() => undefined);
    expect((await listLockedPasswords(db, admin)).map((row) => row.userId)).toContain(rider.id);
    expect((await refusal(unlockWithdrawalPassword(db, clock, await insertMember(db), rider.id))).code).toBe(
      "forbidden",
    );
    await unlockWithdrawalPassword(db, clock, admin, rider.id);
    const [row] = await db.select().from(withdrawalPassword).where(eq(withdrawalPassword.userId, rider.id));
    expect(row).toMatchObject({ hash: null, failedTries: 0, lockedAt: null });
    expect(await withdrawalPasswordState(db, rider.id)).toEqual({ state: "none" });
    expect((await listLockedPasswords(db, admin)).map((one) => one.userId)).not.toContain(rider.id);
    expect((await refusal(unlockWithdrawalPassword(db, clock, admin, rider.id))).code).toBe("not_found");
    await setWithdrawalPassword(db, clock, rider, "112233", { recentlyChecked: false });
    await checkWithdrawalPassword(db, clock, rider, "s", "112233");
    const audit = await db
      .select({ action: adminAudit.action, adminId: adminAudit.adminId })
      .from(adminAudit)
      .where(and(eq(adminAudit.subjectKind, "withdrawal_password"), eq(adminAudit.subjectId, rider.id)));
    expect(audit).toEqual([{ action: "settlement.password.unlock", adminId: admin.id }]);
  });
});
