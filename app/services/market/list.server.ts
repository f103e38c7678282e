import { thumbnailPath } from "#app/services/uploads/uploads.server";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { blind, boardArticle, boardCategory, marketListing, member, type MarketStatus } from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import {
  authorOf,
  decodeCursor,
  LIST_PAGE_SIZE,
  pageOf,
  preciseTime,
  searchWords,
  type ArticleAuthor,
  type ListSort,
} from "#app/services/board/list.server";
import { isBlinded } from "#app/services/board/visibility.server";
import { distanceKm } from "#app/services/location/address-search";
import { gazetteer } from "#app/services/location/gazetteer-data";
import { containsPattern } from "#app/services/search/query";
import { isMarketKind, isVehicleKind, type MarketKind, type MarketListKind } from "./kinds";
import { fitsGarageSql } from "./fits.server";

/** The statuses a list leaves out unless asked: the trade is over. A reserved listing stays, with its mark. */
export const closedStatuses = ["soldOut", "bought"] as const satisfies readonly MarketStatus[];
/** The widest distance filter accepted, in kilometres; a larger one is narrowed to it. */
const NEAR_RADIUS_MAX_KM = 100;
/** How far the home page looks around the reader for listings before it shows the latest anywhere. */
export const HOME_NEAR_RADIUS_KM = 10;

export interface NearFilter {
  lat: number;
  lng: number;
  radiusKm: number;
}

export interface MarketListParams {
  /** A market kind, or `total` for every kind together. */
  kind: MarketListKind;
  /** `latest` follows the bump time (a bump moves a listing to the top); `popular` the likes. */
  sort: ListSort;
  /** A type of the kind; ignored for `total`. */
  categoryId?: number | null;
  /** Leaves sold and bought listings out; true unless told. */
  hideClosed?: boolean;
  /** Won, inclusive; a negative or fractional bound is ignored. */
  priceMin?: number | null;
  priceMax?: number | null;
  /** One 시/군/구 (gazetteer code). */
  areaCode?: string | null;
  /** Listings whose district centre lies within `radiusKm` of a point. */
  near?: NearFilter | null;
  /** Words of the title or the text, found inside longer words. */
  q?: string | null;
  /** Only listings that fit one of this member's garage bikes (ADR 072). */
  fitsGarageOf?: string | null;
  /** The opaque `nextCursor` of the previous page. */
  cursor?: string | null;
}

const priceBound = (value: number | null | undefined) =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** A usable distance filter, its radius narrowed to NEAR_RADIUS_MAX_KM; null when a number is out of range. */
function nearFilter(near: NearFilter | null | undefined): NearFilter | null {
  if (!near) return null;
  const { lat, lng, radiusKm } = near;
  if (![lat, lng, radiusKm].every(Number.isFinite)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || radiusKm <= 0) return null;
  return { lat, lng, radiusKm: Math.min(radiusKm, NEAR_RADIUS_MAX_KM) };
}

const districts = gazetteer.filter((area) => area.level === "sigungu");

/**
 * Within a radius of a point, as the districts whose centre lies within it. A listing's point is its district's
 * centre (never the seller's own), so this is exactly the set of listings whose point is within the radius; and as
 * a condition on `area_code` the planner knows how many rows it selects (the column has statistics, while a
 * `earth_box @> ll_to_earth(…)` condition is always estimated at 0.1 %). Around Seoul, where a 10 km circle holds a
 * fifth of all listings, it then reads the latest index in order and stops after a page (on the bench's 100,000
 * listings 0.1 ms, against 100 ms through the gist index, which returns every listing in the circle to be sorted);
 * in the country it reads the district index.
 */
function withinSql(near: NearFilter): SQL {
  const codes = districts
    .filter((area) => distanceKm(near.lat, near.lng, area.lat, area.lng) <= near.radiusKm)
    .map((area) => area.code);
  return codes.length > 0 ? inArray(marketListing.areaCode, codes) : sql`false`;
}

