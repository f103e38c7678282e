import { and, asc, desc, eq, gte, inArray, lt, ne } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  earningLine,
  ledgerAccount,
  meeting,
  member,
  refundRequest,
  settlementInfo,
  withdrawal,
  type EarningLineStatus,
  type MeetingKind,
  type WithdrawalStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { PersonalDataKeyring } from "#app/platform/crypto/personal-number.server";
import { seoulDay, startOfSeoulDay } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import {
  memberPendingEarningsCode,
  memberWithdrawableEarningsCode,
} from "#app/services/ledger/accounts.server";
import { displayName } from "#app/services/members/display-name.server";
import { requirePermission } from "#app/services/permissions";
import { csvOf } from "#app/platform/csv";
import { openResidentNumber } from "./settlement-info.server";
import { MAX_LINES_PER_WITHDRAWAL } from "./withdrawals.server";

/**
 * What the settlement pages read (ADR 064): the member's earnings, lines and withdrawals on /settlement and the tax
 * withheld per Seoul month; the console's queue of withdrawals and the monthly tax files. No page gets an account or
 * resident number in plain; only the tax file opens resident numbers, and its one audit row names whose.
 */

const fail = (code: "forbidden" | "month_invalid") => new DomainError("settlement", code);

interface SettlementLine {
  id: number;
  meetingKind: MeetingKind;
  endedAt: Date | null;
  price: number;
  fee: number;
  amount: number;
  status: EarningLineStatus;
  releasableAt: Date;
  /** A refund request of its meeting is open: the release waits for the decision. */
  heldByRefund: boolean;
}

interface MemberWithdrawal {
  id: number;
  status: WithdrawalStatus;
  gross: number;
  bankFee: number;
  incomeTax: number;
  localTax: number;
  deposit: number;
  requestedAt: Date;
  holdReason: string | null;
  failReason: string | null;
}

export interface SettlementOverview {
  withdrawable: number;
  pending: number;
  account: {
    category: "individual" | "business";
    bankCode: string;
    holderName: string;
    accountMasked: string;
  } | null;
  /** Lines on hold and withdrawable, oldest first (at most MAX_LINES_PER_WITHDRAWAL of each). */
  lines: SettlementLine[];
  withdrawals: MemberWithdrawal[];
  hasNext: boolean;
}

const HISTORY_PAGE_SIZE = 10;

async function balance(db: Database, code: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.code, code));
  return Number(row?.balance ?? 0);
}

/** The member's settlement page: balances, the account (masked), the open lines and a page of withdrawals. */
export async function settlementOverview(
  db: Database,
  actor: Actor,
  query: { page: number },
): Promise<SettlementOverview> {
  const [info] = await db
    .select({
      category: settlementInfo.category,
      bankCode: settlementInfo.bankCode,
      holderName: settlementInfo.holderName,
      accountMasked: settlementInfo.accountMasked,
    })
    .from(settlementInfo)
    .where(eq(settlementInfo.userId, actor.id));
  const lines: SettlementLine[] = [];
  for (const status of ["withdrawable", "pending"] as const) {
    const rows = await db
      .select({
        id: earningLine.id,
        meetingId: earningLine.meetingId,
        meetingKind: meeting.kind,
        endedAt: meeting.endedAt,
        price: earningLine.price,
        fee: earningLine.fee,
        amount: earningLine.amount,
        status: earningLine.status,
        releasableAt: earningLine.releasableAt,
      })
      .from(earningLine)
      .innerJoin(meeting, eq(meeting.id, earningLine.meetingId))
      .where(and(eq(earningLine.providerId, actor.id), eq(earningLine.status, status)))
      .orderBy(asc(earningLine.id))
      .limit(MAX_LINES_PER_WITHDRAWAL);
    const meetingIds = rows.map((row) => row.meetingId);
    const open =
      status === "pending" && meetingIds.length > 0
        ? await db
            .select({ meetingId: refundRequest.meetingId })
            .from(refundRequest)
            .where(and(inArray(refundRequest.meetingId, meetingIds), eq(refundRequest.status, "open")))
        : [];
    const held = new Set(open.map((row) => row.meetingId));
    for (const { meetingId, ...row } of rows) lines.push({ ...row, heldByRefund: held.has(meetingId) });
  }
  const rows = await db
    .select({
      id: withdrawal.id,
      status: withdrawal.status,
      gross: withdrawal.gross,
      bankFee: withdrawal.bankFee,
      incomeTax: withdrawal.incomeTax,
      localTax: withdrawal.localTax,
      deposit: withdrawal.deposit,
      requestedAt: withdrawal.requestedAt,
      holdReason: withdrawal.holdReason,
      failReason: withdrawal.failReason,
    })
    .from(withdrawal)
    .where(eq(withdrawal.userId, actor.id))
    .orderBy(desc(withdrawal.id))
    .limit(HISTORY_PAGE_SIZE + 1)
    .offset((query.page - 1) * HISTORY_PAGE_SIZE);
  return {
    withdrawable: await balance(db, memberWithdrawableEarningsCode(actor.id)),
    pending: await balance(db, memberPendingEarningsCode(actor.id)),
    account: info ?? null,
    lines,
    withdrawals: rows.slice(0, HISTORY_PAGE_SIZE),
    hasNext: rows.length > HISTORY_PAGE_SIZE,
  };
}

