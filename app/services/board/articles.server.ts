import { and, asc, eq, isNull, sql, type Placeholder } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { preparedPerDatabase } from "#app/db/prepared.server";
import type { Actor } from "#app/services/actor";
import { mayManage } from "#app/services/permissions";
import { recordModeration, type ActingFrom } from "#app/services/admin/audit.server";
import { blind, boardArticle, boardCategory, boardKeep, boardLike, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { CounterBuffer } from "#app/platform/counter-buffer.server";
import { runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import { attachUploads } from "#app/services/uploads/ownership.server";
import {
  ArticleRefused,
  readArticleHtml,
  sanitisedContentOf,
} from "#app/services/content/article-html.server";
import { excerpt } from "#app/services/content/excerpt";
import type { FrameNumberDigest } from "#app/services/theft/frame-number-digest.server";
import { checkReportFrameNumber } from "#app/services/theft/holds.server";
import { DomainError, isDomainError } from "#app/services/errors";
import type { BoardErrorCode } from "./errors";
import { categorySeeds, type CategorySeed } from "./categories";
import { marketCategorySeeds } from "#app/services/market/categories";
import { ARTICLE_TITLE_MAX, isBoardKind, type ArticleKind } from "./kinds";
import { authorOf, type ArticleAuthor } from "./list.server";
import { canReadArticle } from "./visibility.server";
import { cachedReference, forgetReferenceData } from "#app/services/reference/cache.server";

/**
 * Adds the starting categories of every board and market kind; existing categories (and administrators' changes)
 * stay.
 */
export async function seedBoardCategories(db: Database, clock: Clock): Promise<void> {
  const now = clock.now();
  const seeds: Record<string, CategorySeed[]> = { ...categorySeeds, ...marketCategorySeeds };
  const rows = Object.entries(seeds).flatMap(([kind, kindSeeds]) =>
    kindSeeds.map((seed, position) => ({
      kind,
      code: seed.code,
      nameKo: seed.ko,
      nameEn: seed.en,
      index: position,
      createdAt: now,
    })),
  );
  await db.insert(boardCategory).values(rows).onConflictDoNothing();
  forgetReferenceData(db);
}

export interface CategoryView {
  id: number;
  code: string;
  nameKo: string;
  nameEn: string;
}

/** The live categories of a board, in their display order; held in memory. */
export function listCategories(db: Database, kind: string): Promise<readonly CategoryView[]> {
  return cachedReference(db, `categories:${kind}`, () => loadCategories(db, kind));
}

function loadCategories(db: Database, kind: string): Promise<CategoryView[]> {
  return db
    .select({
      id: boardCategory.id,
      code: boardCategory.code,
      nameKo: boardCategory.nameKo,
      nameEn: boardCategory.nameEn,
    })
    .from(boardCategory)
    .where(and(eq(boardCategory.kind, kind), eq(boardCategory.deleted, false)))
    .orderBy(asc(boardCategory.index), asc(boardCategory.id));
}

export interface ArticleInput {
  kind: string;
  /** Required on topic boards; the guestbook has none. */
  categoryId: number | null;
  title: string;
  /** The editor's HTML, sanitised here before it is stored. */
  contentHtml: string;
  isPrivate: boolean;
  /** A theft report's frame number, digested (ADR 070); ignored on other boards, the stored one kept without it. */
  frameNumber?: FrameNumberDigest | null;
}

const fail = (code: BoardErrorCode) => new DomainError("board", code);

/**
 * The input as stored, or an ArticleRefused carrying the content's one sanitised reading: the content is read
 * first, so that whichever rule refuses, the form can show the content again as the service would keep it.
 */
async function checkedInput(db: Database, input: ArticleInput) {
  const reading = await readArticleHtml(input.contentHtml);
  try {
    const checked = await checkedFields(db, input);
    if ("refusal" in reading) throw reading.refusal;
    return { ...checked, content: reading.checked };
  } catch (error) {
    if (isDomainError(error, "board")) throw new ArticleRefused(error, sanitisedContentOf(reading));
    throw error;
  }
}

async function checkedFields(db: Database, input: ArticleInput) {
  const kind = input.kind as ArticleKind;
  if (kind !== "guestbook" && !isBoardKind(kind)) throw fail("kind_invalid");
  let categoryId: number | null = null;
  if (kind !== "guestbook") {
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
    categoryId = category.id;
  }
  const title = input.title.trim();
  if (!title) throw fail("title_required");
  if ([...title].length > ARTICLE_TITLE_MAX) throw fail("title_length");
  const frameNumber = kind === "reportTheft" ? (input.frameNumber ?? null) : null;
  return { kind, categoryId, title, isPrivate: kind !== "guestbook" && input.isPrivate, frameNumber };
}

export type CheckedArticle = Awaited<ReturnType<typeof checkedInput>>;

/**
 * Checks and sanitises a new article without writing it, so that the reading (on a worker thread) happens before
 * the unit of work that stores it, not while that unit holds the database.
 */
export function checkArticle(db: Database, input: ArticleInput): Promise<CheckedArticle> {
  return checkedInput(db, input);
}

/** Stores a checked article for a signed-in member, on its own or in the caller's unit of work; answers its id. */
export async function insertArticle(
  source: DatabaseOrUnit,
  clock: Clock,
  author: Actor,
  checked: CheckedArticle,
) {
  return runInTransaction(source, clock, async (uow) => {
    const { tx, now } = uow;
    const [row] = await tx
      .insert(boardArticle)
      .values({
        section: checked.kind === "guestbook" ? "guestbook" : "board",
        kind: checked.kind,
        categoryId: checked.categoryId,
        authorId: author.id,
        title: checked.title,
        contentHtml: checked.content.html,
        contentText: checked.content.text,
        thumbnailUrl: checked.content.thumbnail,
        isPrivate: checked.isPrivate,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: boardArticle.id, kind: boardArticle.kind });
    await attachUploads(uow, author.id, checked.content.images, `article:${row!.id}`);
    if (checked.frameNumber)
      await checkReportFrameNumber(uow, { id: row!.id, authorId: author.id }, checked.frameNumber);
    return { id: row!.id, kind: row!.kind as ArticleKind };
  });
}

/** Writes a new article for a signed-in member and answers its id. */
export async function createArticle(db: Database, clock: Clock, author: Actor, input: ArticleInput) {
  return insertArticle(db, clock, author, await checkArticle(db, input));
}

async function ownArticle(db: Database, reader: Actor, id: number) {
  const [row] = await db.select().from(boardArticle).where(eq(boardArticle.id, id));
  // A market listing is changed and deleted by the market's own service, which keeps its listing row in step.
  if (!row || row.deletedAt || row.section === "market") throw fail("not_found");
  if (!mayManage(reader, row.authorId)) throw fail("not_author");
  return row;
}

/** Changes an article; only its author (or an administrator) may. The board (kind) stays. */
export async function updateArticle(
  db: Database,
  clock: Clock,
  reader: Actor,
  id: number,
  input: Omit<ArticleInput, "kind">,
  from?: ActingFrom,
) {
  const existing = await ownArticle(db, reader, id);
  const checked = await checkedInput(db, { ...input, kind: existing.kind });
  await runInTransaction(db, clock, async (uow) => {
    await uow.tx
      .update(boardArticle)
      .set({
        categoryId: checked.categoryId,
        title: checked.title,
        contentHtml: checked.content.html,
        contentText: checked.content.text,
        thumbnailUrl: checked.content.thumbnail,
        isPrivate: checked.isPrivate,
        updatedAt: uow.now,
      })
      .where(eq(boardArticle.id, id));
    await attachUploads(uow, reader.id, checked.content.images, `article:${id}`);
    if (checked.frameNumber)
      await checkReportFrameNumber(uow, { id, authorId: existing.authorId }, checked.frameNumber);
    await recordModeration(
      uow,
      reader,
      existing.authorId,
      {
        action: "board.article.update",
        subject: { kind: "article", id },
        before: { title: existing.title },
        after: { title: checked.title },
      },
      from,
    );
  });
  return { id, kind: existing.kind as ArticleKind };
}

/** The stored values of an article for its edit form; only for its author or an administrator. */
export async function getArticleForEdit(db: Database, reader: Actor, id: number) {
  const row = await ownArticle(db, reader, id);
  if (!canReadArticle(reader, row)) throw fail("forbidden");
  return {
    id: row.id,
    kind: row.kind as ArticleKind,
    categoryId: row.categoryId,
    title: row.title,
    contentHtml: row.contentHtml,
    isPrivate: row.isPrivate,
  };
}

export interface ArticleView {
  id: number;
  kind: ArticleKind;
  category: { id: number; ko: string; en: string } | null;
  title: string;
  /** Stored sanitised on write. */
  contentHtml: string;
  /** The start of its plain text, for share previews. */
  excerpt: string;
  /** Its first image, for share previews. */
  imageUrl: string | null;
  isPrivate: boolean;
  author: ArticleAuthor;
  likeCount: number;
  commentCount: number;
  keepCount: number;
  viewCount: number;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
  /** The reader wrote it. */
  mine: boolean;
  /** The reader may edit and delete it: its author or an administrator. */
  canManage: boolean;
}

/**
 * What a post page shows: the article; `missing` for a deleted or unknown id (the expired-article state);
 * `forbidden` for another member's private article; `elsewhere` when the address names another board than the
 * article's (the page then redirects to its own address, without counting a view).
 */
/** What the reader has done to a post and to its authors: their like and keep, and the members they hid. */
export interface ReaderMarks {
  liked: boolean;
  kept: boolean;
  blinded: ReadonlySet<string>;
}

export type ArticlePage =
  | { state: "found"; article: ArticleView; marks: ReaderMarks }
  | { state: "missing" }
  | { state: "forbidden" }
  | { state: "elsewhere"; kind: ArticleKind; id: number };

/** A post page's read of its article, for a visitor and for a member (their like, keep and hidden members). */
const articlePageStatements = preparedPerDatabase((db) => {
  const select = (readerId: string | Placeholder | undefined) =>
    db
      .select({
        article: boardArticle,
        categoryKo: boardCategory.nameKo,
        categoryEn: boardCategory.nameEn,
        nickname: member.nickname,
        name: member.name,
        avatarUrl: member.image,
        ...readerMarkColumns(readerId),
      })
      .from(boardArticle)
      .innerJoin(member, eq(member.id, boardArticle.authorId))
      .leftJoin(boardCategory, eq(boardCategory.id, boardArticle.categoryId))
      .where(eq(boardArticle.id, sql.placeholder("id")));
  return {
    visitor: select(undefined).prepare("article_page_visitor"),
    member: select(sql.placeholder("readerId")).prepare("article_page_member"),
  };
});

/**
 * Reads a post for its page; every view by someone other than its author counts once, in `views` (written in
 * batches by `flushArticleViews`: the page itself writes nothing). The count shown includes the views not yet
 * written. The reader's like, keep and hidden members come in the same statement as the post.
 */
export async function getArticlePage(
  db: Database,
  reader: Actor | null,
  id: number,
  options: { kind?: string; views: CounterBuffer },
): Promise<ArticlePage> {
  if (!Number.isSafeInteger(id) || id <= 0) return { state: "missing" };
  const statements = articlePageStatements(db);
  const [row] = reader
    ? await statements.member.execute({ id, readerId: reader.id })
    : await statements.visitor.execute({ id });
  if (!row || row.article.deletedAt) return { state: "missing" };
  const { article } = row;
  if (!canReadArticle(reader, article)) return { state: "forbidden" };
  const kind = article.kind as ArticleKind;
  if (options.kind !== undefined && options.kind !== kind) return { state: "elsewhere", kind, id };
  const mine = reader?.id === article.authorId;
  if (!mine) options.views.add(id);
  const viewCount = article.viewCount + options.views.pendingFor(id);
  return {
    state: "found",
    article: {
      id: article.id,
      kind,
      category:
        article.categoryId && row.categoryKo && row.categoryEn
          ? { id: article.categoryId, ko: row.categoryKo, en: row.categoryEn }
          : null,
      title: article.title,
      contentHtml: article.contentHtml,
      excerpt: excerpt(article.contentText),
      imageUrl: article.thumbnailUrl,
      isPrivate: article.isPrivate,
      author: authorOf({ ...row, authorId: article.authorId }),
      likeCount: article.likeCount,
      commentCount: article.commentCount,
      keepCount: article.keepCount,
      viewCount,
      createdAt: article.createdAt.toISOString(),
      updatedAt: article.updatedAt.toISOString(),
      mine,
      canManage: mayManage(reader, article.authorId),
    },
    marks: { liked: row.liked, kept: row.kept, blinded: new Set(row.blinded) },
  };
}

/** The reader's like and keep of the selected `boardArticle` row and the members they hide, as columns. */
export function readerMarkColumns(readerId: string | Placeholder | undefined) {
  if (!readerId)
    return {
      liked: sql<boolean>`false`,
      kept: sql<boolean>`false`,
      blinded: sql<string[]>`'{}'::text[]`,
    };
  return {
    liked: sql<boolean>`exists (select 1 from ${boardLike} where ${boardLike.articleId} = ${boardArticle.id}
      and ${boardLike.memberId} = ${readerId})`,
    kept: sql<boolean>`exists (select 1 from ${boardKeep} where ${boardKeep.articleId} = ${boardArticle.id}
      and ${boardKeep.memberId} = ${readerId})`,
    blinded: sql<string[]>`array(select ${blind.blindUserId} from ${blind} where ${blind.userId} = ${readerId}
      and ${blind.activated})`,
  };
}

/** Writes the views gathered since the last batch, in one statement; answers how many posts it counted. */
export function flushArticleViews(db: Database, views: CounterBuffer): Promise<number> {
  return views.drain(async (counts) => {
    const rows = sql.join(
      counts.map(([id, count]) => sql`(${id}::int, ${count}::int)`),
      sql`, `,
    );
    await db.execute(sql`update ${boardArticle} set view_count = ${boardArticle}.view_count + v.n
      from (values ${rows}) as v(id, n) where ${boardArticle}.id = v.id`);
  });
}

/**
 * Deletes an article (its author or an administrator): it leaves every list and its page says it was deleted; its
 * comments stay in the database but can no longer be reached.
 */
export async function deleteArticle(
  db: Database,
  clock: Clock,
  reader: Actor,
  id: number,
  from?: ActingFrom,
) {
  const existing = await ownArticle(db, reader, id);
  await runInTransaction(db, clock, async (uow) => {
    const deleted = await uow.tx
      .update(boardArticle)
      .set({ deletedAt: uow.now })
      .where(and(eq(boardArticle.id, id), isNull(boardArticle.deletedAt)))
      .returning({ id: boardArticle.id });
    if (deleted.length === 0) throw fail("not_found");
    await recordModeration(
      uow,
      reader,
      existing.authorId,
      { action: "board.article.delete", subject: { kind: "article", id }, before: { title: existing.title } },
      from,
    );
  });
  return { id, kind: existing.kind as ArticleKind };
}