/** The columns of a market list row (shared with the member's own market posts). */
export const marketListColumns = {
  id: marketListing.articleId,
  kind: marketListing.kind,
  categoryId: boardArticle.categoryId,
  categoryKo: boardCategory.nameKo,
  categoryEn: boardCategory.nameEn,
  title: boardArticle.title,
  thumbnailUrl: boardArticle.thumbnailUrl,
  price: marketListing.price,
  negotiable: marketListing.negotiable,
  status: marketListing.status,
  areaCode: marketListing.areaCode,
  tradeDirect: marketListing.tradeDirect,
  tradeDelivery: marketListing.tradeDelivery,
  modelYear: marketListing.modelYear,
  mileageKm: marketListing.mileageKm,
  displacementCc: marketListing.displacementCc,
  authorId: marketListing.sellerId,
  nickname: member.nickname,
  name: member.name,
  avatarUrl: member.image,
  likeCount: boardArticle.likeCount,
  commentCount: boardArticle.commentCount,
  keepCount: boardArticle.keepCount,
  bumpCount: marketListing.bumpCount,
  bumpedAt: marketListing.bumpedAt,
  createdAt: boardArticle.createdAt,
  sortAt: preciseTime(marketListing.bumpedAt),
};

interface QueryOptions {
  /** Rows read: a page and one more unless told. */
  limit?: number;
  /** Leaves out the listings of sellers this member hid (for places that show no blinded rows at all). */
  withoutSellersHiddenBy?: string | null;
}

/**
 * The query a market list runs, exactly, so that the benchmark and the plan test can EXPLAIN it. Each order is
 * driven by the partial index that matches its WHERE and ORDER BY: `latest` reads market_listing by
 * (kind | area_code |·, bumped_at desc, article_id desc) where deleted_at is null; `popular` reads board_article by
 * (kind |·, like_count desc, id desc) with the literal `section = 'market'` for `total`. Status, price, district,
 * distance and words are conditions on the rows those indexes return (or, when more selective, other indexes: the
 * district's, the trigram indexes). One row more than a page is read to know whether another page follows.
 */
