import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { ledgerTransaction, localGatewayPayment, meeting, memberCoupon, paymentOrder } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { authoriseLocalPayment, localTestCards } from "#app/platform/payments/local.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { issueCoupon } from "#app/services/coupons/console.server";
import { auditLedger } from "#app/services/ledger/audit.server";
import { cancelMeeting } from "#app/services/meetings/meeting/meetings.server";
import { makeCoupon, outcome } from "#tests/setup/coupons";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { localGateway, payingMeeting, payThroughLocalGateway, silentLogger } from "#tests/setup/payments";
import { captureKey } from "./money.server";
import { confirmCheckout, openCheckout } from "./orders.server";
import { requestPayment } from "./request.server";

// Payments raced on one database: on PostgreSQL (TEST_DATABASE_URL) the calls overlap on a pool of connections; on
// PGlite they run one after another (tests/setup/concurrency.ts says so on each).

let db: Database;
let gateway: PaymentGateway;
let admin: TestMember;
const clock = new FixedClock(new Date("2026-06-15T03:00:00Z"));

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
  admin = await insertAdmin(db);
});

const cleanLedger = {
  unbalancedTransactions: [],
  mixedCurrencyTransactions: [],
  balanceMismatches: [],
  negativeAccounts: [],
  reversalMismatches: [],
};

describe("payments raced", () => {
  it(
    "capture an order once however many confirmations of it arrive together",
    { tags: ["concurrency"] },
    async () => {
      const { meetingId, requester } = await payingMeeting(db, clock, { amount: 30_000 });
      const opened = await openCheckout(db, clock, gateway, requester, meetingId, {
        memberCouponId: null,
        successUrl: "/s",
        failUrl: "/f",
      });
      if (opened.kind !== "checkout") throw new Error("expected a checkout");
      const window = await authoriseLocalPayment(db, clock, {
        orderId: opened.orderId,
        amount: opened.amount,
        orderName: "만남 결제",
        customerName: "rider",
        cardNumber: localTestCards.approves,
        expiryMonth: 12,
        expiryYear: clock.now().getUTCFullYear() + 3,
      });
      if (window.outcome !== "authorised") throw new Error("expected an authorised payment");
      let confirmations = 0;
      const counting: PaymentGateway = {
        ...gateway,
        kind: gateway.kind,
        confirm: (request, key) => {
          confirmations++;
          return gateway.confirm(request, key);
        },
      };
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          confirmCheckout(db, clock, counting, silentLogger, requester, {
            orderId: window.orderId,
            paymentKey: window.paymentKey,
            amount: window.amount,
          }),
        ),
      );
      // One moved the order to confirming and asked the gateway; every other one answered what it found.
      expect(answers.every((answer) => answer.status === "paid" || answer.status === "confirming")).toBe(
        true,
      );
      expect(answers.filter((answer) => answer.status === "paid").length).toBeGreaterThanOrEqual(1);
      expect(confirmations).toBe(1);
      const orders = await db.select().from(paymentOrder).where(eq(paymentOrder.meetingId, meetingId));
      expect(orders.map((order) => order.status)).toEqual(["paid"]);
      const captures = await db
        .select()
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.idempotencyKey, captureKey(orders[0]!)));
      expect(captures).toHaveLength(1);
      const atGateway = await db
        .select()
        .from(localGatewayPayment)
        .where(eq(localGatewayPayment.orderId, opened.orderId));
      expect(atGateway.map((payment) => [payment.status, payment.totalAmount])).toEqual([["DONE", 30_000]]);
      const [row] = await db.select().from(meeting).where(eq(meeting.id, meetingId));
      expect(row!.paymentStatus).toBe("paid");
      expect(await auditLedger(db)).toEqual(cleanLedger);
    },
  );

  it(
    "use one coupon once across a requester's payments made together",
    { tags: ["concurrency"] },
    async () => {
      const requester = await insertMember(db);
      const meetings: number[] = [];
      for (let i = 0; i < 20; i++) {
        const provider = await insertMember(db);
        const meetingId = await insertMeeting(
          db,
          clock,
          { requesterId: requester.id, providerId: provider.id },
          { kind: "pickup", status: "chatting" },
        );
        await requestPayment(db, clock, provider, meetingId, {
          amount: 30_000,
          memo: "",
          freeInspection: false,
        });
        meetings.push(meetingId);
      }
      const made = await makeCoupon(db, clock, admin, {
        value: 5_000,
        meetingKinds: ["pickup"],
        minAmount: 0,
      });
      await issueCoupon(db, clock, admin, { couponId: made.id, members: [requester.id] });
      const [held] = await db.select().from(memberCoupon).where(eq(memberCoupon.couponId, made.id));

      const outcomes = await Promise.all(
        meetings.map((meetingId) =>
          outcome(
            payThroughLocalGateway(db, clock, gateway, requester, meetingId, {
              memberCouponId: held!.id,
            }).then((answer) => {
              if (answer.status !== "paid") throw new Error(`not paid: ${answer.status}`);
            }),
          ),
        ),
      );
      expect(outcomes.filter((one) => one === "ok")).toHaveLength(1);
      expect(outcomes.filter((one) => one !== "ok")).toEqual(Array(19).fill("coupon.already_used"));
      const orders = await db.select().from(paymentOrder).where(inArray(paymentOrder.meetingId, meetings));
      expect(
        orders.map((order) => [order.status, order.discount, order.amount, order.memberCouponId]),
      ).toEqual([["paid", 5_000, 25_000, held!.id]]);
      const [used] = await db.select().from(memberCoupon).where(eq(memberCoupon.id, held!.id));
      expect(used!.usedAt).not.toBeNull();
      expect(await auditLedger(db)).toEqual(cleanLedger);
    },
  );

  it(
    "answer a confirmation racing a new checkout or a cancellation of its meeting, without a deadlock",
    { tags: ["concurrency"] },
    async () => {
      const refusals = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const { meetingId, requester } = await payingMeeting(db, clock, { amount: 30_000 });
        const opened = await openCheckout(db, clock, gateway, requester, meetingId, {
          memberCouponId: null,
          successUrl: "/s",
          failUrl: "/f",
        });
        if (opened.kind !== "checkout") throw new Error("expected a checkout");
        const window = await authoriseLocalPayment(db, clock, {
          orderId: opened.orderId,
          amount: opened.amount,
          orderName: "만남 결제",
          customerName: "rider",
          cardNumber: localTestCards.approves,
          expiryMonth: 12,
          expiryYear: clock.now().getUTCFullYear() + 3,
        });
        if (window.outcome !== "authorised") throw new Error("expected an authorised payment");
        const other =
          i % 2 === 0
            ? openCheckout(db, clock, gateway, requester, meetingId, {
                memberCouponId: null,
                successUrl: "/s",
                failUrl: "/f",
              })
            : cancelMeeting(db, clock, requester, meetingId, "일정 변경");
        const answers = await Promise.all([
          outcome(
            confirmCheckout(db, clock, gateway, silentLogger, requester, {
              orderId: window.orderId,
              paymentKey: window.paymentKey,
              amount: window.amount,
            }),
          ),
          outcome(other),
        ]);
        for (const answer of answers) if (answer !== "ok") refusals.add(answer);
      }
      // Each call either did its work or was refused in the product's words; none failed on a lock.
      expect([...refusals].filter((refusal) => !/^(payment|machine)\.[a-z_]+$/.test(refusal))).toEqual([]);
    },
  );
});
