import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import {
  articleFrameNumber,
  boardArticle,
  marketListing,
  member,
  theftHold,
  type FrameNumberRole,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { articlePath } from "#app/services/board/kinds";
import { DomainError } from "#app/services/errors";
import { listingPath, type MarketKind } from "#app/services/market/kinds";
import { notify } from "#app/services/notifications/notify.server";
import { can, mayManage, requirePermission } from "#app/services/permissions";
import { allowedTransitions, type TransitionOf } from "#app/services/state-machine";
import { applyTransition, bindMachine, type TransitionInput } from "#app/services/state-machine.server";
import type { TheftErrorCode } from "./errors";
import type { FrameNumberDigest } from "./frame-number-digest.server";
import { theftHoldMachine } from "./hold-machine";

/**
 * The stolen-vehicle check (ADR 070): frame numbers of vehicle listings and theft reports, stored as keyed hashes,
 * and the holds of listings whose number matches a report's. Everything here runs inside the unit of work of the
 * write that brings the number (a listing saved, a report posted), so a listing is never public for a moment with a
 * matching report on file. While a listing has a hold that is `held` or `kept`, its article is private
 * (`board_article.is_private`): every reader path that already honours private articles (search, keeps, comments,
 * likes) hides it, and the market's lists leave private listings out.
 */

const fail = (code: TheftErrorCode) => new DomainError("theft", code);

type HoldDecision = TransitionOf<typeof theftHoldMachine>;
const holdDecisions: readonly HoldDecision[] = ["release", "keep"];

const hidingStates = ["held", "kept"] as const;

/** Whether a listing still has a hold that hides it. */
async function stillHidden(uow: UnitOfWork, listingId: number): Promise<boolean> {
  const [row] = await uow.tx
    .select({ id: theftHold.id })
    .from(theftHold)
    .where(and(eq(theftHold.listingId, listingId), inArray(theftHold.state, [...hidingStates])))
    .limit(1);
  return row !== undefined;
}

interface DecisionInput extends TransitionInput {
  decidedBy: string;
}

const stampDecided = (uow: UnitOfWork, hold: typeof theftHold.$inferSelect, input: DecisionInput) =>
  uow.tx
    .update(theftHold)
    .set({ decidedAt: uow.now, decidedBy: input.decidedBy })
    .where(eq(theftHold.id, hold.id))
    .then(() => undefined);

/** The hold's machine on `theft_hold`: releasing the last hiding hold makes the listing public again. */
export const theftHolds = bindMachine<typeof theftHoldMachine, typeof theftHold, DecisionInput>(
  theftHoldMachine,
  {
    table: theftHold,
    id: theftHold.id,
    state: theftHold.state,
    effects: {
      release: async (uow, hold, input) => {
        await stampDecided(uow, hold, input);
        if (!(await stillHidden(uow, hold.listingId)))
          await uow.tx
            .update(boardArticle)
            .set({ isPrivate: false })
            .where(eq(boardArticle.id, hold.listingId));
      },
      keep: stampDecided,
    },
  },
);

/** Stores (or replaces) the number an article carries. */
async function storeFrameNumber(
  uow: UnitOfWork,
  articleId: number,
  role: FrameNumberRole,
  number: FrameNumberDigest,
) {
  const values = {
    digest: number.digest,
    keyId: number.keyId,
    format: number.format,
    tail: number.tail,
    updatedAt: uow.now,
  };
  await uow.tx
    .insert(articleFrameNumber)
    .values({ articleId, role, ...values, createdAt: uow.now })
    .onConflictDoUpdate({ target: articleFrameNumber.articleId, set: values });
}

interface Match {
  listingId: number;
  reportId: number;
  reporterId: string;
}

/**
 * Holds each matched listing for its report (once per pair), hides it, and tells each report's writer that a listing
 * with their bike's number was found and is held for review. Answers the holds that are new.
 */
async function holdMatches(uow: UnitOfWork, matches: Match[]): Promise<number> {
  let added = 0;
  for (const match of matches) {
    const [hold] = await uow.tx
      .insert(theftHold)
      .values({ listingId: match.listingId, reportId: match.reportId, createdAt: uow.now })
      .onConflictDoNothing()
      .returning({ id: theftHold.id });
    if (!hold) continue;
    added++;
    await uow.tx.update(boardArticle).set({ isPrivate: true }).where(eq(boardArticle.id, match.listingId));
    await notify(uow, {
      recipientId: match.reporterId,
      type: "theftMatch",
      link: articlePath("reportTheft", match.reportId),
      dedupeKey: `theft-hold:${hold.id}`,
    });
  }
  return added;
}

const report = alias(boardArticle, "theft_report");

/**
 * Stores a vehicle listing's number and holds the listing for every live theft report with the same number (reports
 * by the seller themselves excepted: a rider who got their bike back may sell it). Answers whether the listing is
 * hidden now. Runs in the listing's own unit of work.
 */
export async function checkListingFrameNumber(
  uow: UnitOfWork,
  listing: { id: number; sellerId: string },
  number: FrameNumberDigest,
): Promise<boolean> {
  await storeFrameNumber(uow, listing.id, "listing", number);
  const reports = await uow.tx
    .select({ reportId: report.id, reporterId: report.authorId })
    .from(articleFrameNumber)
    .innerJoin(report, eq(report.id, articleFrameNumber.articleId))
    .where(
      and(
        inArray(articleFrameNumber.digest, number.candidates),
        eq(articleFrameNumber.role, "theftReport"),
        isNull(report.deletedAt),
        ne(report.authorId, listing.sellerId),
      ),
    )
    .orderBy(asc(report.id));
  await holdMatches(
    uow,
    reports.map((row) => ({ listingId: listing.id, ...row })),
  );
  return stillHidden(uow, listing.id);
}

/**
 * Stores a theft report's number and holds every live listing already carrying it (the reporter's own excepted).
 * Runs in the report's own unit of work; answers how many listings it newly held.
 */
export async function checkReportFrameNumber(
  uow: UnitOfWork,
  theftReport: { id: number; authorId: string },
  number: FrameNumberDigest,
): Promise<number> {
  await storeFrameNumber(uow, theftReport.id, "theftReport", number);
  const listings = await uow.tx
    .select({ listingId: marketListing.articleId })
    .from(articleFrameNumber)
    .innerJoin(marketListing, eq(marketListing.articleId, articleFrameNumber.articleId))
    .where(
      and(
        inArray(articleFrameNumber.digest, number.candidates),
        eq(articleFrameNumber.role, "listing"),
        isNull(marketListing.deletedAt),
        ne(marketListing.sellerId, theftReport.authorId),
      ),
    )
    .orderBy(asc(marketListing.articleId));
  return holdMatches(
    uow,
    listings.map((row) => ({ ...row, reportId: theftReport.id, reporterId: theftReport.authorId })),
  );
}

/** The last four characters of an article's stored number, for its writer or an administrator; null without one. */
export async function frameNumberTailFor(db: Database, reader: Actor | null, articleId: number) {
  const [row] = await db
    .select({ tail: articleFrameNumber.tail, authorId: boardArticle.authorId })
    .from(articleFrameNumber)
    .innerJoin(boardArticle, eq(boardArticle.id, articleFrameNumber.articleId))
    .where(eq(articleFrameNumber.articleId, articleId));
  return row && mayManage(reader, row.authorId) ? row.tail : null;
}

/** The last four characters of a live theft report's number, which its page shows everybody; null without one. */
export async function reportFrameNumberTail(db: Database, reportId: number): Promise<string | null> {
  const [row] = await db
    .select({ tail: articleFrameNumber.tail })
    .from(articleFrameNumber)
    .where(and(eq(articleFrameNumber.articleId, reportId), eq(articleFrameNumber.role, "theftReport")));
  return row?.tail ?? null;
}

/** What a listing's page tells its seller (or an administrator) about a hold: a neutral notice, never why. */
export interface ListingHoldNotice {
  hidden: boolean;
  /** Administrators only: where the hold is reviewed. */
  reviewPath: string | null;
}

export async function listingHoldNotice(
  db: Database,
  reader: Actor | null,
  listing: { id: number; sellerId: string },
): Promise<ListingHoldNotice | null> {
  if (!reader || !mayManage(reader, listing.sellerId)) return null;
  const [row] = await db
    .select({ id: theftHold.id })
    .from(theftHold)
    .where(and(eq(theftHold.listingId, listing.id), inArray(theftHold.state, [...hidingStates])))
    .limit(1);
  if (!row) return null;
  return { hidden: true, reviewPath: can(reader, "moderate:content") ? "/admin/theft" : null };
}

export interface TheftHoldRow {
  id: number;
  state: "held" | "released" | "kept";
  createdAt: string;
  decidedAt: string | null;
  listing: { id: number; title: string; path: string; sellerNickname: string | null; tail: string | null };
  report: { id: number; title: string; path: string; reporterNickname: string | null; deleted: boolean };
  decisions: HoldDecision[];
}

const listingArticle = alias(boardArticle, "held_listing");
const seller = alias(member, "held_seller");
const reporter = alias(member, "theft_reporter");

/** The holds for administrators: waiting ones first, then the kept ones, oldest first; released ones leave. */
export async function listTheftHolds(db: Database, actor: Actor): Promise<TheftHoldRow[]> {
  requirePermission(actor, "moderate:content", () => fail("forbidden"));
  const rows = await db
    .select({
      id: theftHold.id,
      state: theftHold.state,
      createdAt: theftHold.createdAt,
      decidedAt: theftHold.decidedAt,
      listingId: theftHold.listingId,
      listingKind: listingArticle.kind,
      listingTitle: listingArticle.title,
      sellerNickname: sql<string | null>`coalesce(${seller.nickname}, ${seller.name})`,
      tail: articleFrameNumber.tail,
      reportId: theftHold.reportId,
      reportTitle: report.title,
      reportDeletedAt: report.deletedAt,
      reporterNickname: sql<string | null>`coalesce(${reporter.nickname}, ${reporter.name})`,
    })
    .from(theftHold)
    .innerJoin(listingArticle, eq(listingArticle.id, theftHold.listingId))
    .innerJoin(report, eq(report.id, theftHold.reportId))
    .leftJoin(seller, eq(seller.id, listingArticle.authorId))
    .leftJoin(reporter, eq(reporter.id, report.authorId))
    .leftJoin(articleFrameNumber, eq(articleFrameNumber.articleId, theftHold.listingId))
    .where(and(inArray(theftHold.state, [...hidingStates]), isNull(listingArticle.deletedAt)))
    .orderBy(sql`${theftHold.state} = 'kept'`, asc(theftHold.createdAt), asc(theftHold.id));
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    listing: {
      id: row.listingId,
      title: row.listingTitle,
      path: listingPath(row.listingKind as MarketKind, row.listingId),
      sellerNickname: row.sellerNickname,
      tail: row.tail,
    },
    report: {
      id: row.reportId,
      title: row.reportTitle,
      path: articlePath("reportTheft", row.reportId),
      reporterNickname: row.reporterNickname,
      deleted: row.reportDeletedAt !== null,
    },
    decisions: allowedTransitions(theftHoldMachine, row.state, "admin"),
  }));
}