export function marketListQuery(db: Database, params: MarketListParams, options: QueryOptions = {}) {
  const kind = isMarketKind(params.kind) ? params.kind : null;
  const conditions: SQL[] = [];
  if (params.sort === "popular") {
    conditions.push(sql`${boardArticle.deletedAt} is null`);
    conditions.push(kind ? eq(boardArticle.kind, kind) : sql`${boardArticle.section} = 'market'`);
  } else {
    conditions.push(sql`${marketListing.deletedAt} is null`);
    if (kind) conditions.push(eq(marketListing.kind, kind));
  }
  // A listing held by the stolen-vehicle check is private (ADR 070) and leaves every list.
  conditions.push(sql`${boardArticle.isPrivate} = false`);
  if (kind && params.categoryId) conditions.push(eq(boardArticle.categoryId, params.categoryId));
  if (params.hideClosed ?? true)
    conditions.push(
      sql`${marketListing.status} not in (${sql.join(
        closedStatuses.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  const priceMin = priceBound(params.priceMin);
  const priceMax = priceBound(params.priceMax);
  if (priceMin !== null) conditions.push(sql`${marketListing.price} >= ${priceMin}`);
  if (priceMax !== null) conditions.push(sql`${marketListing.price} <= ${priceMax}`);
  if (params.areaCode) conditions.push(eq(marketListing.areaCode, params.areaCode));
  const near = nearFilter(params.near);
  if (near) conditions.push(withinSql(near));
  const words = searchWords(params.q);
  if (words) {
    const pattern = containsPattern(words);
    conditions.push(
      sql`(${boardArticle.title} ilike ${pattern} or ${boardArticle.contentText} ilike ${pattern})`,
    );
  }
  if (params.fitsGarageOf) conditions.push(fitsGarageSql(marketListing.articleId, params.fitsGarageOf));
  if (options.withoutSellersHiddenBy)
    conditions.push(sql`not exists (select 1 from ${blind} where ${blind.userId} = ${options.withoutSellersHiddenBy}
      and ${blind.blindUserId} = ${marketListing.sellerId} and ${blind.activated})`);
  const after = decodeCursor(params.cursor, params.sort);
  if (after?.s === "latest")
    conditions.push(
      sql`(${marketListing.bumpedAt}, ${marketListing.articleId}) < (${after.t}::timestamptz, ${after.i})`,
    );
  if (after?.s === "popular")
    conditions.push(sql`(${boardArticle.likeCount}, ${boardArticle.id}) < (${after.l}, ${after.i})`);
  const order =
    params.sort === "popular"
      ? [desc(boardArticle.likeCount), desc(boardArticle.id)]
      : [desc(marketListing.bumpedAt), desc(marketListing.articleId)];
  return db
    .select(marketListColumns)
    .from(marketListing)
    .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId))
    .innerJoin(member, eq(member.id, marketListing.sellerId))
    .leftJoin(boardCategory, eq(boardCategory.id, boardArticle.categoryId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(options.limit ?? LIST_PAGE_SIZE + 1);
}

/** What a list card shows of a vehicle, beside its title. */
interface VehicleSummary {
  modelYear: number | null;
  mileageKm: number | null;
  displacementCc: number | null;
}

export interface MarketListRow {
  id: number;
  kind: MarketKind;
  category: { id: number; ko: string; en: string } | null;
  title: string;
  /** The cover (the first image of the listing) as its square thumbnail. */
  thumbnailUrl: string | null;
  price: number;
  negotiable: boolean;
  status: MarketStatus;
  areaCode: string;
  tradeDirect: boolean;
  tradeDelivery: boolean;
  /** Null outside the vehicle kinds. */
  vehicle: VehicleSummary | null;
  likeCount: number;
  commentCount: number;
  keepCount: number;
  /** ISO times: the latest order's key, and when the listing was written. */
  bumpedAt: string;
  createdAt: string;
  seller: ArticleAuthor;
  /** Written by a member the reader has blinded. */
  blinded: boolean;
  /** Moved up by its seller at least once. */
  bumped: boolean;
}

export interface MarketListPage {
  rows: MarketListRow[];
  /** Passed back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

type QueryRow = Awaited<ReturnType<typeof marketListQuery>>[number];

/** A row of the list query as a list card's data (also the rows of the member's own market posts). */
export function toMarketListRow(row: QueryRow, blinded: ReadonlySet<string>): MarketListRow {
  const kind = row.kind as MarketKind;
  return {
    id: row.id,
    kind,
    category:
      row.categoryId && row.categoryKo && row.categoryEn
        ? { id: row.categoryId, ko: row.categoryKo, en: row.categoryEn }
        : null,
    title: row.title,
    // The cover's square thumbnail, stored beside it when it was uploaded.
    thumbnailUrl: row.thumbnailUrl ? thumbnailPath(row.thumbnailUrl) : null,
    price: row.price,
    negotiable: row.negotiable,
    status: row.status,
    areaCode: row.areaCode,
    tradeDirect: row.tradeDirect,
    tradeDelivery: row.tradeDelivery,
    vehicle: isVehicleKind(kind)
      ? { modelYear: row.modelYear, mileageKm: row.mileageKm, displacementCc: row.displacementCc }
      : null,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    keepCount: row.keepCount,
    bumpedAt: row.bumpedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    seller: authorOf(row),
    blinded: isBlinded(blinded, row.authorId),
    bumped: row.bumpCount > 0,
  };
}

/**
 * One page of a market list. Deleted listings never appear; rows of sellers the reader hid stay, flagged `blinded`
 * (as the boards do), so that the page can fold them. The reader is taken as the boards' lists take it, though no
 * listing is private: every reader sees the same rows.
 */
export async function listMarket(
  db: Database,
  _reader: Actor | null,
  blinded: ReadonlySet<string>,
  params: MarketListParams,
): Promise<MarketListPage> {
  const rows = await marketListQuery(db, params);
  return pageOf(rows, params.sort, (row) => toMarketListRow(row, blinded));
}
