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
} from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { shortTitle } from "#app/services/board/interaction-access.server";
import { DomainError } from "#app/services/errors";
import { notify, notifyMany } from "#app/services/notifications/notify.server";
import type { RoleOf } from "#app/services/state-machine";
import {
  applyTransition,
  bindMachine,
  type TransitionActor,
  type TransitionInput,
} from "#app/services/state-machine.server";
import type { MarketErrorCode } from "./errors";
import { listingPath, type MarketKind } from "./kinds";
import { offerMachine, saleMachine, wantedMachine } from "./listing-machine";

const fail = (code: MarketErrorCode) => new DomainError("market", code);

/** What a listing's step is given besides who takes it. */
export interface ListingStepInput extends TransitionInput {
  /** Who takes the step: the status notification names them and is never sent to them. */
  by: TransitionActor<RoleOf<typeof saleMachine>>;
  /** Reserve, sell: the member chosen as the buyer, who must be one of the listing's candidates. */
  buyerId?: string | null;
  /** Members told of this change more specifically in the same unit (an accepted offer's maker). */
  except?: readonly string[];
}

type ListingRow = typeof marketListing.$inferSelect;

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
export async function candidates(
  db: Database,
  listing: { articleId: number; sellerId: string },
  only?: string,
) {
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
 * When a newly named buyer counts as having taken part in the trade: kept when the seller names the same confirmed
 * buyer again (a reservation then a sale), now when the seller accepted their offer, and not yet otherwise (a member
 * who only commented must confirm it themselves, `confirmPurchase`). A seller alone never makes anyone a buyer.
 */
async function confirmationFor(uow: UnitOfWork, listing: ListingRow, buyerId: string): Promise<Date | null> {
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
async function requireCandidate(uow: UnitOfWork, listing: ListingRow, buyerId: string | null | undefined) {
  if (!buyerId) throw fail("buyer_required");
  const [found] = await candidates(uow.tx, listing, buyerId);
  if (!found) throw fail("buyer_invalid");
  return found.id;
}

/** Names the buyer of a reservation or sale, with when they count as having taken part. */
async function nameBuyer(uow: UnitOfWork, listing: ListingRow, input: ListingStepInput, values = {}) {
  const buyer = await requireCandidate(uow, listing, input.buyerId);
  await uow.tx
    .update(marketListing)
    .set({ buyerId: buyer, buyerConfirmedAt: await confirmationFor(uow, listing, buyer), ...values })
    .where(eq(marketListing.articleId, listing.articleId));
  return buyer;
}

/**
 * Tells the members who kept the listing or made an offer on it that its status changed (never who changed it),
 * and `also` those named. The dedupe key names the listing's n-th logged transition, so the same change is never
 * notified twice.
 */
async function notifyStatusChange(
  uow: UnitOfWork,
  listing: ListingRow,
  input: ListingStepInput,
  also: readonly (string | null)[] = [],
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
  const [article] = await tx
    .select({ title: boardArticle.title })
    .from(boardArticle)
    .where(eq(boardArticle.id, id));
  const interested = await tx
    .select({ id: boardKeep.memberId })
    .from(boardKeep)
    .where(eq(boardKeep.articleId, id))
    .union(tx.select({ id: marketOffer.buyerId }).from(marketOffer).where(eq(marketOffer.articleId, id)));
  const except = new Set(input.except ?? []);
  const recipients = [...interested.map((row) => row.id), ...also].filter(
    (recipient): recipient is string => recipient !== null && !except.has(recipient),
  );
  await notifyMany(uow, recipients, {
    type: "marketStatus",
    actorId: input.by.id,
    params: { title: shortTitle(article?.title ?? "") },
    link: listingPath(listing.kind as MarketKind, id),
    dedupeKey: `marketStatus:${id}:${step?.n ?? 0}`,
  });
}

/** Closes every offer still waiting on the listing, as the system: the trade they were for is over. */
export async function closeOpenOffers(uow: UnitOfWork, articleId: number, reason: string): Promise<void> {
  const open = await uow.tx
    .select({ id: marketOffer.id })
    .from(marketOffer)
    .where(and(eq(marketOffer.articleId, articleId), eq(marketOffer.status, "open")))
    .orderBy(marketOffer.id);
  for (const offer of open)
    await applyTransition(uow, offers, offer.id, "close", { role: "system", id: null }, { reason });
}

/**
 * The sale machine on `market_listing.status`: a reservation or sale names its buyer (a candidate), a release
 * forgets them, a sale closes the offers still waiting; each change is told to the keepers, the offer makers and
 * the buyers concerned.
 */
export const saleListings = bindMachine<typeof saleMachine, typeof marketListing, ListingStepInput>(
  saleMachine,
  {
    table: marketListing,
    id: marketListing.articleId,
    state: marketListing.status,
    effects: {
      reserve: async (uow, listing, input) => {
        const buyer = await nameBuyer(uow, listing, input);
        await notifyStatusChange(uow, listing, input, [buyer]);
      },
      release: async (uow, listing, input) => {
        await uow.tx
          .update(marketListing)
          .set({ buyerId: null, buyerConfirmedAt: null })
          .where(eq(marketListing.articleId, listing.articleId));
        await notifyStatusChange(uow, listing, input, [listing.buyerId]);
      },
      sell: async (uow, listing, input) => {
        const buyer = await nameBuyer(uow, listing, input, { soldAt: uow.now });
        await closeOpenOffers(uow, listing.articleId, "listing_sold");
        await notifyStatusChange(uow, listing, input, [listing.buyerId, buyer]);
      },
    },
  },
);

/** The wanted machine on `market_listing.status`: marking it bought stamps it and tells the interested. */
export const wantedListings = bindMachine<typeof wantedMachine, typeof marketListing, ListingStepInput>(
  wantedMachine,
  {
    table: marketListing,
    id: marketListing.articleId,
    state: marketListing.status,
    effects: {
      complete: async (uow, listing, input) => {
        await uow.tx
          .update(marketListing)
          .set({ soldAt: uow.now })
          .where(eq(marketListing.articleId, listing.articleId));
        await notifyStatusChange(uow, listing, input);
      },
    },
  },
);

type OfferRow = typeof marketOffer.$inferSelect;

/**
 * Tells an offer's maker how the seller answered it. The seller is who they hear it from, also when the system
 * declined it because the seller accepted another.
 */
async function tellMaker(
  uow: UnitOfWork,
  offer: OfferRow,
  type: "marketOfferAccepted" | "marketOfferDeclined",
) {
  const [listing] = await uow.tx
    .select({ sellerId: marketListing.sellerId, kind: marketListing.kind, title: boardArticle.title })
    .from(marketListing)
    .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId))
    .where(eq(marketListing.articleId, offer.articleId));
  if (!listing) return;
  await notify(uow, {
    recipientId: offer.buyerId,
    type,
    actorId: listing.sellerId,
    params: { title: shortTitle(listing.title), price: offer.price },
    link: listingPath(listing.kind as MarketKind, offer.articleId),
    dedupeKey: `${type}:${offer.id}`,
  });
}

/**
 * The offer machine on `market_offer`: an accepted or declined offer's maker is told, whether the seller declined
 * it or the system did (another offer was accepted). Withdrawn and closed offers tell nobody.
 */
export const offers = bindMachine(offerMachine, {
  table: marketOffer,
  id: marketOffer.id,
  state: marketOffer.status,
  effects: {
    accept: (uow, offer) => tellMaker(uow, offer, "marketOfferAccepted"),
    decline: (uow, offer) => tellMaker(uow, offer, "marketOfferDeclined"),
  },
});
