import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { boardArticle, boardCategory, marketListing, member, type MarketStatus } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { seoulTime } from "#app/platform/seoul-calendar";
import type { CounterBuffer } from "#app/platform/counter-buffer.server";
import { runInTransaction, type DatabaseOrUnit, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { attachUploads } from "#app/services/uploads/ownership.server";
import type { Actor } from "#app/services/actor";
import { mayManage } from "#app/services/permissions";
import { recordModeration, type ActingFrom } from "#app/services/admin/audit.server";
import { readerMarkColumns, type ReaderMarks } from "#app/services/board/articles.server";
import { authorOf, type ArticleAuthor } from "#app/services/board/list.server";
import { ARTICLE_TITLE_MAX } from "#app/services/board/kinds";
import {
  ArticleRefused,
  readArticleHtml,
  sanitisedContentOf,
  type CheckedArticleHtml,
} from "#app/services/content/article-html.server";
import { excerpt } from "#app/services/content/excerpt";
import { DomainError, isDomainError } from "#app/services/errors";
import { areaByCode } from "#app/services/location/address-search";
import { keepPace } from "#app/services/pace/pace.server";
import type { MarketErrorCode } from "./errors";
import {
  isMarketKind,
  isVehicleKind,
  isWantedKind,
  LISTING_PRICE_MAX,
  vehicleKinds,
  VEHICLE_LISTING_LIMIT,
  type MarketKind,
  type VehiclePaperworkCode,
} from "./kinds";
import { enqueueKeywordAlerts } from "./keywords.server";
import {
  COLOUR_MAX,
  DISPLACEMENT_MAX,
  displacementFits,
  HISTORY_MAX,
  MILEAGE_MAX,
  MODEL_NAME_MAX,
} from "./listing.schema";
import { markListingDeleted } from "./deletion.server";
import { outdateInspections } from "#app/services/inspection/inspections.server";
import type { FrameNumberDigest } from "#app/services/theft/frame-number-digest.server";
import { checkListingFrameNumber } from "#app/services/theft/holds.server";
import { checkFits, listingFits, replaceFits } from "./fits.server";
import type { FitInput } from "./fits";

const fail = (code: MarketErrorCode) => new DomainError("market", code);

/** What the listing form sends, after its schema (or what a caller of the service passes the same way). */
export interface ListingInput {
  kind: string;
  categoryId: number | null;
  title: string;
  /** The editor's HTML, sanitised here before it is stored. */
  contentHtml: string;
  price: number;
  negotiable: boolean;
  tradeDirect: boolean;
  tradeDelivery: boolean;
  areaCode: string;
  vehicle?: VehicleInput | null;
  /** A vehicle's frame number, digested; none (or, when editing, the stored one kept) without it. */
  frameNumber?: FrameNumberDigest | null;
  /** The models a parts or gear listing fits (ADR 072); ignored for the other kinds. */
  fits?: readonly FitInput[] | null;
}

export interface VehicleInput {
  modelName: string;
  modelYear: number | null;
  mileageKm: number | null;
  displacementCc: number | null;
  colour: string;
  accidentHistory: string;
  paperwork: readonly VehiclePaperworkCode[];
  tuned: boolean;
}

/** A listing's fields as stored, checked, with its content read once. */
export interface CheckedListing {
  kind: MarketKind;
  categoryId: number;
  title: string;
  content: CheckedArticleHtml;
  price: number;
  negotiable: boolean;
  tradeDirect: boolean;
  tradeDelivery: boolean;
  areaCode: string;
  latitude: number;
  longitude: number;
  vehicle: {
    modelName: string | null;
    modelYear: number | null;
    mileageKm: number | null;
    displacementCc: number | null;
    colour: string | null;
    accidentHistory: string | null;
    paperwork: VehiclePaperworkCode[] | null;
    tuned: boolean | null;
  };
  frameNumber: FrameNumberDigest | null;
  /** The models it fits, checked against the catalogue; none outside the fit kinds. */
  fits?: FitInput[];
}

const noVehicle: CheckedListing["vehicle"] = {
  modelName: null,
  modelYear: null,
  mileageKm: null,
  displacementCc: null,
  colour: null,
  accidentHistory: null,
  paperwork: null,
  tuned: null,
};

const within = (value: number | null, min: number, max: number) =>
  value === null || (Number.isInteger(value) && value >= min && value <= max);

function checkedVehicle(kind: MarketKind, vehicle: VehicleInput | null | undefined, yearMax: number) {
  if (!isVehicleKind(kind)) return noVehicle;
  const modelName = vehicle?.modelName.trim() ?? "";
  if (!vehicle || !modelName) throw fail("model_required");
  if ([...modelName].length > MODEL_NAME_MAX) throw fail("text_length");
  if (!within(vehicle.modelYear, 1900, yearMax)) throw fail("model_year_invalid");
  if (!within(vehicle.mileageKm, 0, MILEAGE_MAX)) throw fail("mileage_invalid");
  if (!within(vehicle.displacementCc, 1, DISPLACEMENT_MAX)) throw fail("displacement_invalid");
  if (vehicle.displacementCc !== null && !displacementFits(kind, vehicle.displacementCc))
    throw fail("displacement_kind");
  const colour = vehicle.colour.trim();
  const history = vehicle.accidentHistory.trim();
  if ([...colour].length > COLOUR_MAX || [...history].length > HISTORY_MAX) throw fail("text_length");
  return {
    modelName,
    modelYear: vehicle.modelYear,
    mileageKm: vehicle.mileageKm,
    displacementCc: vehicle.displacementCc,
    colour: colour || null,
    accidentHistory: history || null,
    paperwork: [...new Set(vehicle.paperwork)],
    tuned: vehicle.tuned,
  };
}

async function checkedFields(db: Database, input: ListingInput, yearMax: number) {
  if (!isMarketKind(input.kind)) throw fail("kind_invalid");
  const kind = input.kind;
  if (!input.categoryId) throw fail("category_required");
  const [category] = await db
    .select({ id: boardCategory.id })
    .from(boardCategory)
    .where(
      and(
        eq(boardCategory.id, input.categoryId),
        eq(boardCategory.kind, kind),
        eq(boardCategory.deleted, false),
      ),
    );
  if (!category) throw fail("category_required");
  const title = input.title.trim();
  if (!title) throw new DomainError("board", "title_required");
  if ([...title].length > ARTICLE_TITLE_MAX) throw new DomainError("board", "title_length");
  if (!Number.isSafeInteger(input.price) || input.price < 0 || input.price > LISTING_PRICE_MAX)
    throw fail("price_invalid");
  if (!input.tradeDirect && !input.tradeDelivery) throw fail("trade_method_required");
  const area = areaByCode(input.areaCode);
  if (!area || area.level !== "sigungu") throw fail("area_invalid");
  return {
    kind,
    categoryId: category.id,
    title,
    price: input.price,
    // A free giveaway takes no offers.
    negotiable: input.price > 0 && input.negotiable,
    tradeDirect: input.tradeDirect,
    tradeDelivery: input.tradeDelivery,
    areaCode: area.code,
    latitude: area.lat,
    longitude: area.lng,
    vehicle: checkedVehicle(kind, input.vehicle, yearMax),
    frameNumber: isVehicleKind(kind) ? (input.frameNumber ?? null) : null,
  };
}

/**
 * Checks and sanitises a listing without writing it (the content is read on a worker thread, before the unit of
 * work that stores it). Refusals of the content's rules and of the fields come as an `ArticleRefused` for board
 * rules, carrying the content as sanitising kept it, or as a market `DomainError`.
 */
export async function checkListing(db: Database, clock: Clock, input: ListingInput): Promise<CheckedListing> {
  const reading = await readArticleHtml(input.contentHtml);
  try {
    const fields = await checkedFields(db, input, modelYearMax(clock));
    const fits = await checkFits(db, fields.kind, input.fits, modelYearMax(clock));
    if ("refusal" in reading) throw reading.refusal;
    return { ...fields, fits, content: reading.checked };
  } catch (error) {
    if (isDomainError(error, "board")) throw new ArticleRefused(error, sanitisedContentOf(reading));
    throw error;
  }
}

/** The latest model year a listing accepts: next year, on the Seoul calendar. */
export function modelYearMax(clock: Clock): number {
  return seoulTime(clock.now()).year + 1;
}

/** Which open vehicle sale listings count towards the limit: neither sold nor deleted. */
const countsTowardsLimit = (sellerId: string) =>
  and(
    eq(marketListing.sellerId, sellerId),
    inArray(marketListing.kind, [...vehicleKinds]),
    ne(marketListing.status, "soldOut"),
    isNull(marketListing.deletedAt),
  );

/** How many vehicle sale listings a member has open, of the VEHICLE_LISTING_LIMIT allowed. */
export async function countOpenVehicleListings(source: DatabaseOrUnit, sellerId: string): Promise<number> {
  const db = "tx" in source ? source.tx : source;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(marketListing)
    .where(countsTowardsLimit(sellerId));
  return row?.n ?? 0;
}

/**
 * Refuses a vehicle sale listing beyond the limit. A transaction-scoped advisory lock per member serialises every
 * check of one member's listings (in every process on the database), so simultaneous writes cannot all pass the
 * count; it is released at the unit's commit or rollback.
 */
async function holdVehicleLimit(uow: UnitOfWork, sellerId: string, exceptId: number | null) {
  await uow.tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`market-vehicle:${sellerId}`}, 0))`,
  );
  const [row] = await uow.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(marketListing)
    .where(
      exceptId === null
        ? countsTowardsLimit(sellerId)
        : and(countsTowardsLimit(sellerId), ne(marketListing.articleId, exceptId)),
    );
  if ((row?.n ?? 0) >= VEHICLE_LISTING_LIMIT) throw fail("listing_limit");
}

export interface SavedListing {
  id: number;
  kind: MarketKind;
}

/**
 * Stores a checked listing for a signed-in member, on its own or in the caller's unit of work, with the job that
 * tells members whose keywords it matches (written in the same unit, so it exists exactly when the listing does;
 * demo listings seeded into an empty database alert nobody).
 */
export async function insertListing(
  source: DatabaseOrUnit,
  clock: Clock,
  seller: Actor,
  checked: CheckedListing,
  options: { demo?: boolean } = {},
): Promise<SavedListing> {
  return runInTransaction(source, clock, async (uow) => {
    const { tx, now } = uow;
    if (!options.demo) await keepPace(uow, "listing", seller.id);
    if (isVehicleKind(checked.kind)) await holdVehicleLimit(uow, seller.id, null);
    const [article] = await tx
      .insert(boardArticle)
      .values({
        section: "market",
        kind: checked.kind,
        categoryId: checked.categoryId,
        authorId: seller.id,
        title: checked.title,
        contentHtml: checked.content.html,
        contentText: checked.content.text,
        thumbnailUrl: checked.content.thumbnail,
        demo: options.demo ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: boardArticle.id });
    const id = article!.id;
    await tx.insert(marketListing).values({
      articleId: id,
      kind: checked.kind,
      sellerId: seller.id,
      status: isWantedKind(checked.kind) ? "buying" : "selling",
      price: checked.price,
      negotiable: checked.negotiable,
      tradeDirect: checked.tradeDirect,
      tradeDelivery: checked.tradeDelivery,
      areaCode: checked.areaCode,
      latitude: checked.latitude,
      longitude: checked.longitude,
      ...checked.vehicle,
      bumpedAt: now,
      demo: options.demo ?? false,
    });
    await replaceFits(uow, id, checked.fits ?? []);
    await attachUploads(uow, seller.id, checked.content.images, `article:${id}`);
    // A listing held by the stolen-vehicle check is private: nobody is alerted to it.
    const held = checked.frameNumber
      ? await checkListingFrameNumber(uow, { id, sellerId: seller.id }, checked.frameNumber)
      : false;
    if (!options.demo && !held) await enqueueKeywordAlerts(uow, id);
    return { id, kind: checked.kind };
  });
}

/** Writes a new listing for a signed-in member and answers its id. */
export async function createListing(db: Database, clock: Clock, seller: Actor, input: ListingInput) {
  return insertListing(db, clock, seller, await checkListing(db, clock, input));
}

/** A live listing its reader may manage (its seller or an administrator), locked for the caller's unit. */
async function ownListing(uow: UnitOfWork, actor: Actor, id: number) {
  const [row] = await uow.tx
    .select()
    .from(marketListing)
    .where(and(eq(marketListing.articleId, id), isNull(marketListing.deletedAt)))
    .for("update");
  if (!row) throw fail("not_found");
  if (!mayManage(actor, row.sellerId)) throw fail("not_seller");
  return row;
}

/**
 * Changes a listing; only its seller (or an administrator) may. It may move to another kind of the same family (a
 * sale to another sale kind, never between sales and wanted posts); moving into a vehicle kind counts towards the
 * limit. Its trade status, bump time and offers stay.
 */
export async function updateListing(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  input: ListingInput,
  acting?: ActingFrom,
  alsoIn?: (uow: UnitOfWork) => Promise<void>,
): Promise<SavedListing> {
  const checked = await checkListing(db, clock, input);
  return runInTransaction(db, clock, async (uow) => {
    const existing = await ownListing(uow, actor, id);
    const from = existing.kind as MarketKind;
    if (isWantedKind(from) !== isWantedKind(checked.kind)) throw fail("kind_family");
    if (isVehicleKind(checked.kind) && !isVehicleKind(from) && existing.status !== "soldOut")
      await holdVehicleLimit(uow, existing.sellerId, id);
    await uow.tx
      .update(boardArticle)
      .set({
        kind: checked.kind,
        categoryId: checked.categoryId,
        title: checked.title,
        contentHtml: checked.content.html,
        contentText: checked.content.text,
        thumbnailUrl: checked.content.thumbnail,
        updatedAt: uow.now,
      })
      .where(eq(boardArticle.id, id));
    await uow.tx
      .update(marketListing)
      .set({
        kind: checked.kind,
        price: checked.price,
        negotiable: checked.negotiable,
        tradeDirect: checked.tradeDirect,
        tradeDelivery: checked.tradeDelivery,
        areaCode: checked.areaCode,
        latitude: checked.latitude,
        longitude: checked.longitude,
        ...checked.vehicle,
      })
      .where(eq(marketListing.articleId, id));
    await outdateInspections(uow, id, existing, checked.vehicle);
    await replaceFits(uow, id, checked.fits ?? []);
    await attachUploads(uow, actor.id, checked.content.images, `article:${id}`);
    if (checked.frameNumber)
      await checkListingFrameNumber(uow, { id, sellerId: existing.sellerId }, checked.frameNumber);
    await recordModeration(
      uow,
      actor,
      existing.sellerId,
      {
        action: "market.listing.update",
        subject: { kind: "listing", id },
        before: { kind: from, price: existing.price },
        after: { kind: checked.kind, price: checked.price, title: checked.title },
      },
      acting,
    );
    // What the form saves beside the listing (its service log), in the same unit.
    await alsoIn?.(uow);
    return { id, kind: checked.kind };
  });
}

/** Deletes a listing (its seller or an administrator): it leaves every list, and its page says it was deleted. */
export async function deleteListing(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  from?: ActingFrom,
): Promise<SavedListing> {
  return runInTransaction(db, clock, async (uow) => {
    const existing = await ownListing(uow, actor, id);
    await uow.tx
      .update(boardArticle)
      .set({ deletedAt: uow.now })
      .where(and(eq(boardArticle.id, id), isNull(boardArticle.deletedAt)));
    await markListingDeleted(uow, id);
    await recordModeration(
      uow,
      actor,
      existing.sellerId,
      { action: "market.listing.delete", subject: { kind: "listing", id }, before: { kind: existing.kind } },
      from,
    );
    return { id, kind: existing.kind as MarketKind };
  });
}

/** A listing row's vehicle information, as pages show it (all null outside the vehicle kinds). */
function vehicleOf(listing: typeof marketListing.$inferSelect): CheckedListing["vehicle"] {
  const { modelName, modelYear, mileageKm, displacementCc, colour, accidentHistory, paperwork, tuned } =
    listing;
  return { modelName, modelYear, mileageKm, displacementCc, colour, accidentHistory, paperwork, tuned };
}

/** A listing's stored values as its edit form shows them: the form's fields, with its id and checked vehicle. */
export interface ListingEditValues extends Omit<ListingInput, "kind" | "vehicle" | "fits"> {
  id: number;
  kind: MarketKind;
  vehicle: CheckedListing["vehicle"];
  fits: FitInput[];
}

/** The stored values of a listing for its edit form; only for its seller or an administrator. */
export async function getListingForEdit(db: Database, clock: Clock, actor: Actor, id: number) {
  return runInTransaction(db, clock, async (uow): Promise<ListingEditValues> => {
    const listing = await ownListing(uow, actor, id);
    const [article] = await uow.tx.select().from(boardArticle).where(eq(boardArticle.id, id));
    return {
      id,
      kind: listing.kind as MarketKind,
      categoryId: article!.categoryId,
      title: article!.title,
      contentHtml: article!.contentHtml,
      price: listing.price,
      negotiable: listing.negotiable,
      tradeDirect: listing.tradeDirect,
      tradeDelivery: listing.tradeDelivery,
      areaCode: listing.areaCode,
      vehicle: vehicleOf(listing),
      fits: (await listingFits(uow, id)).map(({ modelId, yearFrom, yearTo }) => ({
        modelId,
        yearFrom,
        yearTo,
      })),
    };
  });
}

export interface ListingView {
  id: number;
  kind: MarketKind;
  category: { id: number; ko: string; en: string } | null;
  title: string;
  contentHtml: string;
  excerpt: string;
  imageUrl: string | null;
  seller: ArticleAuthor;
  status: MarketStatus;
  price: number;
  negotiable: boolean;
  tradeDirect: boolean;
  tradeDelivery: boolean;
  areaCode: string;
  vehicle: CheckedListing["vehicle"];
  /** The member a reserved or sold listing is reserved for or sold to. */
  buyer: ArticleAuthor | null;
  /** The buyer took part in the trade (an accepted offer, or their own confirmation). */
  buyerConfirmed: boolean;
  likeCount: number;
  commentCount: number;
  keepCount: number;
  viewCount: number;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
  bumpedAt: string;
  soldAt: string | null;
  mine: boolean;
  canManage: boolean;
}

export type ListingPage =
  | { state: "found"; listing: ListingView; marks: ReaderMarks }
  | { state: "missing" }
  | { state: "unavailable" }
  | { state: "elsewhere"; kind: MarketKind; id: number };

/**
 * Reads a listing for its page in one statement, with the reader's like, keep and hidden members; a view by anyone
 * but the seller counts once, in `views` (written in batches, as posts' views). `missing` for a deleted or unknown
 * id (the expired-article state); `elsewhere` when the address names another kind than the listing's.
 */
export async function getListingPage(
  db: Database,
  reader: Actor | null,
  id: number,
  options: { kind?: string; views: CounterBuffer },
): Promise<ListingPage> {
  if (!Number.isSafeInteger(id) || id <= 0) return { state: "missing" };
  const buyer = sql`(select json_build_object('id', b.id, 'nickname', coalesce(b.nickname, b.name), 'avatarUrl',
    b.image) from ${member} b where b.id = ${marketListing.buyerId})`;
  const [row] = await db
    .select({
      article: boardArticle,
      listing: marketListing,
      categoryKo: boardCategory.nameKo,
      categoryEn: boardCategory.nameEn,
      nickname: member.nickname,
      name: member.name,
      avatarUrl: member.image,
      buyer: sql<ArticleAuthor | null>`${buyer}`,
      ...readerMarkColumns(reader?.id),
    })
    .from(marketListing)
    .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId))
    .innerJoin(member, eq(member.id, boardArticle.authorId))
    .leftJoin(boardCategory, eq(boardCategory.id, boardArticle.categoryId))
    .where(eq(marketListing.articleId, id));
  if (!row || row.article.deletedAt) return { state: "missing" };
  const { article, listing } = row;
  const kind = listing.kind as MarketKind;
  if (options.kind !== undefined && options.kind !== kind) return { state: "elsewhere", kind, id };
  // Only a listing held by the stolen-vehicle check is private (ADR 070): its seller and administrators see it.
  if (article.isPrivate && !mayManage(reader, article.authorId)) return { state: "unavailable" };
  const mine = reader?.id === article.authorId;
  if (!mine) options.views.add(id);
  return {
    state: "found",
    listing: {
      id,
      kind,
      category:
        article.categoryId && row.categoryKo && row.categoryEn
          ? { id: article.categoryId, ko: row.categoryKo, en: row.categoryEn }
          : null,
      title: article.title,
      contentHtml: article.contentHtml,
      excerpt: excerpt(article.contentText),
      imageUrl: article.thumbnailUrl,
      seller: authorOf({ ...row, authorId: article.authorId }),
      status: listing.status,
      price: listing.price,
      negotiable: listing.negotiable,
      tradeDirect: listing.tradeDirect,
      tradeDelivery: listing.tradeDelivery,
      areaCode: listing.areaCode,
      vehicle: vehicleOf(listing),
      buyer: row.buyer,
      buyerConfirmed: listing.buyerConfirmedAt !== null,
      likeCount: article.likeCount,
      commentCount: article.commentCount,
      keepCount: article.keepCount,
      viewCount: article.viewCount + options.views.pendingFor(id),
      createdAt: article.createdAt.toISOString(),
      updatedAt: article.updatedAt.toISOString(),
      bumpedAt: listing.bumpedAt.toISOString(),
      soldAt: listing.soldAt?.toISOString() ?? null,
      mine,
      canManage: mayManage(reader, article.authorId),
    },
    marks: { liked: row.liked, kept: row.kept, blinded: new Set(row.blinded) },
  };
}
