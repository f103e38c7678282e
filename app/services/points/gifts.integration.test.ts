import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { ledgerTransaction, member, notification } from "#app/db/schema";
import { systemClock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { memberPointsCode } from "#app/services/ledger/accounts.server";
import { grantWelcomePoints } from "#app/services/ledger/posting.server";
import { balanceOf, history } from "#app/services/ledger/reads.server";
import { auditLedger } from "#app/services/ledger/audit.server";
import { insertMember, type TestMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertReview } from "#tests/setup/spark-reviews";
import { giftPoints, mayGiftPoints } from "./gifts.server";

let db: Database;
const clock = systemClock;

beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

/** "ok", or the refusal as its code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

/** A member who has written a review and holds `points`. */
async function reviewer(points: number): Promise<TestMember> {
  const sender = await insertMember(db);
  await insertReview(db, clock, sender.id);
  if (points > 0) await runInTransaction(db, clock, (uow) => grantWelcomePoints(uow, sender.id, points));
  return sender;
}

const balance = (memberId: string) => balanceOf(db, memberPointsCode(memberId));

describe("gifting points", () => {
  it("moves the points as a gift, shows it in both histories and notifies both members", async () => {
    const sender = await reviewer(1000);
    const recipient = await insertMember(db);
    const result = await giftPoints(db, clock, sender, {
      nickname: recipient.nickname.toUpperCase(),
      amount: 500,
      token: randomUUID(),
    });
    expect(result).toMatchObject({
      created: true,
      recipientNickname: recipient.nickname,
      amount: 500,
      balance: 500,
    });
    expect(await balance(sender.id)).toBe(500);
    expect(await balance(recipient.id)).toBe(500);
    const [posted] = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.id, result.transactionId));
    expect(posted).toMatchObject({
      kind: "gift",
      actorId: sender.id,
      subjectType: "member",
      subjectId: recipient.id,
    });
    const [sent] = await history(db, sender.id, { currency: "P", limit: 1 });
    expect(sent).toMatchObject({ kind: "gift", amount: -500, counterpartNickname: recipient.nickname });
    const [received] = await history(db, recipient.id, { currency: "P", limit: 1 });
    expect(received).toMatchObject({ kind: "gift", amount: 500, counterpartNickname: sender.nickname });

    const alarms = await db
      .select()
      .from(notification)
      .where(inArray(notification.recipientId, [sender.id, recipient.id]));
    expect(
      alarms.map(({ recipientId, type, params, link }) => ({ recipientId, type, params, link })),
    ).toEqual(
      expect.arrayContaining([
        {
          recipientId: recipient.id,
          type: "pointGift",
          params: { nickname: sender.nickname, amount: 500 },
          link: "/point",
        },
        {
          recipientId: sender.id,
          type: "pointGiftSent",
          params: { nickname: recipient.nickname, amount: 500 },
          link: "/point",
        },
      ]),
    );
    expect(alarms).toHaveLength(2);
  });

  it("sends one gift for a form sent twice, and refuses the same form with other values", async () => {
    const sender = await reviewer(1000);
    const recipient = await insertMember(db);
    const token = randomUUID();
    const input = { nickname: recipient.nickname, amount: 300, token };
    const [first, second] = await Promise.all([
      giftPoints(db, clock, sender, input),
      giftPoints(db, clock, sender, input),
    ]);
    expect(first.transactionId).toBe(second.transactionId);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(await balance(sender.id)).toBe(700);
    expect(await balance(recipient.id)).toBe(300);
    const third = await giftPoints(db, clock, sender, input);
    expect(third).toMatchObject({ created: false, transactionId: first.transactionId, balance: 700 });
    expect(await outcome(giftPoints(db, clock, sender, { ...input, amount: 400 }))).toBe("duplicate");
    const alarms = await db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientId, recipient.id), eq(notification.type, "pointGift")));
    expect(alarms).toHaveLength(1);
  });

  it("refuses unknown, own and withdrawn recipients, bad amounts, amounts above the balance and bad tokens", async () => {
    const sender = await reviewer(1000);
    const recipient = await insertMember(db);
    const gone = await insertMember(db);
    await db.update(member).set({ withdrawnAt: new Date() }).where(eq(member.id, gone.id));
    const attempt = (nickname: string, amount: number, token: string = randomUUID()) =>
      outcome(giftPoints(db, clock, sender, { nickname, amount, token }));

    expect(await attempt("", 100)).toBe("recipient_required");
    expect(await attempt("   ", 100)).toBe("recipient_required");
    expect(await attempt(`${recipient.nickname}x`, 100)).toBe("recipient_not_found");
    expect(await attempt(recipient.nickname.slice(0, -1), 100)).toBe("recipient_not_found");
    expect(await attempt(sender.nickname, 100)).toBe("recipient_self");
    expect(await attempt(gone.nickname, 100)).toBe("recipient_withdrawn");
    expect(await attempt(recipient.nickname, 0)).toBe("amount_invalid");
    expect(await attempt(recipient.nickname, 50)).toBe("amount_invalid");
    expect(await attempt(recipient.nickname, -100)).toBe("amount_invalid");
    expect(await attempt(recipient.nickname, 150)).toBe("amount_step");
    expect(await attempt(recipient.nickname, 100.5)).toBe("amount_invalid");
    expect(await attempt(recipient.nickname, 1100)).toBe("insufficient");
    expect(await attempt(recipient.nickname, 100, "short")).toBe("token_invalid");
    const refusal = await giftPoints(db, clock, sender, {
      nickname: recipient.nickname,
      amount: 1100,
      token: randomUUID(),
    }).then(
      () => null,
      (error: unknown) => error as DomainError,
    );
    expect(refusal?.params).toEqual({ balance: 1000 });

    expect(await balance(sender.id)).toBe(1000);
    expect(await attempt(recipient.nickname, 1000)).toBe("ok");
    expect(await balance(sender.id)).toBe(0);
  });

  it("is only for members with a published motorcycle review", async () => {
    const recipient = await insertMember(db);
    const nobody = await insertMember(db);
    await runInTransaction(db, clock, (uow) => grantWelcomePoints(uow, nobody.id, 1000));
    expect(await mayGiftPoints(db, nobody.id)).toBe(false);
    expect(
      await outcome(
        giftPoints(db, clock, nobody, { nickname: recipient.nickname, amount: 100, token: randomUUID() }),
      ),
    ).toBe("reviewers_only");
    // A deleted review does not count.
    await insertReview(db, clock, nobody.id, { deleted: true });
    expect(await mayGiftPoints(db, nobody.id)).toBe(false);
    await insertReview(db, clock, nobody.id, { motorcycle: "pcx125" });
    expect(await mayGiftPoints(db, nobody.id)).toBe(true);
    expect(
      await outcome(
        giftPoints(db, clock, nobody, { nickname: recipient.nickname, amount: 100, token: randomUUID() }),
      ),
    ).toBe("ok");
  });

  it(
    "never overdraws under 100 simultaneous gifts: exactly as many as the balance covers go through",
    { tags: ["concurrency"] },
    async () => {
      const sender = await reviewer(1000);
      const recipients = [await insertMember(db), await insertMember(db), await insertMember(db)];
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          outcome(
            giftPoints(db, clock, sender, {
              nickname: recipients[n % 3]!.nickname,
              amount: 300,
              token: randomUUID(),
            }),
          ),
        ),
      );
      expect(results.filter((result) => result === "ok")).toHaveLength(Math.floor(1000 / 300));
      expect(results.filter((result) => result !== "ok").every((result) => result === "insufficient")).toBe(
        true,
      );
      expect(await balance(sender.id)).toBe(100);
      let received = 0;
      for (const recipient of recipients) received += await balance(recipient.id).catch(() => 0);
      expect(received).toBe(900);
      const audit = await auditLedger(db);
      expect(audit.negativeAccounts).toEqual([]);
      expect(audit.balanceMismatches).toEqual([]);
    },
  );
});
