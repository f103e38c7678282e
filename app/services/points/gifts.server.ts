import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member, motorcycleReview } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { executor, runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError, isDomainError } from "#app/services/errors";
import { ensureMemberPointsAccount, memberPointsCode } from "#app/services/ledger/accounts.server";
import { transfer } from "#app/services/ledger/posting.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import { notify } from "#app/services/notifications/notify.server";
import type { GiftErrorCode } from "./errors";
import { GIFT_NICKNAME_MAX, isGiftAmount } from "./gift.schema";

const giftError = (code: GiftErrorCode, params?: Record<string, number | string>) =>
  new DomainError("gift", code, params ? { params } : undefined);

/** A gift form's one-time token: what makes a double submit one gift. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The ledger's idempotency key of a gift: the sender and the form's token. */
const giftKey = (senderId: string, token: string) => `gift:${senderId}:${token}`;

/**
 * Whether the member may give points: they have written a motorcycle review that is still published. A deleted
 * review does not count, so deleting one's only review right after writing it does not keep the right to give.
 */
export async function mayGiftPoints(source: DatabaseOrUnit, memberId: string): Promise<boolean> {
  const [row] = await executor(source)
    .select({ id: motorcycleReview.id })
    .from(motorcycleReview)
    .where(and(eq(motorcycleReview.authorId, memberId), isNull(motorcycleReview.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export interface GiftInput {
  /** The recipient's nickname, exactly (letter case aside: nicknames are unique regardless of it). */
  nickname: string;
  amount: number;
  /** The form's one-time token. */
  token: string;
}

export interface GiftResult {
  transactionId: number;
  /** False when this token had already sent the gift (a double submit): nothing more was moved or notified. */
  created: boolean;
  recipientNickname: string;
  amount: number;
  /** The sender's balance after the gift. */
  balance: number;
}

/**
 * Gives points from the sender's balance to another member, found by nickname: at least 100 P in steps of 100 P,
 * never more than the sender holds, and only by members who have written a (published) motorcycle review. One
 * ledger transfer of kind `gift`, keyed by the form's token: a double submit posts once and answers the same gift.
 * The ledger takes the sender's balance by one guarded statement, so concurrent gifts can never overdraw it
 * ("insufficient" naming the balance). Both members are notified in the same unit.
 */
export async function giftPoints(
  db: Database,
  clock: Clock,
  sender: Actor,
  input: GiftInput,
): Promise<GiftResult> {
  if (!TOKEN.test(input.token)) throw giftError("token_invalid");
  const nickname = input.nickname.trim();
  if (nickname === "") throw giftError("recipient_required");
  if (!isGiftAmount(input.amount)) {
    throw giftError(
      Number.isSafeInteger(input.amount) && input.amount >= 100 ? "amount_step" : "amount_invalid",
    );
  }
  return runInTransaction(db, clock, async (uow) => {
    const { tx } = uow;
    if (!(await mayGiftPoints(uow, sender.id))) throw giftError("reviewers_only");
    const [recipient] =
      [...nickname].length > GIFT_NICKNAME_MAX
        ? []
        : await tx
            .select({ id: member.id, nickname: member.nickname, withdrawnAt: member.withdrawnAt })
            .from(member)
            .where(sql`lower(${member.nickname}) = lower(${nickname})`)
            .limit(1);
    if (!recipient?.nickname) throw giftError("recipient_not_found", { nickname });
    if (recipient.id === sender.id) throw giftError("recipient_self");
    if (recipient.withdrawnAt) throw giftError("recipient_withdrawn", { nickname: recipient.nickname });

    await ensureMemberPointsAccount(uow, sender.id);
    await ensureMemberPointsAccount(uow, recipient.id);
    const from = memberPointsCode(sender.id);
    let posted: { transactionId: number; created: boolean };
    try {
      posted = await transfer(uow, {
        from,
        to: memberPointsCode(recipient.id),
        amount: input.amount,
        kind: "gift",
        idempotencyKey: giftKey(sender.id, input.token),
        actor: sender,
        subject: { type: "member", id: recipient.id },
      });
    } catch (error) {
      if (isDomainError(error, "ledger") && error.code === "insufficient_balance")
        throw giftError("insufficient", { balance: await balanceOf(uow, from) });
      // The same form sent again with another recipient or amount: the first one stands.
      if (isDomainError(error, "ledger") && error.code === "idempotency_conflict")
        throw giftError("duplicate");
      throw error;
    }
    const balance = await balanceOf(uow, from);
    if (posted.created) {
      const senderNickname = await tx
        .select({ nickname: member.nickname })
        .from(member)
        .where(eq(member.id, sender.id))
        .then((rows) => rows[0]?.nickname ?? "");
      await notify(uow, {
        recipientId: recipient.id,
        type: "pointGift",
        actorId: sender.id,
        params: { nickname: senderNickname, amount: input.amount },
        link: "/point",
        dedupeKey: `pointGift:${posted.transactionId}`,
      });
      // The sender's own record of it: no actor, since nobody is told of their own action.
      await notify(uow, {
        recipientId: sender.id,
        type: "pointGiftSent",
        params: { nickname: recipient.nickname, amount: input.amount },
        link: "/point",
        dedupeKey: `pointGiftSent:${posted.transactionId}`,
      });
    }
    return {
      transactionId: posted.transactionId,
      created: posted.created,
      recipientNickname: recipient.nickname,
      amount: input.amount,
      balance,
    };
  });
}