const pad2 = (value: number) => String(value).padStart(2, "0");

/** The Seoul instants a year or a month ("2026-07") starts and ends. */
function seoulRange(from: string, to: string) {
  return { start: startOfSeoulDay(`${from}-01`), end: startOfSeoulDay(`${to}-01`) };
}

function monthRange(month: string) {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = Number(match?.[1]);
  const number = Number(match?.[2]);
  if (!match || number < 1 || number > 12 || year < 2000 || year > 2999) throw fail("month_invalid");
  const next = number === 12 ? `${year + 1}-01` : `${year}-${pad2(number + 1)}`;
  return seoulRange(month, next);
}

export interface TaxMonth {
  /** "2026-07" */
  month: string;
  gross: number;
  incomeTax: number;
  localTax: number;
  deposit: number;
  /** Business members: the platform's fees of the lines settled in the month, and how many. */
  fees: number;
  lines: number;
}

/**
 * The member's tax by Seoul month of one year: individuals' paid withdrawals (gross, income tax and local income tax
 * withheld, deposited), or business members' platform fees of the lines settled in the month (for their tax
 * invoices; refunded lines left out). Months with nothing are left out.
 */
export async function taxSummary(
  db: Database,
  actor: Actor,
  query: { year: number },
): Promise<{ category: "individual" | "business"; months: TaxMonth[] }> {
  const [info] = await db
    .select({ category: settlementInfo.category })
    .from(settlementInfo)
    .where(eq(settlementInfo.userId, actor.id));
  const [who] = await db
    .select({ memberType: member.memberType })
    .from(member)
    .where(eq(member.id, actor.id));
  const category = info?.category ?? (who?.memberType === "business" ? "business" : "individual");
  const { start, end } = seoulRange(`${query.year}-01`, `${query.year + 1}-01`);
  const months = new Map<string, TaxMonth>();
  const monthOf = (at: Date) => {
    const key = seoulDay(at).slice(0, 7);
    let found = months.get(key);
    if (!found) {
      found = { month: key, gross: 0, incomeTax: 0, localTax: 0, deposit: 0, fees: 0, lines: 0 };
      months.set(key, found);
    }
    return found;
  };
  if (category === "individual") {
    const paid = await db
      .select()
      .from(withdrawal)
      .where(
        and(
          eq(withdrawal.userId, actor.id),
          eq(withdrawal.status, "paid"),
          gte(withdrawal.paidAt, start),
          lt(withdrawal.paidAt, end),
        ),
      );
    for (const row of paid) {
      const month = monthOf(row.paidAt!);
      month.gross += row.gross;
      month.incomeTax += row.incomeTax;
      month.localTax += row.localTax;
      month.deposit += row.deposit;
      month.lines += 1;
    }
  } else {
    const settled = await db
      .select({ fee: earningLine.fee, settledAt: earningLine.settledAt })
      .from(earningLine)
      .where(
        and(
          eq(earningLine.providerId, actor.id),
          ne(earningLine.status, "refunded"),
          gte(earningLine.settledAt, start),
          lt(earningLine.settledAt, end),
        ),
      );
    for (const row of settled) {
      const month = monthOf(row.settledAt);
      month.fees += row.fee;
      month.lines += 1;
    }
  }
  return { category, months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)) };
}

export interface ConsoleWithdrawal {
  id: number;
  status: WithdrawalStatus;
  nickname: string;
  category: "individual" | "business";
  gross: number;
  bankFee: number;
  incomeTax: number;
  localTax: number;
  deposit: number;
  bankCode: string;
  holderName: string;
  accountMasked: string;
  requestedAt: Date;
  paidAt: Date | null;
  holdReason: string | null;
  failReason: string | null;
}

const CONSOLE_PAGE_SIZE = 20;

