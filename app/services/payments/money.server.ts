import { and, eq } from "drizzle-orm";
import { ledgerAccount, ledgerEntry, ledgerTransaction, member, type paymentOrder } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import type { ActorOrSystem } from "#app/services/actor";
import {
  ensureMemberAccount,
  ensurePlatformAccount,
  GATEWAY_CLEARING_KRW,
  HELD_FOR_MEETINGS_KRW,
  memberPendingEarningsCode,
  PLATFORM_FEES_KRW,
  PROMOTIONS_KRW,
} from "#app/services/ledger/accounts.server";
import type { LedgerSubject } from "#app/services/ledger/kinds";
import { post, reverseTransaction, type PostEntry } from "#app/services/ledger/posting.server";
import {
  earningsAccountForRefund,
  openEarningLine,
  takeBackFromLine,
  type ReleasedEarnings,
} from "#app/services/settlement/earnings.server";
import { DomainError } from "#app/services/errors";

/**
 * A meeting's money in the ledger (ADR 061), in won:
 * - capture: the gateway's charge (gateway clearing) and the coupon's discount (promotions) are held for the meeting;
 * - settlement, when the meeting ends: the held price goes to the provider's pending earnings less the platform's
 *   fee; the next step (the hold's release) is the earnings' own;
 * - refund: before the settlement the capture is reversed; after it, the refunded part is taken back from the
 *   provider's pending earnings and the fee in proportion, and the promotions get back their share of the discount.
 */

export type PaymentOrder = typeof paymentOrder.$inferSelect;

/** The platform's fee in basis points: 10% of an individual provider's price, 5% of a business's. */
const FEE_BASIS_POINTS = { individual: 1_000, business: 500 } as const;
export type ProviderType = keyof typeof FEE_BASIS_POINTS;

/**
 * The fee on a price, in whole won: the rate applied to the full price (a coupon's discount does not lower it),
 * rounded half up (10% of 12,345원 is 1,235원; 5% of 10,010원 is 501원).
 */
export function feeOf(price: number, providerType: ProviderType): number {
  return Math.floor((price * FEE_BASIS_POINTS[providerType] + 5_000) / 10_000);
}

/**
 * What a refund takes back from each account once the meeting was settled, for `refunded` won of the `charged` in
 * total (all refunds so far, this one included): the provider's share of the price after the fee rounded up, the
 * fee's share rounded down, so that a full refund takes back exactly what was settled and a partial one never
 * leaves the provider paid for what was refunded. The promotions get back what the two exceed the refund by (their
 * share of the discount). The amounts of one refund are the difference of this between its total and the last.
 */
export function refundShares(
  settled: { price: number; fee: number; charged: number },
  refunded: number,
): { provider: number; fee: number } {
  const { price, fee, charged } = settled;
  if (charged <= 0 || refunded <= 0) return { provider: 0, fee: 0 };
  const earned = BigInt(price - fee);
  const total = BigInt(refunded);
  const whole = BigInt(charged);
  const provider = (earned * total + whole - 1n) / whole;
  const feeShare = (BigInt(fee) * total) / whole;
  return { provider: Number(provider), fee: Number(feeShare) };
}

const subjectOf = (order: PaymentOrder): LedgerSubject => ({ type: "payment", id: String(order.id) });
export const captureKey = (order: Pick<PaymentOrder, "id">) => `payment:${order.id}:capture`;
const settlementKey = (order: Pick<PaymentOrder, "id">) => `payment:${order.id}:settle`;
const refundKey = (refundId: number) => `payment-refund:${refundId}`;

const nonZero = (entries: PostEntry[]) => entries.filter((entry) => entry.amount !== 0);

/** Holds a captured order's price for its meeting: the card's charge and the coupon's discount. */
export async function postCapture(uow: UnitOfWork, order: PaymentOrder, actor: ActorOrSystem) {
  await ensurePlatformAccount(uow, "gateway_clearing");
  await ensurePlatformAccount(uow, "platform_held");
  await ensurePlatformAccount(uow, "platform_promotions_krw");
  return post(uow, {
    idempotencyKey: captureKey(order),
    kind: "payment_captured",
    actor,
    subject: subjectOf(order),
    memo: order.orderId,
    entries: nonZero([
      { accountCode: GATEWAY_CLEARING_KRW, amount: -order.amount },
      { accountCode: PROMOTIONS_KRW, amount: -order.discount },
      { accountCode: HELD_FOR_MEETINGS_KRW, amount: order.price },
    ]),
  });
}

/** Whether the provider is a business (5%) or an individual (10%), as their profile says now. */
async function providerTypeOf(uow: UnitOfWork, providerId: string): Promise<ProviderType> {
  const [row] = await uow.tx
    .select({ memberType: member.memberType })
    .from(member)
    .where(eq(member.id, providerId));
  return row?.memberType === "business" ? "business" : "individual";
}

