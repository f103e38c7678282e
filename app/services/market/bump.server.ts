import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { marketListing } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { MINUTE_MS, toSeoulInput } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import type { MarketErrorCode } from "./errors";
import { BUMP_INTERVAL_MS, type MarketKind } from "./kinds";
import { liveListing, requireManager } from "./trade.server";

const fail = (code: MarketErrorCode, params?: Record<string, string>) =>
  new DomainError("market", code, params ? { params } : undefined);

/** When a listing last bumped (or created) at `bumpedAt` may be bumped again. */
export function nextBumpAt(bumpedAt: Date): Date {
  return new Date(bumpedAt.getTime() + BUMP_INTERVAL_MS);
}

/**
 * The Seoul wall-clock minute from which a bump is allowed, "2026-03-02 10:01": rounded up, so that a member who
 * tries at the minute shown is never refused.
 */
function allowedFrom(at: Date): string {
  const minute = new Date(Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS);
  return toSeoulInput(minute).replace("T", " ");
}

export interface BumpedListing {
  id: number;
  kind: MarketKind;
  bumpedAt: string;
  bumpCount: number;
}

/**
 * Moves a listing back to the top of the latest order (끌어올리기): its seller or an administrator, while it is
 * still selling or buying, once per BUMP_INTERVAL_MS since its creation or last bump. Only the order key and the
 * count change; the listing is not "edited" (its content and `updated_at` stay). The listing's row lock makes two
 * bumps at once one bump and one `bump_too_soon`.
 */
export async function bumpListing(
  db: Database,
  clock: Clock,
  actor: Actor,
  articleId: number,
): Promise<BumpedListing> {
  return runInTransaction(db, clock, async ({ tx, now }) => {
    const listing = await liveListing(tx, articleId, "update");
    requireManager(actor, listing);
    if (listing.status !== "selling" && listing.status !== "buying") throw fail("bump_closed");
    const next = nextBumpAt(listing.bumpedAt);
    if (now < next) throw fail("bump_too_soon", { time: allowedFrom(next) });
    const [bumped] = await tx
      .update(marketListing)
      .set({ bumpedAt: now, bumpCount: sql`${marketListing.bumpCount} + 1` })
      .where(eq(marketListing.articleId, articleId))
      .returning({ bumpCount: marketListing.bumpCount });
    return { id: articleId, kind: listing.kind, bumpedAt: now.toISOString(), bumpCount: bumped!.bumpCount };
  });
}
