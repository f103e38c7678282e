import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { boardArticle, marketListing, type MarketStatus } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { can } from "#app/services/permissions";
import type { ArticleAuthor } from "#app/services/board/list.server";
import { DomainError } from "#app/services/errors";
import { allowedTransitions, isState, type TransitionOf } from "#app/services/state-machine";
import { applyTransition } from "#app/services/state-machine.server";
import type { MarketErrorCode } from "./errors";
import { isWantedKind, takesOffers, type MarketKind } from "./kinds";
import { saleMachine, wantedMachine } from "./listing-machine";
import { candidates, saleListings, wantedListings, type ListingStepInput } from "./listing-machine.server";

const fail = (code: MarketErrorCode) => new DomainError("market", code);

/** A live listing row with its article's title (what notifications name it by). */
export type TradeListing = typeof marketListing.$inferSelect & {
  kind: MarketKind;
  title: string;
  /** Held by the stolen-vehicle check (ADR 070): nobody but its seller and administrators sees it. */
  isPrivate: boolean;
};

/**
 * What an actor is to a listing, the one rule every market service asks: its seller, an acting administrator (with
 * two-step verification who moderates content; `can` decides), or any other member. The listing machines take these as their roles.
 */
type ListingRole = "seller" | "admin" | "member";

function listingRole(actor: Actor, listing: { sellerId: string }): ListingRole {
  if (actor.id === listing.sellerId) return "seller";
  return can(actor, "moderate:content") ? "admin" : "member";
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
    .select({ listing: marketListing, title: boardArticle.title, isPrivate: boardArticle.isPrivate })
    .from(marketListing)
    .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId))
    .where(and(eq(marketListing.articleId, articleId), isNull(marketListing.deletedAt)));
  const [row] = lock ? await query.for(lock, { of: marketListing }) : await query;
  if (!row) throw fail("not_found");
  return { ...row.listing, kind: row.listing.kind as MarketKind, title: row.title, isPrivate: row.isPrivate };
}

type SaleStep = TransitionOf<typeof saleMachine>;
type WantedStep = TransitionOf<typeof wantedMachine>;

/** The trade steps a page offers an actor on a listing, as its machine says (the page's buttons). */
function tradeTransitions(
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

export interface ListingActions {
  /** The trade steps the reader may take, as the listing's machine says (the page's buttons). */
  steps: Array<SaleStep | WantedStep>;
  /** The reader keeps the listing (its seller, or an administrator who may step it): candidates, offers, bump. */
  manages: boolean;
  /** The reader may offer a price: a member who does not manage it, on a listing that takes offers now. */
  canOffer: boolean;
}

/**
 * The one resolver of (listing state × reader's role) for the listing page: the steps its machine gives the reader
 * and what follows from them. The services check the same rules when the reader acts.
 */
export function listingActions(
  reader: Actor | null,
  listing: { kind: MarketKind; status: MarketStatus; sellerId: string; negotiable: boolean; price: number },
): ListingActions {
  const steps = tradeTransitions(reader, listing);
  const manages = steps.length > 0 || (reader !== null && reader.id === listing.sellerId);
  return { steps, manages, canOffer: reader !== null && !manages && takesOffers(listing) };
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
 * Takes a step of the listing's machine, whose effects name the buyer, close the offers and tell the interested.
 * It speaks first: a member who is not the seller is refused (`transition_forbidden`) before anything else about the
 * request is checked, and so is a step the listing's status does not allow (`transition_not_allowed`, also for a
 * sale step on a wanted post and the other way round).
 */
async function move(
  uow: UnitOfWork,
  actor: Actor,
  listing: TradeListing,
  step: SaleStep | WantedStep,
  input: Omit<ListingStepInput, "by"> = {},
) {
  const by = { role: listingRole(actor, listing), id: actor.id };
  const { to } =
    step === "complete"
      ? await applyTransition(uow, wantedListings, listing.articleId, step, by, { ...input, by })
      : await applyTransition(uow, saleListings, listing.articleId, step, by, { ...input, by });
  return to;
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
  const status = await move(uow, actor, listing, "reserve", { buyerId, except });
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
    const status = await move(uow, actor, listing, "sell", { buyerId });
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
