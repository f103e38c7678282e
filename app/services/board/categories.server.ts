import { randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { boardArticle, boardCategory } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type Transaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { forgetReferenceData } from "#app/services/reference/cache.server";
import type { BoardErrorCode } from "./errors";
import { boardKinds, isBoardKind, type BoardKind } from "./kinds";

const CATEGORY_NAME_MAX = 20;

const fail = (code: BoardErrorCode, params?: Record<string, number>) =>
  new DomainError("board", code, { params });

/** Categories are managed by staff who manage the site only, checked by every function here. */
const refused = () => fail("admin_only");

function checkedNames(input: { nameKo: string; nameEn: string }) {
  const nameKo = input.nameKo.trim();
  const nameEn = input.nameEn.trim();
  if (!nameKo || !nameEn) throw fail("category_name_required");
  if ([...nameKo].length > CATEGORY_NAME_MAX || [...nameEn].length > CATEGORY_NAME_MAX)
    throw fail("category_name_length");
  return { nameKo, nameEn };
}

export interface AdminCategory {
  id: number;
  nameKo: string;
  nameEn: string;
  /** Live articles that would be deleted with it. */
  articleCount: number;
}

/** Every topic board with its live categories and how many live articles each holds. */
export async function categoriesForAdmin(
  db: Database,
  actor: Actor,
): Promise<{ kind: BoardKind; categories: AdminCategory[] }[]> {
  requirePermission(actor, "manage:site", refused);
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: boardCategory.id,
        kind: boardCategory.kind,
        nameKo: boardCategory.nameKo,
        nameEn: boardCategory.nameEn,
      })
      .from(boardCategory)
      .where(eq(boardCategory.deleted, false))
      .orderBy(asc(boardCategory.index), asc(boardCategory.id)),
    db
      .select({ categoryId: boardArticle.categoryId, n: sql<number>`count(*)::int` })
      .from(boardArticle)
      .where(and(isNotNull(boardArticle.categoryId), isNull(boardArticle.deletedAt)))
      .groupBy(boardArticle.categoryId),
  ]);
  const countOf = new Map(counts.map((row) => [row.categoryId, row.n]));
  return boardKinds.map((kind) => ({
    kind,
    categories: rows
      .filter((row) => row.kind === kind)
      .map(({ id, nameKo, nameEn }) => ({ id, nameKo, nameEn, articleCount: countOf.get(id) ?? 0 })),
  }));
}

/** Adds a category at the end of a board's list. */
export async function addCategory(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: { kind: string; nameKo: string; nameEn: string },
  from?: ActingFrom,
) {
  requirePermission(actor, "manage:site", refused);
  const kind = input.kind;
  if (!isBoardKind(kind)) throw fail("kind_invalid");
  const names = checkedNames(input);
  return runInTransaction(db, clock, async (uow) => {
    const { tx, now } = uow;
    uow.afterCommit(() => forgetReferenceData(db));
    const [last] = await tx
      .select({ index: sql<number>`coalesce(max(${boardCategory.index}), -1)::int` })
      .from(boardCategory)
      .where(eq(boardCategory.kind, kind));
    const [row] = await tx
      .insert(boardCategory)
      .values({ kind, code: newCode(), ...names, index: (last?.index ?? -1) + 1, createdAt: now })
      .returning({ id: boardCategory.id });
    await recordAdminAct(
      uow,
      actor,
      { action: "board.category.add", subject: { kind: "category", id: row!.id }, after: { kind, ...names } },
      from,
    );
    return { id: row!.id };
  });
}

/** Corrects a category's labels; it stays the same category, so its articles stay. */
export async function renameCategory(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: { categoryId: number; nameKo: string; nameEn: string },
  from?: ActingFrom,
) {
  requirePermission(actor, "manage:site", refused);
  const names = checkedNames(input);
  await runInTransaction(db, clock, async (uow) => {
    uow.afterCommit(() => forgetReferenceData(db));
    const [before] = await uow.tx
      .select({ nameKo: boardCategory.nameKo, nameEn: boardCategory.nameEn })
      .from(boardCategory)
      .where(and(eq(boardCategory.id, input.categoryId), eq(boardCategory.deleted, false)))
      .for("update");
    if (!before) throw fail("category_not_found");
    await uow.tx.update(boardCategory).set(names).where(eq(boardCategory.id, input.categoryId));
    await recordAdminAct(
      uow,
      actor,
      {
        action: "board.category.rename",
        subject: { kind: "category", id: input.categoryId },
        before,
        after: names,
      },
      from,
    );
  });
}

