/**
 * A member's own market activity: the listings they manage (/my/market) and the market tabs of /my/article (their
 * market posts, and their comments on listings). Each list reads its member's rows newest first through the
 * author indexes of board_article and board_comment, with the `section = 'market'` condition that keeps the board
 * tabs and these apart.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import {
  boardArticle,
  boardCategory,
  boardComment,
  marketListing,
  marketOffer,
  member,
  type MarketStatus,
} from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import {
  decodeCursor,
  LIST_PAGE_SIZE,
  pageOf,
  preciseTime,
  PREVIEW_LENGTH,
} from "#app/services/board/list.server";
import { listingPath, type MarketKind } from "./kinds";
import { closedStatuses, marketListColumns, toMarketListRow, type MarketListPage } from "./list.server";

/** Open is still tradable (selling, reserved, buying); closed is over (sold, bought). */
export type MyListingStatus = "open" | "closed";

const openStatuses = ["selling", "reserved", "buying"] as const satisfies readonly MarketStatus[];

/** The keyset after a cursor of a list ordered by (created_at desc, id desc). */
function createdBefore(
  cursor: string | null | undefined,
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
): SQL | undefined {
  const after = decodeCursor(cursor, "latest");
  return after?.s === "latest"
    ? sql`(${createdAt}, ${id}) < (${after.t}::timestamptz, ${after.i})`
    : undefined;
}

/** The member's own live market articles, in the author index's order. */
function ownListings(actor: Actor, cursor: string | null | undefined): SQL {
  return and(
    eq(boardArticle.authorId, actor.id),
    sql`${boardArticle.section} = 'market'`,
    isNull(boardArticle.deletedAt),
    createdBefore(cursor, boardArticle.createdAt, boardArticle.id),
  )!;
}

export interface MyListingRow {
  id: number;
  kind: MarketKind;
  title: string;
  thumbnailUrl: string | null;
  status: MarketStatus;
  price: number;
  negotiable: boolean;
  areaCode: string;
  likeCount: number;
  commentCount: number;
  keepCount: number;
  viewCount: number;
  /** Price offers waiting for the seller's answer. */
  openOfferCount: number;
  bumpCount: number;
  /** ISO times. */
  bumpedAt: string;
  createdAt: string;
}

/**
 * The member's own live listings for their managing page, newest written first, open or closed ones when asked,
 * with the offers waiting on each (counted through the offers' article index, one small count per row).
 */
export async function listMyListings(
  db: Database,
  actor: Actor,
  options: { status?: MyListingStatus | null; cursor?: string | null } = {},
): Promise<{ rows: MyListingRow[]; nextCursor: string | null }> {
  const statuses =
    options.status === "closed" ? closedStatuses : options.status === "open" ? openStatuses : null;
  const rows = await db
    .select({
      id: boardArticle.id,
      kind: marketListing.kind,
      title: boardArticle.title,
      thumbnailUrl: boardArticle.thumbnailUrl,
      status: marketListing.status,
      price: marketListing.price,
      negotiable: marketListing.negotiable,
      areaCode: marketListing.areaCode,
      likeCount: boardArticle.likeCount,
      commentCount: boardArticle.commentCount,
      keepCount: boardArticle.keepCount,
      viewCount: boardArticle.viewCount,
      openOfferCount: sql<number>`(select count(*)::int from ${marketOffer}
        where ${marketOffer.articleId} = ${boardArticle.id} and ${marketOffer.status} = 'open')`,
      bumpCount: marketListing.bumpCount,
      bumpedAt: marketListing.bumpedAt,
      createdAt: boardArticle.createdAt,
      sortAt: preciseTime(boardArticle.createdAt),
    })
    .from(boardArticle)
    .innerJoin(marketListing, eq(marketListing.articleId, boardArticle.id))
    .where(
      and(
        ownListings(actor, options.cursor),
        statuses ? inArray(marketListing.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(desc(boardArticle.createdAt), desc(boardArticle.id))
    .limit(LIST_PAGE_SIZE + 1);
  return pageOf(rows, "latest", ({ sortAt: _sortAt, ...row }) => ({
    ...row,
    kind: row.kind as MarketKind,
    bumpedAt: row.bumpedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The market tab of /my/article: the member's live market posts as market list cards, newest written first. */
export async function listMyMarketPosts(
  db: Database,
  actor: Actor,
  cursor: string | null | undefined,
): Promise<MarketListPage> {
  const rows = await db
    .select({ ...marketListColumns, sortAt: preciseTime(boardArticle.createdAt) })
    .from(boardArticle)
    .innerJoin(marketListing, eq(marketListing.articleId, boardArticle.id))
    .innerJoin(member, eq(member.id, boardArticle.authorId))
    .leftJoin(boardCategory, eq(boardCategory.id, boardArticle.categoryId))
    .where(ownListings(actor, cursor))
    .orderBy(desc(boardArticle.createdAt), desc(boardArticle.id))
    .limit(LIST_PAGE_SIZE + 1);
  return pageOf(rows, "latest", (row) => toMarketListRow(row, new Set()));
}

export interface MyMarketCommentRow {
  id: number;
  /** The start of the comment. */
  preview: string;
  /** ISO time. */
  createdAt: string;
  listing: {
    id: number;
    kind: MarketKind;
    /** Null once the listing is deleted (its page then says so). */
    title: string | null;
    /** The listing's page, Korean locale. */
    path: string;
    status: MarketStatus;
    deleted: boolean;
  };
}

/** The market comments tab of /my/article: the member's live comments on listings, newest first. */
export async function listMyMarketComments(
  db: Database,
  actor: Actor,
  cursor: string | null | undefined,
): Promise<{ rows: MyMarketCommentRow[]; nextCursor: string | null }> {
  const rows = await db
    .select({
      id: boardComment.id,
      preview: sql<string>`left(${boardComment.content}, ${PREVIEW_LENGTH})`,
      createdAt: boardComment.createdAt,
      sortAt: preciseTime(boardComment.createdAt),
      listingId: marketListing.articleId,
      kind: marketListing.kind,
      title: boardArticle.title,
      status: marketListing.status,
      deletedAt: boardArticle.deletedAt,
    })
    .from(boardComment)
    .innerJoin(boardArticle, eq(boardArticle.id, boardComment.articleId))
    .innerJoin(marketListing, eq(marketListing.articleId, boardArticle.id))
    .where(
      and(
        eq(boardComment.authorId, actor.id),
        isNull(boardComment.deletedAt),
        sql`${boardArticle.section} = 'market'`,
        createdBefore(cursor, boardComment.createdAt, boardComment.id),
      ),
    )
    .orderBy(desc(boardComment.createdAt), desc(boardComment.id))
    .limit(LIST_PAGE_SIZE + 1);
  return pageOf(rows, "latest", (row) => {
    const kind = row.kind as MarketKind;
    const deleted = row.deletedAt !== null;
    return {
      id: row.id,
      preview: row.preview,
      createdAt: row.createdAt.toISOString(),
      listing: {
        id: row.listingId,
        kind,
        title: deleted ? null : row.title,
        path: listingPath(kind, row.listingId),
        status: row.status,
        deleted,
      },
    };
  });
}
