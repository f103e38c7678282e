import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import {
  boardArticle,
  boardComment,
  boardKeep,
  marketListing,
  marketOffer,
  member,
  transitionLog,
  type MarketStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { isAdmin, type Actor } from "#app/services/actor";
import { shortTitle } from "#app/services/board/interaction-access.server";
import type { ArticleAuthor } from "#app/services/board/list.server";
import { DomainError } from "#app/services/errors";
import { notifyMany } from "#app/services/notifications/notify.server";
import { allowedTransitions, isState, type TransitionOf } from "#app/services/state-machine";
import { applyTransition } from "#app/services/state-machine.server";
import type { MarketErrorCode } from "./errors";
import { isWantedKind, listingPath, type MarketKind } from "./kinds";
import { saleMachine, wantedMachine } from "./listing-machine";
import { closeOpenOffers } from "./deletion.server";
import { saleListings, wantedListings } from "./listing-machine.server";

const fail = (code: MarketErrorCode) => new DomainError("market", code);

/** A live listing row with its article's title (what notifications name it by). */
export type TradeListing = typeof marketListing.$inferSelect & { kind: MarketKind; title: string };

/**
 * What an actor is to a listing, the one rule every market service asks: its seller, an acting administrator (with
 * two-step verification; `isAdmin` decides), or any other member. The listing machines take these as their roles.
 */
type ListingRole = "seller" | "admin" | "member";

function listingRole(actor: Actor, listing: { sellerId: string }): ListingRole {
  if (actor.id === listing.sellerId) return "seller";
  return isAdmin(actor) ? "admin" : "member";
}

/** Reads that only the seller and administrators may make (offers received, buyer candidates). */
export function requireManager(actor: Actor, listing: { sellerId: string }): void {
  if (listingRole(actor, listing) === "member") throw fail("not_seller");
}

/**
 * A listing that is neither unknown nor deleted (`not_found` otherwise), with its title. Inside a unit, `lock` takes
 * the listing's row lock: "update" for whatever changes its status or bump, "share" for what must not race a status
 * change (a new offer). Every market write locks the listing before its offers, so two of them never deadlock.
 */
export async function liveListing(
  db: Database,
  articleId: number,
  lock?: "update" | "share",
): Promise<TradeListing> {
  if (!Number.isSafeInteger(articleId) || articleId <= 0) throw fail("not_found");
  const query = db
    .select({ listing: marketListing, title: boardArticle.title })
    .from(marketListing)
    .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId))
    .where(and(eq(marketListing.articleId, articleId), isNull(marketListing.deletedAt)));
  const [row] = lock ? await query.for(lock, { of: marketListing }) : await query;
  if (!row) throw fail("not_found");
  return { ...row.listing, kind: row.listing.kind as MarketKind, title: row.title };
}

type SaleStep = TransitionOf<typeof saleMachine>;
type WantedStep = TransitionOf<typeof wantedMachine>;

/** The trade steps a page offers an actor on a listing, as its machine says (the page's buttons). */
export function tradeTransitions(
  actor: Actor | null,
  listing: { kind: MarketKind; status: MarketStatus; sellerId: string },
): Array<SaleStep | WantedStep> {
  const role = actor ? listingRole(actor, listing) : "member";
  if (isWantedKind(listing.kind))
    return isState(wantedMachine, listing.status)
      ? allowedTransitions(wantedMachine, listing.status, role)
      : [];
  return isState(saleMachine, listing.status) ? allowedTransitions(saleMachine, listing.status, role) : [];
}

/** Members who made an offer on the listing or commented on it, with the time of their latest interaction. */
function interactions(db: Database, articleId: number) {
  const offered = db
    .select({ memberId: marketOffer.buyerId, at: marketOffer.createdAt })
    .from(marketOffer)
    .where(eq(marketOffer.articleId, articleId));
  const commented = db
    .select({ memberId: boardComment.authorId, at: boardComment.createdAt })
    .from(boardComment)
    .where(and(eq(boardComment.articleId, articleId), isNull(boardComment.deletedAt)));
  return unionAll(offered, commented).as("interaction");
}

/** Who a listing may be reserved for or sold to: interested members, never its seller or a withdrawn member. */
async function candidates(db: Database, listing: { articleId: number; sellerId: string }, only?: string) {
  const interaction = interactions(db, listing.articleId);
  return db
    .select({ id: member.id, nickname: member.nickname, name: member.name, avatarUrl: member.image })
    .from(interaction)
    .innerJoin(member, eq(member.id, interaction.memberId))
    .where(
      and(
        ne(member.id, listing.sellerId),
        isNull(member.withdrawnAt),
        only === undefined ? undefined : eq(member.id, only),
      ),
    )
    .groupBy(member.id)
    .orderBy(desc(sql`max(${interaction.at})`), member.id);
}

