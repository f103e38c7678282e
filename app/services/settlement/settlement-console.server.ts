import { desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member, settlementInfo, withdrawalPassword, type SettlementCategory } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor, StaffActor } from "#app/services/actor";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { DomainError } from "#app/services/errors";
import { displayName } from "#app/services/members/display-name.server";
import { requirePermission } from "#app/services/permissions";
import { maskPhoneNumber } from "#app/services/personal-numbers/phone";
import type { SettlementInfoErrorCode } from "./info-errors";
import { reviewStateOf, type ReviewState } from "./settlement-info.server";
import { ADMIN_REASON_MAX } from "./settlement-rules";

/**
 * The console's page of settlement information (staff who handle money, after the recent step-up): members'
 * accounts, masked only, with a review mark; and the locked withdrawal passwords, which an unlock clears. Both acts
 * are audit-logged; neither ever reads a sealed number.
 */

const fail = (code: SettlementInfoErrorCode) => new DomainError("settlementInfo", code);
const PAGE_SIZE = 20;
const LOCKED_MAX = 100;

export interface ConsoleSettlementInfo {
  userId: string;
  nickname: string;
  category: SettlementCategory;
  bankCode: string;
  holderName: string;
  accountMasked: string;
  residentMasked: string | null;
  ownerName: string | null;
  taxEmail: string | null;
  /** Masked: the console needs no more to recognise it. */
  taxPhone: string | null;
  agreedAt: Date | null;
  updatedAt: Date;
  review: { state: ReviewState; note: string | null; at: Date | null; byNickname: string | null };
}

/** The members' settlement information, the most recently changed first, a page at a time. */
export async function listSettlementInfos(
  db: Database,
  actor: Actor | null,
  query: { page: number },
): Promise<{ rows: ConsoleSettlementInfo[]; hasNext: boolean }> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const rows = await db
    .select({
      userId: settlementInfo.userId,
      category: settlementInfo.category,
      bankCode: settlementInfo.bankCode,
      holderName: settlementInfo.holderName,
      accountMasked: settlementInfo.accountMasked,
      residentMasked: settlementInfo.residentMasked,
      ownerName: settlementInfo.ownerName,
      taxEmail: settlementInfo.taxEmail,
      taxPhone: settlementInfo.taxPhone,
      agreedAt: settlementInfo.agreedAt,
      updatedAt: settlementInfo.updatedAt,
      reviewedAt: settlementInfo.reviewedAt,
      reviewNote: settlementInfo.reviewNote,
      reviewedBy: settlementInfo.reviewedBy,
      member: { nickname: member.nickname, name: member.name },
    })
    .from(settlementInfo)
    .innerJoin(member, eq(member.id, settlementInfo.userId))
    .orderBy(desc(settlementInfo.updatedAt), settlementInfo.userId)
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE);
  const page = rows.slice(0, PAGE_SIZE);
  const reviewerIds = [...new Set(page.flatMap((row) => row.reviewedBy ?? []))];
  const reviewers =
    reviewerIds.length === 0
      ? []
      : await db
          .select({ id: member.id, nickname: member.nickname, name: member.name })
          .from(member)
          .where(inArray(member.id, reviewerIds));
  const reviewerName = (id: string | null) => {
    const found = reviewers.find((one) => one.id === id);
    return found ? displayName(found) : null;
  };
  return {
    hasNext: rows.length > PAGE_SIZE,
    rows: page.map(({ member: owner, ...info }) => ({
      userId: info.userId,
      nickname: displayName(owner),
      category: info.category,
      bankCode: info.bankCode,
      holderName: info.holderName,
      accountMasked: info.accountMasked,
      residentMasked: info.residentMasked,
      ownerName: info.ownerName,
      taxEmail: info.taxEmail,
      taxPhone: info.taxPhone ? maskPhoneNumber(info.taxPhone) : null,
      agreedAt: info.agreedAt,
      updatedAt: info.updatedAt,
      review: {
        state: reviewStateOf(info),
        note: info.reviewNote,
        at: info.reviewedAt,
        byNickname: info.reviewedAt ? reviewerName(info.reviewedBy) : null,
      },
    })),
  };
}

export type ReviewVerdict = { verdict: "reviewed" } | { verdict: "correction"; note: string };

/** Marks a member's settlement information looked at, or sent back with a note the member reads; audit-logged. */
export async function reviewSettlementInfo(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  userId: string,
  review: ReviewVerdict,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const staff: StaffActor = actor;
  let note: string | null = null;
  if (review.verdict === "correction") {
    note = review.note.trim();
    if (note === "") throw fail("review_note_required");
    if ([...note].length > ADMIN_REASON_MAX) throw fail("review_note_length");
  }
  await runInTransaction(db, clock, async (uow) => {
    const [row] = await uow.tx
      .select({ reviewedAt: settlementInfo.reviewedAt, reviewNote: settlementInfo.reviewNote })
      .from(settlementInfo)
      .where(eq(settlementInfo.userId, userId))
      .for("update");
    if (!row) throw fail("not_found");
    await uow.tx
      .update(settlementInfo)
      .set({ reviewedAt: uow.now, reviewedBy: staff.id, reviewNote: note })
      .where(eq(settlementInfo.userId, userId));
    await recordAdminAct(
      uow,
      staff,
      {
        action: "settlement.info.review",
        subject: { kind: "settlement_info", id: userId },
        reason: note,
        before: { state: reviewStateOf(row) },
        after: { state: review.verdict },
      },
      from,
    );
  });
}

export interface LockedPassword {
  userId: string;
  nickname: string;
  failedTries: number;
  lockedAt: Date;
}

/** The locked withdrawal passwords, the most recently locked first. */
export async function listLockedPasswords(db: Database, actor: Actor | null): Promise<LockedPassword[]> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const rows = await db
    .select({
      userId: withdrawalPassword.userId,
      failedTries: withdrawalPassword.failedTries,
      lockedAt: withdrawalPassword.lockedAt,
      nickname: member.nickname,
      name: member.name,
    })
    .from(withdrawalPassword)
    .innerJoin(member, eq(member.id, withdrawalPassword.userId))
    .where(isNotNull(withdrawalPassword.lockedAt))
    .orderBy(desc(withdrawalPassword.lockedAt))
    .limit(LOCKED_MAX);
  return rows.map((row) => ({
    userId: row.userId,
    nickname: displayName(row),
    failedTries: row.failedTries,
    lockedAt: row.lockedAt!,
  }));
}

/**
 * Unlocks a member's locked withdrawal password: the hash is cleared with the count and the lock, so the member sets
 * a new one before any withdrawal; audit-logged. A password that is not locked is refused as not found.
 */
export async function unlockWithdrawalPassword(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  userId: string,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const staff: StaffActor = actor;
  await runInTransaction(db, clock, async (uow) => {
    const [row] = await uow.tx
      .select({ failedTries: withdrawalPassword.failedTries, lockedAt: withdrawalPassword.lockedAt })
      .from(withdrawalPassword)
      .where(eq(withdrawalPassword.userId, userId))
      .for("update");
    if (!row?.lockedAt) throw fail("not_found");
    await uow.tx
      .update(withdrawalPassword)
      .set({ hash: null, failedTries: 0, lockedAt: null, updatedAt: uow.now })
      .where(eq(withdrawalPassword.userId, userId));
    await recordAdminAct(
      uow,
      staff,
      {
        action: "settlement.password.unlock",
        subject: { kind: "withdrawal_password", id: userId },
        before: { failedTries: row.failedTries, locked: true },
        after: { failedTries: 0, locked: false },
      },
      from,
    );
  });
}
