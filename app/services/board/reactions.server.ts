import { encodeCursor } from "#app/services/cursor";
import { memberName } from "#app/services/members/display-name.server";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { boardArticle, boardKeep, boardLike, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { hit, type RateRule } from "#app/platform/rate-limit.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import type { CommentErrorCode } from "./errors";
import { notify } from "#app/services/notifications/notify.server";
import {
  decodeCursor,
  requireReadableArticle,
  shortTitle,
  type InteractionTarget,
} from "./interaction-access.server";
import { articlePath, type ArticleKind } from "./kinds";
import { canReadArticle } from "./visibility.server";

const fail = (code: CommentErrorCode) => new DomainError("comment", code);

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

export interface KeepState {
  kept: boolean;
  keepCount: number;
}

/**
 * Likes, unlikes and keeps one member may make in a minute, together: enough for anyone reading, too few to flood an
 * author (a like notifies). Taking a keep back stays free, so a keep list can always be cleared.
 */
export const REACTION_RATE: RateRule = { limit: 30, windowMs: 60_000 };

async function countReaction(uow: UnitOfWork, reader: Actor) {
  const rate = await hit(uow.tx, `reaction:${reader.id}`, REACTION_RATE, uow.now);
  if (!rate.allowed) throw fail("too_many");
}

/** Likes and keeps are for other members' articles: liking or keeping one's own would only inflate its rank. */
function refuseOwn(reader: Actor, article: InteractionTarget) {
  if (article.authorId === reader.id) throw fail("own_article");
}

async function recountLikes(db: Database, articleId: number): Promise<number> {
  const [row] = await db
    .update(boardArticle)
    .set({
      likeCount: sql`(select count(*)::int from ${boardLike} where ${boardLike.articleId} = ${articleId})`,
    })
    .where(eq(boardArticle.id, articleId))
    .returning({ n: boardArticle.likeCount });
  return row?.n ?? 0;
}

async function recountKeeps(db: Database, articleId: number): Promise<number> {
  const [row] = await db
    .update(boardArticle)
    .set({
      keepCount: sql`(select count(*)::int from ${boardKeep} where ${boardKeep.articleId} = ${articleId})`,
    })
    .where(eq(boardArticle.id, articleId))
    .returning({ n: boardArticle.keepCount });
  return row?.n ?? 0;
}

/**
 * Likes an article once ('already liked' on a repeat, 409) and tells its author, once per member and article
 * however often the like is taken back and given again.
 */
export async function likeArticle(
  db: Database,
  clock: Clock,
  reader: Actor,
  articleId: number,
): Promise<LikeState> {
  return runInTransaction(db, clock, async (uow) => {
    const { tx } = uow;
    await countReaction(uow, reader);
    const article = await requireReadableArticle(tx, reader, articleId, { lock: true });
    refuseOwn(reader, article);
    const added = await tx
      .insert(boardLike)
      .values({ articleId: article.id, memberId: reader.id, createdAt: uow.now })
      .onConflictDoNothing()
      .returning({ articleId: boardLike.articleId });
    if (added.length === 0) throw fail("already_liked");
    const likeCount = await recountLikes(tx, article.id);
    await notify(uow, {
      recipientId: article.authorId,
      type: "like",
      actorId: reader.id,
      params: { nickname: await memberName(tx, reader.id), title: shortTitle(article.title) },
      link: articlePath(article.kind, article.id),
      dedupeKey: `like:${article.id}:${reader.id}`,
    });
    return { liked: true, likeCount };
  });
}

/** Takes a like back; taking back a like that is not there changes nothing. */
export async function unlikeArticle(
  db: Database,
  clock: Clock,
  reader: Actor,
  articleId: number,
): Promise<LikeState> {
  return runInTransaction(db, clock, async (uow) => {
    const { tx } = uow;
    await countReaction(uow, reader);
    const article = await requireReadableArticle(tx, reader, articleId, { lock: true });
    await tx
      .delete(boardLike)
      .where(and(eq(boardLike.articleId, article.id), eq(boardLike.memberId, reader.id)));
    return { liked: false, likeCount: await recountLikes(tx, article.id) };
  });
}

/** Keeps (bookmarks) an article once ('already kept' on a repeat, 409). */
export async function keepArticle(
  db: Database,
  clock: Clock,
  reader: Actor,
  articleId: number,
): Promise<KeepState> {
  return runInTransaction(db, clock, async (uow) => {
    const { tx } = uow;
    await countReaction(uow, reader);
    const article = await requireReadableArticle(tx, reader, articleId, { lock: true });
    refuseOwn(reader, article);
    const added = await tx
      .insert(boardKeep)
      .values({ articleId: article.id, memberId: reader.id, createdAt: uow.now })
      .onConflictDoNothing()
      .returning({ articleId: boardKeep.articleId });
    if (added.length === 0) throw fail("already_kept");
    return { kept: true, keepCount: await recountKeeps(tx, article.id) };
  });
}

/**
 * Removes a keep. Unlike every other action this works on an article that was deleted or became private since, so
 * that such entries can be cleared from the keep list.
 */
export async function unkeepArticle(db: Database, reader: Actor, articleId: number): Promise<KeepState> {
  if (!Number.isSafeInteger(articleId) || articleId <= 0) throw new DomainError("board", "not_found");
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: boardArticle.id })
      .from(boardArticle)
      .where(eq(boardArticle.id, articleId))
      .for("update");
    if (!locked) throw new DomainError("board", "not_found");
    await tx
      .delete(boardKeep)
      .where(and(eq(boardKeep.articleId, articleId), eq(boardKeep.memberId, reader.id)));
    return { kept: false, keepCount: await recountKeeps(tx, articleId) };
  });
}