/**
 * The members the seller can choose as the buyer (reserve, sold): those who made an offer or commented, newest
 * interaction first. Only the seller and administrators may see them (`not_seller`).
 */
export async function listBuyerCandidates(
  db: Database,
  actor: Actor,
  articleId: number,
): Promise<ArticleAuthor[]> {
  const listing = await liveListing(db, articleId);
  requireManager(actor, listing);
  const rows = await candidates(db, listing);
  return rows.map((row) => ({ id: row.id, nickname: row.nickname ?? row.name, avatarUrl: row.avatarUrl }));
}

/**
 * When a newly named buyer counts as having taken part in the trade: kept when the seller names the same confirmed
 * buyer again (a reservation then a sale), now when the seller accepted their offer, and not yet otherwise (a member
 * who only commented must confirm it themselves, `confirmPurchase`). A seller alone never makes anyone a buyer.
 */
async function confirmationFor(
  uow: UnitOfWork,
  listing: TradeListing,
  buyerId: string,
): Promise<Date | null> {
  if (buyerId === listing.buyerId && listing.buyerConfirmedAt) return listing.buyerConfirmedAt;
  const [accepted] = await uow.tx
    .select({ id: marketOffer.id })
    .from(marketOffer)
    .where(
      and(
        eq(marketOffer.articleId, listing.articleId),
        eq(marketOffer.buyerId, buyerId),
        eq(marketOffer.status, "accepted"),
      ),
    )
    .limit(1);
  return accepted ? uow.now : null;
}

/** The chosen buyer, when they are a candidate: `buyer_required` without one, `buyer_invalid` for anyone else. */
async function requireCandidate(uow: UnitOfWork, listing: TradeListing, buyerId: string | null | undefined) {
  if (!buyerId) throw fail("buyer_required");
  const [found] = await candidates(uow.tx, listing, buyerId);
  if (!found) throw fail("buyer_invalid");
  return found.id;
}

/**
 * Takes a step of the listing's machine. It speaks first: a member who is not the seller is refused
 * (`transition_forbidden`) before anything else about the request is checked, and so is a step the listing's status
 * does not allow (`transition_not_allowed`, also for a sale step on a wanted post and the other way round).
 */
async function move(uow: UnitOfWork, actor: Actor, listing: TradeListing, step: SaleStep | WantedStep) {
  const by = { role: listingRole(actor, listing), id: actor.id };
  const { to } =
    step === "complete"
      ? await applyTransition(uow, wantedListings, listing.articleId, step, by, {})
      : await applyTransition(uow, saleListings, listing.articleId, step, by, {});
  return to;
}

interface StatusNotice {
  /** Members told besides keepers and offer makers: the buyer the listing is (or was) reserved for or sold to. */
  also?: readonly (string | null)[];
  /** Members who got a more specific notification of the same change in this unit. */
  except?: readonly string[];
}

/**
 * Tells the members who kept the listing or made an offer on it that its status changed (never the actor). The
 * dedupe key names the listing's n-th logged transition, so the same change is never notified twice.
 */
async function notifyStatusChange(
  uow: UnitOfWork,
  actor: Actor,
  listing: TradeListing,
  notice: StatusNotice,
) {
  const { tx } = uow;
  const id = listing.articleId;
  const [step] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(transitionLog)
    .where(
      and(
        inArray(transitionLog.machine, [saleMachine.name, wantedMachine.name]),
        eq(transitionLog.subjectId, String(id)),
      ),
    );
  const interested = await tx
    .select({ id: boardKeep.memberId })
    .from(boardKeep)
    .where(eq(boardKeep.articleId, id))
    .union(tx.select({ id: marketOffer.buyerId }).from(marketOffer).where(eq(marketOffer.articleId, id)));
  const except = new Set(notice.except ?? []);
  const recipients = [...interested.map((row) => row.id), ...(notice.also ?? [])].filter(
    (recipient): recipient is string => recipient !== null && !except.has(recipient),
  );
  await notifyMany(uow, recipients, {
    type: "marketStatus",
    actorId: actor.id,
    params: { title: shortTitle(listing.title) },
    link: listingPath(listing.kind, id),
    dedupeKey: `marketStatus:${id}:${step?.n ?? 0}`,
  });
}

export interface TradeResult {
  id: number;
  kind: MarketKind;
  status: MarketStatus;
}

const resultOf = (listing: TradeListing, status: MarketStatus): TradeResult => ({
  id: listing.articleId,
  kind: listing.kind,
  status,
});