/** An administrator releases a hold (the listing is public again once no other hold hides it) or keeps it hidden. */
export async function decideTheftHold(
  db: Database,
  clock: Clock,
  actor: Actor,
  holdId: number,
  decision: string,
  from?: ActingFrom,
): Promise<{ listingId: number; hidden: boolean }> {
  requirePermission(actor, "moderate:content", () => fail("forbidden"));
  if (!(holdDecisions as readonly string[]).includes(decision)) throw fail("decision_invalid");
  const transition = decision as HoldDecision;
  return runInTransaction(db, clock, async (uow) => {
    const [hold] = await uow.tx.select().from(theftHold).where(eq(theftHold.id, holdId));
    if (!hold) throw fail("hold_not_found");
    const moved = await applyTransition(
      uow,
      theftHolds,
      holdId,
      transition,
      { role: "admin", id: actor.id },
      {
        decidedBy: actor.id,
      },
    );
    await recordAdminAct(
      uow,
      actor,
      {
        action: transition === "release" ? "market.theft_hold.release" : "market.theft_hold.keep",
        subject: { kind: "listing", id: hold.listingId },
        before: { hold: hold.id, state: moved.from },
        after: { hold: hold.id, state: moved.to, report: hold.reportId },
      },
      from,
    );
    return { listingId: hold.listingId, hidden: await stillHidden(uow, hold.listingId) };
  });
}