/** The console's queue of withdrawals in one state, oldest first (the finished ones newest first). */
export async function listWithdrawals(
  db: Database,
  actor: Actor | null,
  query: { state: WithdrawalStatus; page: number },
): Promise<{ rows: ConsoleWithdrawal[]; hasNext: boolean; requested: number }> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const finished = query.state === "paid" || query.state === "failed" || query.state === "cancelled";
  const rows = await db
    .select({
      row: withdrawal,
      nickname: member.nickname,
      name: member.name,
    })
    .from(withdrawal)
    .innerJoin(member, eq(member.id, withdrawal.userId))
    .where(eq(withdrawal.status, query.state))
    .orderBy(finished ? desc(withdrawal.id) : asc(withdrawal.id))
    .limit(CONSOLE_PAGE_SIZE + 1)
    .offset((query.page - 1) * CONSOLE_PAGE_SIZE);
  const requested = await db
    .select({ id: withdrawal.id })
    .from(withdrawal)
    .where(eq(withdrawal.status, "requested"));
  return {
    hasNext: rows.length > CONSOLE_PAGE_SIZE,
    requested: requested.length,
    rows: rows.slice(0, CONSOLE_PAGE_SIZE).map(({ row, nickname, name }) => ({
      id: row.id,
      status: row.status,
      nickname: displayName({ nickname, name }),
      category: row.category,
      gross: row.gross,
      bankFee: row.bankFee,
      incomeTax: row.incomeTax,
      localTax: row.localTax,
      deposit: row.deposit,
      bankCode: row.bankCode,
      holderName: row.holderName,
      accountMasked: row.accountMasked,
      requestedAt: row.requestedAt,
      paidAt: row.paidAt,
      holdReason: row.holdReason,
      failReason: row.failReason,
    })),
  };
}

/**
 * The month's withholding data the platform files (간이지급명세서): every individual's withdrawal paid in that
 * Seoul month, with the payee's resident number opened for the filing. The opening is one audit row naming the
 * members whose numbers were opened, in the same unit.
 */
export async function withholdingCsv(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  keyring: PersonalDataKeyring,
  month: string,
  from?: ActingFrom,
): Promise<{ csv: string; count: number }> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const staff = actor;
  const { start, end } = monthRange(month);
  return runInTransaction(db, clock, async (uow) => {
    const rows = await uow.tx
      .select({
        row: withdrawal,
        nickname: member.nickname,
        name: member.name,
        residentSealed: settlementInfo.residentSealed,
      })
      .from(withdrawal)
      .innerJoin(member, eq(member.id, withdrawal.userId))
      .leftJoin(settlementInfo, eq(settlementInfo.userId, withdrawal.userId))
      .where(
        and(
          eq(withdrawal.status, "paid"),
          eq(withdrawal.category, "individual"),
          gte(withdrawal.paidAt, start),
          lt(withdrawal.paidAt, end),
        ),
      )
      .orderBy(asc(withdrawal.paidAt), asc(withdrawal.id));
    const lines = rows.map(({ row, nickname, name, residentSealed }) => [
      row.id,
      displayName({ nickname, name }),
      row.holderName,
      residentSealed ? openResidentNumber(keyring, residentSealed, row.userId) : "",
      row.gross,
      row.incomeTax,
      row.localTax,
      row.deposit,
      seoulDay(row.paidAt!),
    ]);
    const memberIds = [...new Set(rows.map(({ row }) => row.userId))];
    await recordAdminAct(
      uow,
      staff,
      {
        action: "withdrawal.tax.export",
        subject: { kind: "withholding_month", id: month },
        after: { count: rows.length, memberIds },
      },
      from,
    );
    return {
      count: rows.length,
      csv: csvOf(
        [
          "withdrawal_id",
          "nickname",
          "holder_name",
          "resident_number",
          "gross",
          "income_tax",
          "local_tax",
          "deposit",
          "paid_date",
        ],
        lines,
      ),
    };
  });
}

/**
 * The month's platform fees per business member, for the tax invoices the platform issues: the fees of their lines
 * settled in that Seoul month (refunded lines left out), with the owner's name and where invoices go.
 */
export async function businessFeesCsv(
  db: Database,
  actor: Actor | null,
  month: string,
): Promise<{ csv: string; count: number }> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const { start, end } = monthRange(month);
  const rows = await db
    .select({
      providerId: earningLine.providerId,
      fee: earningLine.fee,
      nickname: member.nickname,
      name: member.name,
      ownerName: settlementInfo.ownerName,
      taxEmail: settlementInfo.taxEmail,
      taxPhone: settlementInfo.taxPhone,
    })
    .from(earningLine)
    .innerJoin(member, eq(member.id, earningLine.providerId))
    .leftJoin(settlementInfo, eq(settlementInfo.userId, earningLine.providerId))
    .where(
      and(
        eq(earningLine.providerType, "business"),
        ne(earningLine.status, "refunded"),
        gte(earningLine.settledAt, start),
        lt(earningLine.settledAt, end),
      ),
    )
    .orderBy(asc(earningLine.providerId), asc(earningLine.id));
  const byMember = new Map<string, { row: (typeof rows)[number]; fees: number; lines: number }>();
  for (const row of rows) {
    const found = byMember.get(row.providerId) ?? { row, fees: 0, lines: 0 };
    found.fees += row.fee;
    found.lines += 1;
    byMember.set(row.providerId, found);
  }
  const lines = [...byMember.values()].map(({ row, fees, lines: count }) => [
    displayName({ nickname: row.nickname, name: row.name }),
    row.ownerName ?? "",
    row.taxEmail ?? "",
    row.taxPhone ?? "",
    count,
    fees,
  ]);
  return {
    count: lines.length,
    csv: csvOf(["nickname", "owner_name", "tax_email", "tax_phone", "lines", "platform_fees"], lines),
  };
}
