/**
 * The pay path under load: BENCH_PAYERS (200) requesters at once, each with a meeting whose provider asked for a
 * payment, each opening the checkout, paying in the local gateway's window and confirming — the whole path as the
 * browser drives it, in this process on a database of its own. Beside it, the bare baseline measured in the same run
 * on the same database and pool: the same payers sending only the writes a payment cannot do without, as raw SQL in
 * the same three units (the order made; locked and marked confirming; locked, marked paid and posted), so that the
 * ratio says what the product's checks, machine, ledger, coupons and jobs cost on top. And the statements one
 * payment sends, counted at the driver for one payer alone (as server/statements.integration.test.ts counts a page's).
 */
import { sql, type Logger } from "drizzle-orm";
import type { DatabaseHandle } from "#app/db/client.server";
import { systemClock } from "#app/platform/clock.server";
import { migrateDatabase } from "#app/db/migrate.server";
import { authoriseLocalPayment, localTestCards } from "#app/platform/payments/local.server";
import { confirmCheckout, openCheckout } from "#app/services/payments/orders.server";
import { localGateway, payingMeeting, silentLogger, type PayingMeeting } from "#tests/setup/payments";

const BENCH_PAYERS = Number(process.env.BENCH_PAYERS ?? 200);

export interface PayPathFigures {
  database: string;
  payers: number;
  paid: number;
  /** Milliseconds of each payer's whole path (open, window, confirm), and of the confirmation alone. */
  whole: { p50: number; p95: number };
  confirm: { p50: number; p95: number };
  /** The bare baseline's whole path. */
  bare: { p50: number; p95: number };
  /** Payments a second over the whole load, the app's and the bare's. */
  rate: number;
  bareRate: number;
  /** Statements of one payment alone: the checkout, the window's authorisation, the confirmation; and the bare's. */
  statements: { open: number; authorise: number; confirm: number; bare: number };
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

const spread = (values: number[]) => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95) });

/** Counts the statements the app's queries send while `counting` is set. */
function statementCounter() {
  const counter = { counting: false, count: 0 };
  const logger: Logger = {
    logQuery: () => {
      if (counter.counting) counter.count++;
    },
  };
  return { counter, logger };
}

async function measured<T>(counter: { counting: boolean; count: number }, work: () => Promise<T>) {
  counter.count = 0;
  counter.counting = true;
  try {
    const value = await work();
    return { value, statements: counter.count };
  } finally {
    counter.counting = false;
  }
}

/**
 * Runs the load on a migrated database `open` makes with the counter's logger (PGlite, or a pool on PostgreSQL);
 * closes it afterwards.
 */