/** The current counts of an article, for answering a refused repeat with the truth. */
export async function reactionState(db: Database, reader: Actor | null, articleId: number) {
  const [row] = await db
    .select({
      likeCount: boardArticle.likeCount,
      keepCount: boardArticle.keepCount,
      commentCount: boardArticle.commentCount,
      liked: reader
        ? sql<boolean>`exists (select 1 from ${boardLike} where ${boardLike.articleId} = ${boardArticle.id}
            and ${boardLike.memberId} = ${reader.id})`
        : sql<boolean>`false`,
      kept: reader
        ? sql<boolean>`exists (select 1 from ${boardKeep} where ${boardKeep.articleId} = ${boardArticle.id}
            and ${boardKeep.memberId} = ${reader.id})`
        : sql<boolean>`false`,
    })
    .from(boardArticle)
    .where(eq(boardArticle.id, articleId));
  return row ?? null;
}

export type KeptArticle = {
  articleId: number;
  keptAt: string;
} & (
  | {
      /** Readable: shown with its title and linked to its page. */
      state: "readable";
      kind: ArticleKind;
      title: string;
      path: string;
      authorId: string;
      authorNickname: string;
      /** The author is a member the viewer has blinded. */
      blinded: boolean;
      likeCount: number;
      commentCount: number;
    }
  /** Deleted since it was kept, or private to the viewer now: its title is not shown. */
  | { state: "deleted" | "private" }
);

const KEEP_PAGE_SIZE = 20;

/** The member's kept articles, most recently kept first, a page at a time (keyset on keep time and article id). */
export async function listKeeps(
  db: Database,
  reader: Actor,
  blinded: ReadonlySet<string>,
  { cursor, limit = KEEP_PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
): Promise<{ items: KeptArticle[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  const rows = await db
    .select({
      articleId: boardKeep.articleId,
      keptAt: boardKeep.createdAt,
      cursorAt: sql<string>`${boardKeep.createdAt}::text`,
      kind: boardArticle.kind,
      title: boardArticle.title,
      authorId: boardArticle.authorId,
      isPrivate: boardArticle.isPrivate,
      deletedAt: boardArticle.deletedAt,
      likeCount: boardArticle.likeCount,
      commentCount: boardArticle.commentCount,
      authorNickname: sql<string>`coalesce(${member.nickname}, ${member.name})`,
    })
    .from(boardKeep)
    .innerJoin(boardArticle, eq(boardArticle.id, boardKeep.articleId))
    .innerJoin(member, eq(member.id, boardArticle.authorId))
    .where(
      and(
        eq(boardKeep.memberId, reader.id),
        after
          ? sql`(${boardKeep.createdAt}, ${boardKeep.articleId}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(boardKeep.createdAt), desc(boardKeep.articleId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row): KeptArticle => {
      const base = { articleId: row.articleId, keptAt: row.keptAt.toISOString() };
      if (row.deletedAt) return { ...base, state: "deleted" };
      if (!canReadArticle(reader, row)) return { ...base, state: "private" };
      const kind = row.kind as ArticleKind;
      return {
        ...base,
        state: "readable",
        kind,
        title: row.title,
        path: articlePath(kind, row.articleId),
        authorId: row.authorId,
        authorNickname: row.authorNickname,
        blinded: blinded.has(row.authorId),
        likeCount: row.likeCount,
        commentCount: row.commentCount,
      };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor([last.cursorAt, last.articleId]) : null,
  };
}
