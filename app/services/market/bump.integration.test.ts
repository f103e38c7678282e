import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { boardArticle, marketListing } from "#app/db/schema";
import { AdjustableClock, FixedClock } from "#app/platform/clock.server";
import { MINUTE_MS } from "#app/platform/seoul-calendar";
import { addComment } from "#app/services/board/comments.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { insertListing } from "#tests/setup/market";
import { bumpListing, nextBumpAt } from "./bump.server";
import { BUMP_INTERVAL_MS } from "./kinds";
import { deleteListing } from "./listings.server";
import { completeWanted, reserveListing, sellListing } from "./trade.server";

let db: Database;
// 10:00 in Seoul.
const clock = new AdjustableClock(new FixedClock(new Date("2026-03-02T01:00:00Z")));

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as DomainError,
  );

async function listingRow(id: number) {
  const [row] = await db.select().from(marketListing).where(eq(marketListing.articleId, id));
  return row!;
}

describe("bumping a listing", () => {
  it("is allowed once every 24 hours from its creation, and says from when in Seoul time", async () => {
    const seller = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    const created = await listingRow(id);
    const [article] = await db.select().from(boardArticle).where(eq(boardArticle.id, id));

    clock.advance(BUMP_INTERVAL_MS - MINUTE_MS);
    const early = await refusal(bumpListing(db, clock, seller, id));
    expect(early?.code).toBe("bump_too_soon");
    expect(early?.params).toEqual({ time: "2026-03-03 10:00" });

    clock.advance(MINUTE_MS);
    expect(await bumpListing(db, clock, seller, id)).toEqual({
      id,
      kind: "gear",
      bumpedAt: clock.now().toISOString(),
      bumpCount: 1,
    });
    const bumped = await listingRow(id);
    expect(bumped.bumpedAt.getTime()).toBe(clock.now().getTime());
    expect(bumped.bumpCount).toBe(1);
    expect(bumped.bumpedAt.getTime()).toBeGreaterThan(created.bumpedAt.getTime());
    // A bump is not an edit.
    const [after] = await db.select().from(boardArticle).where(eq(boardArticle.id, id));
    expect(after!.updatedAt).toEqual(article!.updatedAt);
    expect(after!.contentHtml).toBe(article!.contentHtml);

    clock.advance(1000);
    expect((await refusal(bumpListing(db, clock, seller, id)))?.params).toEqual({ time: "2026-03-04 10:00" });
    clock.advance(BUMP_INTERVAL_MS);
    expect((await bumpListing(db, clock, seller, id)).bumpCount).toBe(2);
  });

  it("names the next whole minute when the time falls within one", async () => {
    const seller = await insertMember(db);
    clock.moveTo(new Date("2026-04-01T14:59:30Z"));
    const id = await insertListing(db, clock, seller, "gear");
    expect((await refusal(bumpListing(db, clock, seller, id)))?.params).toEqual({ time: "2026-04-03 00:00" });
  });

  it("is for the seller and acting administrators only", async () => {
    const seller = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const id = await insertListing(db, clock, seller, "gear");
    clock.advance(BUMP_INTERVAL_MS);
    expect(await outcome(bumpListing(db, clock, other, id))).toBe("market.not_seller");
    expect(await outcome(bumpListing(db, clock, adminWithoutTwoFactor, id))).toBe("market.not_seller");
    expect(await outcome(bumpListing(db, clock, admin, id))).toBe("ok");
  });

  it("is only for listings still selling or buying, and not for deleted ones", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const reserved = await insertListing(db, clock, seller, "gear");
    const sold = await insertListing(db, clock, seller, "gear");
    const wanted = await insertListing(db, clock, seller, "buy");
    const gone = await insertListing(db, clock, seller, "gear");
    for (const id of [reserved, sold]) await addComment(db, clock, buyer, id, { content: `관심 ${id}` });
    await reserveListing(db, clock, seller, reserved, buyer.id);
    await sellListing(db, clock, seller, sold, buyer.id);
    await completeWanted(db, clock, seller, wanted);
    await deleteListing(db, clock, seller, gone);
    clock.advance(BUMP_INTERVAL_MS);
    for (const id of [reserved, sold, wanted])
      expect(await outcome(bumpListing(db, clock, seller, id))).toBe("market.bump_closed");
    expect(await outcome(bumpListing(db, clock, seller, gone))).toBe("market.not_found");
    const buying = await insertListing(db, clock, seller, "buy");
    clock.advance(BUMP_INTERVAL_MS);
    expect(await outcome(bumpListing(db, clock, seller, buying))).toBe("ok");
  });

  it("answers the next allowed time", () => {
    const at = new Date("2026-03-02T01:00:00Z");
    expect(nextBumpAt(at)).toEqual(new Date("2026-03-03T01:00:00Z"));
  });

  it("counts one of simultaneous bumps", { tags: ["concurrency"] }, async () => {
    const seller = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    clock.advance(BUMP_INTERVAL_MS);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => outcome(bumpListing(db, clock, seller, id))),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "ok").every((o) => o === "market.bump_too_soon")).toBe(true);
    expect((await listingRow(id)).bumpCount).toBe(1);
  });
});