/** The fee a settlement took, read back from its posting (null when there is no settlement). */
async function settledFee(uow: UnitOfWork, settlement: number | null): Promise<number | null> {
  if (settlement === null) return null;
  const [fee] = await uow.tx
    .select({ amount: ledgerEntry.amount })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(and(eq(ledgerEntry.transactionId, settlement), eq(ledgerAccount.code, PLATFORM_FEES_KRW)));
  return fee?.amount ?? 0;
}

/**
 * Settles a paid order when its meeting ends: the held price to the provider's pending earnings less the fee on
 * it, and the provider's earnings line for it (ADR 064). Posted once per order.
 */
export async function postSettlement(
  uow: UnitOfWork,
  order: PaymentOrder,
  providerId: string,
  actor: ActorOrSystem,
): Promise<{ fee: number; earned: number; providerType: ProviderType }> {
  const providerType = await providerTypeOf(uow, providerId);
  const fee = feeOf(order.price, providerType);
  await ensureMemberAccount(uow, providerId, "member_pending_earnings");
  await ensurePlatformAccount(uow, "platform_fees");
  await post(uow, {
    idempotencyKey: settlementKey(order),
    kind: "meeting_settled",
    actor,
    subject: subjectOf(order),
    memo: order.orderId,
    entries: nonZero([
      { accountCode: HELD_FOR_MEETINGS_KRW, amount: -order.price },
      { accountCode: memberPendingEarningsCode(providerId), amount: order.price - fee },
      { accountCode: PLATFORM_FEES_KRW, amount: fee },
    ]),
  });
  await openEarningLine(uow, order, providerId, { fee, providerType });
  return { fee, earned: order.price - fee, providerType };
}

async function transactionIdOf(uow: UnitOfWork, key: string): Promise<number | null> {
  const [row] = await uow.tx
    .select({ id: ledgerTransaction.id })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.idempotencyKey, key));
  return row?.id ?? null;
}

/**
 * Gives `amount` won of a paid order back to the requester's card, in the ledger. Before the settlement a whole
 * refund reverses the capture. Once settled, the refunded part is taken back from the provider's earnings and the
 * fee in proportion (`refundShares`; a whole refund takes back exactly what was settled) and the promotions get back
 * their share of the discount; the earnings line loses the provider's part. The provider's part comes from pending
 * earnings; from withdrawable earnings only when an administrator reverses a released line (`released`), and
 * never from earnings in a withdrawal or paid out. `refund.id` keys the posting.
 */
export async function postRefund(
  uow: UnitOfWork,
  order: PaymentOrder,
  providerId: string,
  refund: { id: number; amount: number },
  actor: ActorOrSystem,
  reason: string,
  released: ReleasedEarnings = "refuse",
): Promise<void> {
  const before = order.refundedAmount;
  const after = before + refund.amount;
  if (after > order.amount) throw new RangeError("a refund larger than what is left of the payment");
  const whole = after === order.amount;
  const settlement = await transactionIdOf(uow, settlementKey(order));
  const capture = await transactionIdOf(uow, captureKey(order));
  if (capture === null) throw new Error(`order ${order.id} was refunded but never captured`);
  if (settlement === null) {
    if (before !== 0 || !whole) throw new RangeError("only a settled payment is refunded in part");
    await reverseTransaction(uow, capture, actor, reason);
    return;
  }
  const { accountCode, line } = await earningsAccountForRefund(
    uow,
    order,
    providerId,
    released,
    (code) => new DomainError("payment", code),
  );
  if (before === 0 && whole && accountCode === memberPendingEarningsCode(providerId)) {
    // Nothing refunded before and the line still on hold: every account gets back exactly what it gave.
    await reverseTransaction(uow, settlement, actor, reason);
    await reverseTransaction(uow, capture, actor, reason);
    if (line) await takeBackFromLine(uow, line, line.amount, true, actor);
    return;
  }
  const fee = (await settledFee(uow, settlement)) ?? 0;
  const settled = { price: order.price, fee, charged: order.amount };
  // A coupon that paid it all leaves nothing charged to share by: the whole settlement comes back.
  const now = order.amount === 0 ? { provider: order.price - fee, fee } : refundShares(settled, after);
  const earlier = refundShares(settled, before);
  const provider = now.provider - earlier.provider;
  const feeBack = now.fee - earlier.fee;
  await ensurePlatformAccount(uow, "platform_promotions_krw");
  await post(uow, {
    idempotencyKey: refund.id > 0 ? refundKey(refund.id) : `payment:${order.id}:refund-whole`,
    kind: "refund",
    actor,
    subject: subjectOf(order),
    memo: reason,
    entries: nonZero([
      { accountCode: GATEWAY_CLEARING_KRW, amount: refund.amount },
      { accountCode, amount: -provider },
      { accountCode: PLATFORM_FEES_KRW, amount: -feeBack },
      { accountCode: PROMOTIONS_KRW, amount: provider + feeBack - refund.amount },
    ]),
  });
  if (line) await takeBackFromLine(uow, line, provider, whole, actor);
}
