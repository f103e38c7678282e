import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { rateLimitCounter } from "#app/db/schema";
import { createTestDatabase } from "#tests/setup/database";
import { FixedClock } from "./clock.server";
import { runInTransaction, type UnitOfWork } from "./unit-of-work.server";

const { db } = await createTestDatabase();
const clock = new FixedClock(new Date("2026-05-04T03:00:00Z"));

async function write(uow: UnitOfWork, key: string) {
  await uow.tx.insert(rateLimitCounter).values({ key, windowStart: uow.now, count: 1 });
}

async function stored(key: string) {
  return db.select().from(rateLimitCounter).where(eq(rateLimitCounter.key, key));
}

describe("runInTransaction", () => {
  it("runs after-commit functions in order once the data is committed", async () => {
    const seen: string[] = [];
    const answer = await runInTransaction(db, clock, async (uow) => {
      await write(uow, "uow:commit");
      uow.afterCommit(async () => {
        seen.push(`first saw ${(await stored("uow:commit")).length}`);
      });
      uow.afterCommit(() => seen.push("second"));
      expect(seen).toEqual([]);
      return "done";
    });
    expect(answer).toBe("done");
    expect(seen).toEqual(["first saw 1", "second"]);
  });

  it("rolls back and runs no after-commit function when the work fails", async () => {
    const afterCommit = vi.fn();
    const failure = runInTransaction(db, clock, async (uow) => {
      await write(uow, "uow:rollback");
      uow.afterCommit(afterCommit);
      throw new Error("refused");
    });
    await expect(failure).rejects.toThrow("refused");
    expect(afterCommit).not.toHaveBeenCalled();
    expect(await stored("uow:rollback")).toEqual([]);
  });

  it("logs a failing after-commit function and still answers, running the ones after it", async () => {
    const logger = { error: vi.fn() };
    const later = vi.fn();
    const answer = await runInTransaction(
      db,
      clock,
      async (uow) => {
        await write(uow, "uow:after-failure");
        uow.afterCommit(() => {
          throw new Error("push failed");
        });
        uow.afterCommit(later);
        return 7;
      },
      { logger },
    );
    expect(answer).toBe(7);
    expect(later).toHaveBeenCalledOnce();
    expect(logger.error).toHaveBeenCalledOnce();
    expect(await stored("uow:after-failure")).toHaveLength(1);
  });

  it("reads the clock once: every timestamp of the unit is the same", async () => {
    const moving = { now: vi.fn(() => new Date(Date.now() + Math.random() * 1e6)) };
    const seen = await runInTransaction(db, moving, async (uow) => {
      await write(uow, "uow:now");
      return [uow.now, uow.now];
    });
    expect(moving.now).toHaveBeenCalledOnce();
    expect(seen[0]).toBe(seen[1]);
    const [row] = await stored("uow:now");
    expect(row!.windowStart.getTime()).toBe(seen[0]!.getTime());
  });

  it("joins the caller's unit instead of opening a second transaction", async () => {
    const inner = vi.fn();
    const transaction = vi.spyOn(db, "transaction");
    const failure = runInTransaction(db, clock, async (outer) => {
      const joined = await runInTransaction(outer, new FixedClock(new Date(0)), async (uow) => {
        expect(uow).toBe(outer);
        await write(uow, "uow:nested");
        uow.afterCommit(inner);
        return uow.now;
      });
      expect(joined).toBe(outer.now);
      expect(inner).not.toHaveBeenCalled();
      throw new Error("outer refused");
    });
    await expect(failure).rejects.toThrow("outer refused");
    expect(transaction).toHaveBeenCalledOnce();
    transaction.mockRestore();
    // The inner write belonged to the outer transaction, so the outer rollback took it back.
    expect(await stored("uow:nested")).toEqual([]);
    expect(inner).not.toHaveBeenCalled();
  });
});