export async function benchPayPath(
  database: string,
  open: (logger: Logger) => Promise<DatabaseHandle>,
): Promise<PayPathFigures> {
  const { counter, logger } = statementCounter();
  const handle = await open(logger);
  try {
    await migrateDatabase(handle);
    const { db } = handle;
    const clock = systemClock;
    const gateway = localGateway(db, clock);
    console.log(`Seeding ${BENCH_PAYERS + 1} meetings with payment requests on ${database}…`);
    const meetings: PayingMeeting[] = [];
    for (let i = 0; i <= BENCH_PAYERS; i++)
      meetings.push(await payingMeeting(db, clock, { amount: 10_000 + 5_000 * (i % 10) }));

    const openFor = (payer: PayingMeeting) =>
      openCheckout(db, clock, gateway, payer.requester, payer.meetingId, {
        memberCouponId: null,
        successUrl: "/pay/success",
        failUrl: "/pay/fail",
      });
    const authorise = (orderId: string, amount: number) =>
      authoriseLocalPayment(db, clock, {
        orderId,
        amount,
        orderName: "만남 결제",
        customerName: "rider",
        cardNumber: localTestCards.approves,
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 3,
      });
    const confirm = (payer: PayingMeeting, window: { orderId: string; paymentKey: string; amount: number }) =>
      confirmCheckout(db, clock, gateway, silentLogger, payer.requester, window);

    // The bare baseline first, on tables of its own.
    await db.execute(sql`create table bench_bare_order (id serial primary key, meeting integer not null,
      status text not null, amount integer not null, updated_at timestamptz not null)`);
    await db.execute(sql`create table bench_bare_posting (id serial primary key, order_id integer not null,
      account text not null, amount integer not null)`);
    const barePay = async (meetingId: number, amount: number) => {
      const id = await db.transaction(async (tx) => {
        const rows = (await tx.execute(
          sql`insert into bench_bare_order (meeting, status, amount, updated_at)
              values (${meetingId}, 'pending', ${amount}, now()) returning id`,
        )) as unknown as { rows: { id: number }[] };
        return rows.rows[0]!.id;
      });
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from bench_bare_order where id = ${id} for update`);
        await tx.execute(
          sql`update bench_bare_order set status = 'confirming', updated_at = now() where id = ${id}`,
        );
      });
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from bench_bare_order where id = ${id} for update`);
        await tx.execute(
          sql`update bench_bare_order set status = 'paid', updated_at = now() where id = ${id}`,
        );
        await tx.execute(sql`insert into bench_bare_posting (order_id, account, amount)
          values (${id}, 'gateway', ${-amount}), (${id}, 'held', ${amount})`);
      });
    };
    const loadStarted = performance.now();
    console.log(`Paying ${BENCH_PAYERS} meetings at once, bare, on ${database}…`);
    const bareTimes = await Promise.all(
      meetings.slice(1).map(async (payer, index) => {
        const started = performance.now();
        await barePay(payer.meetingId, 10_000 + 5_000 * (index % 10));
        return performance.now() - started;
      }),
    );
    const bareSeconds = (performance.now() - loadStarted) / 1000;
    const bareAlone = await measured(counter, () => barePay(meetings[0]!.meetingId, 10_000));

    console.log(`Paying ${BENCH_PAYERS} meetings at once through the pay path on ${database}…`);
    const appStarted = performance.now();
    const results = await Promise.all(
      meetings.slice(1).map(async (payer) => {
        const started = performance.now();
        const opened = await openFor(payer);
        if (opened.kind !== "checkout") throw new Error("expected a checkout");
        const window = await authorise(opened.orderId, opened.amount);
        if (window.outcome !== "authorised") throw new Error(`the window answered ${window.outcome}`);
        const confirmStarted = performance.now();
        const answer = await confirm(payer, window);
        const ended = performance.now();
        return { status: answer.status, whole: ended - started, confirm: ended - confirmStarted };
      }),
    );
    const appSeconds = (performance.now() - appStarted) / 1000;

    // One payer alone, counted.
    const alone = meetings[0]!;
    const opened = await measured(counter, () => openFor(alone));
    const checkout = opened.value;
    if (checkout.kind !== "checkout") throw new Error("expected a checkout");
    const window = await measured(counter, () => authorise(checkout.orderId, checkout.amount));
    const authorised = window.value;
    if (authorised.outcome !== "authorised") throw new Error("expected an authorised payment");
    const confirmed = await measured(counter, () => confirm(alone, authorised));

    return {
      database,
      payers: BENCH_PAYERS,
      paid: results.filter((result) => result.status === "paid").length,
      whole: spread(results.map((result) => result.whole)),
      confirm: spread(results.map((result) => result.confirm)),
      bare: spread(bareTimes),
      rate: BENCH_PAYERS / appSeconds,
      bareRate: BENCH_PAYERS / bareSeconds,
      statements: {
        open: opened.statements,
        authorise: window.statements,
        confirm: confirmed.statements,
        bare: bareAlone.statements,
      },
    };
  } finally {
    await handle.close();
  }
}

export function printPayPath(figures: (PayPathFigures | string)[]) {
  console.log(
    `\nThe pay path under load (${BENCH_PAYERS} payers at once: open the checkout, authorise in the local gateway's ` +
      "window, confirm), beside the bare baseline (the same payers, the payment's essential writes as raw SQL):",
  );
  console.log(
    [
      "database".padEnd(12),
      "paid".padStart(5),
      "pay/s".padStart(6),
      "bare/s".padStart(7),
      "p50 ms".padStart(7),
      "p95 ms".padStart(7),
      "confirm p50".padStart(12),
      "confirm p95".padStart(12),
      "bare p50".padStart(9),
      "bare p95".padStart(9),
      "÷ bare p50".padStart(11),
      "÷ bare p95".padStart(11),
      "stmts open/auth/confirm (bare)".padStart(31),
    ].join(" "),
  );
  for (const row of figures) {
    if (typeof row === "string") {
      console.log(row);
      continue;
    }
    const ms = (value: number, width: number) =>
      (Number.isFinite(value) ? value.toFixed(0) : "—").padStart(width);
    const ratio = (value: number, bare: number) => (value / bare).toFixed(1).padStart(11);
    const { statements } = row;
    console.log(
      [
        row.database.padEnd(12),
        `${row.paid}`.padStart(5),
        row.rate.toFixed(0).padStart(6),
        row.bareRate.toFixed(0).padStart(7),
        ms(row.whole.p50, 7),
        ms(row.whole.p95, 7),
        ms(row.confirm.p50, 12),
        ms(row.confirm.p95, 12),
        ms(row.bare.p50, 9),
        ms(row.bare.p95, 9),
        ratio(row.whole.p50, row.bare.p50),
        ratio(row.whole.p95, row.bare.p95),
        `${statements.open}/${statements.authorise}/${statements.confirm} (${statements.bare})`.padStart(31),
      ].join(" "),
    );
  }
}