/**
 * Deletes a category and, with it, all its live articles (spec: changing a board's category deletes its articles).
 * Refused unless `confirmCount` states exactly how many articles go: without it the answer is `confirm_required`,
 * and when articles were written or deleted since the administrator saw the number, `count_changed`; both carry the
 * current count in their params, for the next confirmation.
 */
export async function deleteCategory(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: { categoryId: number; confirmCount?: number | null },
  from?: ActingFrom,
): Promise<{ deletedArticles: number }> {
  requirePermission(actor, "manage:site", refused);
  return runInTransaction(db, clock, async (uow) => {
    uow.afterCommit(() => forgetReferenceData(db));
    const { kind, nameKo, nameEn, count } = await lockCategoryForRemoval(uow.tx, input);
    const deletedArticles = await removeCategory(uow, input.categoryId, count);
    await recordAdminAct(
      uow,
      actor,
      {
        action: "board.category.delete",
        subject: { kind: "category", id: input.categoryId },
        before: { kind, nameKo, nameEn },
        after: { deletedArticles },
      },
      from,
    );
    return { deletedArticles };
  });
}

/**
 * Changes a category into a new one: the old one and its live articles are deleted (with the same confirmation as
 * `deleteCategory`) and the new one takes its place in the list.
 */
export async function replaceCategory(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: { categoryId: number; nameKo: string; nameEn: string; confirmCount?: number | null },
  from?: ActingFrom,
): Promise<{ id: number; deletedArticles: number }> {
  requirePermission(actor, "manage:site", refused);
  const names = checkedNames(input);
  return runInTransaction(db, clock, async (uow) => {
    uow.afterCommit(() => forgetReferenceData(db));
    const old = await lockCategoryForRemoval(uow.tx, input);
    const deletedArticles = await removeCategory(uow, input.categoryId, old.count);
    const [row] = await uow.tx
      .insert(boardCategory)
      .values({ kind: old.kind, code: newCode(), ...names, index: old.index, createdAt: uow.now })
      .returning({ id: boardCategory.id });
    await recordAdminAct(
      uow,
      actor,
      {
        action: "board.category.replace",
        subject: { kind: "category", id: input.categoryId },
        before: { kind: old.kind, nameKo: old.nameKo, nameEn: old.nameEn },
        after: { id: row!.id, ...names, deletedArticles },
      },
      from,
    );
    return { id: row!.id, deletedArticles };
  });
}

async function lockCategoryForRemoval(
  tx: Transaction,
  input: { categoryId: number; confirmCount?: number | null },
) {
  const [category] = await tx
    .select({
      kind: boardCategory.kind,
      index: boardCategory.index,
      nameKo: boardCategory.nameKo,
      nameEn: boardCategory.nameEn,
    })
    .from(boardCategory)
    .where(and(eq(boardCategory.id, input.categoryId), eq(boardCategory.deleted, false)))
    .for("update");
  if (!category) throw fail("category_not_found");
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(boardArticle)
    .where(and(eq(boardArticle.categoryId, input.categoryId), isNull(boardArticle.deletedAt)));
  const count = counted?.n ?? 0;
  const stated = input.confirmCount;
  if (stated === undefined || stated === null || !Number.isInteger(stated))
    throw fail("confirm_required", { count });
  if (stated !== count) throw fail("count_changed", { count });
  return { ...category, count };
}

async function removeCategory({ tx, now }: UnitOfWork, categoryId: number, count: number) {
  const removed = await tx
    .update(boardArticle)
    .set({ deletedAt: now })
    .where(and(eq(boardArticle.categoryId, categoryId), isNull(boardArticle.deletedAt)))
    .returning({ id: boardArticle.id });
  // An article written after the count (the category row does not block inserts) is not deleted unseen.
  if (removed.length !== count) throw fail("count_changed", { count: removed.length });
  await tx.update(boardCategory).set({ deleted: true }).where(eq(boardCategory.id, categoryId));
  return removed.length;
}

function newCode() {
  return `c${randomBytes(6).toString("hex")}`;
}