/**
 * Reserves a locked, selling listing for a candidate, in the caller's unit (the seller's reserve button, or the
 * acceptance of an offer, which tells its buyer itself and names them in `except`).
 */
export async function reserveInUnit(
  uow: UnitOfWork,
  actor: Actor,
  listing: TradeListing,
  buyerId: string | null | undefined,
  except: readonly string[] = [],
): Promise<TradeResult> {
  const status = await move(uow, actor, listing, "reserve");
  const buyer = await requireCandidate(uow, listing, buyerId);
  await uow.tx
    .update(marketListing)
    .set({ buyerId: buyer, buyerConfirmedAt: await confirmationFor(uow, listing, buyer) })
    .where(eq(marketListing.articleId, listing.articleId));
  await notifyStatusChange(uow, actor, listing, { also: [buyer], except });
  return resultOf(listing, status);
}

/** Reserves a selling listing for one of its candidates (seller or administrator). */
export async function reserveListing(
  db: Database,
  clock: Clock,
  actor: Actor,
  articleId: number,
  buyerId: string | null | undefined,
): Promise<TradeResult> {
  return runInTransaction(db, clock, async (uow) =>
    reserveInUnit(uow, actor, await liveListing(uow.tx, articleId, "update"), buyerId),
  );
}

/** Puts a reserved listing back on sale; the member it was reserved for is told. */
export async function releaseListing(
  db: Database,
  clock: Clock,
  actor: Actor,
  articleId: number,
): Promise<TradeResult> {
  return runInTransaction(db, clock, async (uow) => {
    const listing = await liveListing(uow.tx, articleId, "update");
    const status = await move(uow, actor, listing, "release");
    await uow.tx
      .update(marketListing)
      .set({ buyerId: null, buyerConfirmedAt: null })
      .where(eq(marketListing.articleId, articleId));
    await notifyStatusChange(uow, actor, listing, { also: [listing.buyerId] });
    return resultOf(listing, status);
  });
}

/**
 * Marks a selling or reserved listing sold to one of its candidates (possibly another than the one it was reserved
 * for, who is told too). The offers still waiting are closed: the item is gone.
 */
export async function sellListing(
  db: Database,
  clock: Clock,
  actor: Actor,
  articleId: number,
  buyerId: string | null | undefined,
): Promise<TradeResult> {
  return runInTransaction(db, clock, async (uow) => {
    const listing = await liveListing(uow.tx, articleId, "update");
    const status = await move(uow, actor, listing, "sell");
    const buyer = await requireCandidate(uow, listing, buyerId);
    await uow.tx
      .update(marketListing)
      .set({ buyerId: buyer, buyerConfirmedAt: await confirmationFor(uow, listing, buyer), soldAt: uow.now })
      .where(eq(marketListing.articleId, articleId));
    await closeOpenOffers(uow, articleId, "listing_sold");
    await notifyStatusChange(uow, actor, listing, { also: [listing.buyerId, buyer] });
    return resultOf(listing, status);
  });
}

/** Marks a wanted post bought: its writer found what they were looking for. */
export async function completeWanted(
  db: Database,
  clock: Clock,
  actor: Actor,
  articleId: number,
): Promise<TradeResult> {
  return runInTransaction(db, clock, async (uow) => {
    const listing = await liveListing(uow.tx, articleId, "update");
    const status = await move(uow, actor, listing, "complete");
    await uow.tx.update(marketListing).set({ soldAt: uow.now }).where(eq(marketListing.articleId, articleId));
    await notifyStatusChange(uow, actor, listing, {});
    return resultOf(listing, status);
  });
}

/**
 * The member a sale listing is reserved for or sold to confirms that they took part in the trade; until then (or
 * their accepted offer) neither side may review the other. Nobody confirms for them: not the seller, not an
 * administrator (`purchase_not_buyer`). Confirming twice changes nothing.
 */
export async function confirmPurchase(
  db: Database,
  clock: Clock,
  actor: Actor,
  articleId: number,
): Promise<TradeResult> {
  return runInTransaction(db, clock, async (uow) => {
    const listing = await liveListing(uow.tx, articleId, "update");
    const named =
      !isWantedKind(listing.kind) &&
      (listing.status === "reserved" || listing.status === "soldOut") &&
      listing.buyerId === actor.id;
    if (!named) throw fail("purchase_not_buyer");
    if (!listing.buyerConfirmedAt)
      await uow.tx
        .update(marketListing)
        .set({ buyerConfirmedAt: uow.now })
        .where(eq(marketListing.articleId, articleId));
    return resultOf(listing, listing.status);
  });
}
