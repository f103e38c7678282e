import { like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { rateLimitCounter } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { hit } from "#app/platform/rate-limit.server";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { createTestDatabase } from "#tests/setup/database";
import { SUBMISSION_WINDOW_MS, submitOnce } from "./submit-once.server";

const { db } = await createTestDatabase();
const clock = new FixedClock(new Date("2026-05-04T03:00:00Z"));
let tokens = 0;
const newToken = () => `token-${Date.now().toString(36)}-${++tokens}-abcdef`;

/** A row the write stores, named after the token and the attempt. */
async function store(uow: UnitOfWork, token: string, n: number) {
  await uow.tx.insert(rateLimitCounter).values({ key: `row:${token}:${n}`, windowStart: uow.now, count: 1 });
  return n;
}

async function storedFor(token: string) {
  const rows = await db
    .select({ key: rateLimitCounter.key })
    .from(rateLimitCounter)
    .where(like(rateLimitCounter.key, `row:${token}:%`));
  return rows.map((row) => row.key);
}

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

describe("submitOnce", () => {
  it(
    "runs a double submission once and answers both with the same result",
    { tags: ["concurrency"] },
    async () => {
      const token = newToken();
      let writes = 0;
      const write = async () => {
        writes += 1;
        return { id: writes };
      };
      const [first, second] = await Promise.all([
        submitOnce(db, clock, { memberId: "m1", token }, write),
        submitOnce(db, clock, { memberId: "m1", token }, write),
      ]);
      expect(writes).toBe(1);
      expect(second).toEqual(first);
      // A late resend of the same form still does not write again.
      expect(await submitOnce(db, clock, { memberId: "m1", token }, write)).toEqual(first);
      expect(writes).toBe(1);
    },
  );

  it("refuses a token another process already claimed", async () => {
    const token = newToken();
    await hit(db, `submit:m2:${token}`, { limit: 1, windowMs: SUBMISSION_WINDOW_MS }, clock.now());
    let writes = 0;
    const code = await codeOf(
      submitOnce(db, clock, { memberId: "m2", token }, async () => {
        writes += 1;
      }),
    );
    expect(code).toBe("duplicate_submission");
    expect(writes).toBe(0);
  });

  it("releases the token when the write is refused, so the corrected form can be sent", async () => {
    const token = newToken();
    const refused = submitOnce(db, clock, { memberId: "m3", token }, async () => {
      throw new DomainError("board", "title_required");
    });
    expect(await codeOf(refused)).toBe("title_required");
    expect(await submitOnce(db, clock, { memberId: "m3", token }, async () => "saved")).toBe("saved");
  });

  it("keeps members apart and refuses a missing or malformed token", async () => {
    const token = newToken();
    expect(await submitOnce(db, clock, { memberId: "m4", token }, async () => "a")).toBe("a");
    expect(await submitOnce(db, clock, { memberId: "m5", token }, async () => "b")).toBe("b");
    expect(await codeOf(submitOnce(db, clock, { memberId: "m4", token: "" }, async () => "c"))).toBe(
      "submission_token",
    );
    expect(await codeOf(submitOnce(db, clock, { memberId: "m4", token: "x'; drop" }, async () => "c"))).toBe(
      "submission_token",
    );
  });

  it("rolls the claim back with a write that fails, so the retry succeeds and stores one row", async () => {
    const token = newToken();
    const failed = submitOnce(db, clock, { memberId: "m6", token }, async (uow) => {
      await store(uow, token, 1);
      throw new Error("connection lost");
    });
    await expect(failed).rejects.toThrow("connection lost");
    expect(await submitOnce(db, clock, { memberId: "m6", token }, (uow) => store(uow, token, 2))).toBe(2);
    expect(await storedFor(token)).toEqual([`row:${token}:2`]);
  });

  it("stores one row when another process submits the same token at the same time", async () => {
    const token = newToken();
    // A fresh copy of the module has its own memory of submissions, as another process would.
    vi.resetModules();
    const elsewhere = await import("./submit-once.server");
    const write = (n: number) => async (uow: UnitOfWork) => {
      const stored = await store(uow, token, n);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return stored;
    };
    const outcomes = await Promise.allSettled([
      submitOnce(db, clock, { memberId: "m7", token }, write(1)),
      elsewhere.submitOnce(db, clock, { memberId: "m7", token }, write(2)),
    ]);
    const saved = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(saved).toHaveLength(1);
    expect(refused.map((error) => (error as DomainError).code)).toEqual(["duplicate_submission"]);
    expect(await storedFor(token)).toEqual([`row:${token}:${saved[0]}`]);
  });
});
