import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { faqEntry } from "#app/db/schema";
import type { Language } from "#app/i18n";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { requirePermission } from "#app/services/permissions";
import { noticeError, noticeRefused, requiredText } from "./access.server";
import { faqSeeds } from "./faq-seed";
import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, faqTabs, isFaqTab, type FaqTab } from "./tabs";

export interface FaqItem {
  id: number;
  question: string;
  /** Plain text; line breaks are kept when shown. */
  answer: string;
}

export interface FaqEntryInput {
  tab: string;
  index: number;
  questionKo: string;
  answerKo: string;
  questionEn: string;
  answerEn: string;
}

export interface FaqEntryView {
  id: number;
  tab: FaqTab;
  index: number;
  questionKo: string;
  answerKo: string;
  questionEn: string;
  answerEn: string;
}

/** The live entries of every tab in one language, in their display order. */
export async function listFaq(db: Database, language: Language): Promise<Record<FaqTab, FaqItem[]>> {
  const rows = await db
    .select()
    .from(faqEntry)
    .where(eq(faqEntry.deleted, false))
    .orderBy(asc(faqEntry.tab), asc(faqEntry.index), asc(faqEntry.id));
  const byTab = Object.fromEntries(faqTabs.map((tab) => [tab, [] as FaqItem[]])) as Record<FaqTab, FaqItem[]>;
  for (const row of rows) {
    if (!isFaqTab(row.tab)) continue;
    byTab[row.tab].push({
      id: row.id,
      question: language === "en" ? row.questionEn : row.questionKo,
      answer: language === "en" ? row.answerEn : row.answerKo,
    });
  }
  return byTab;
}

function checkedInput(input: FaqEntryInput) {
  if (!isFaqTab(input.tab)) throw noticeError("tab_invalid");
  if (!Number.isInteger(input.index) || input.index < 0 || input.index > 9999)
    throw noticeError("index_invalid");
  const question = { required: "question_required", length: "question_length" } as const;
  const answer = { required: "answer_required", length: "answer_length" } as const;
  return {
    tab: input.tab,
    index: input.index,
    questionKo: requiredText(input.questionKo, FAQ_QUESTION_MAX, question),
    answerKo: requiredText(input.answerKo, FAQ_ANSWER_MAX, answer),
    questionEn: requiredText(input.questionEn, FAQ_QUESTION_MAX, question),
    answerEn: requiredText(input.answerEn, FAQ_ANSWER_MAX, answer),
  };
}

/** Every live entry with both languages, for the administrators' page. */
export async function faqForAdmin(db: Database, actor: Actor): Promise<FaqEntryView[]> {
  requirePermission(actor, "manage:site", noticeRefused);
  const rows = await db
    .select({
      id: faqEntry.id,
      tab: faqEntry.tab,
      index: faqEntry.index,
      questionKo: faqEntry.questionKo,
      answerKo: faqEntry.answerKo,
      questionEn: faqEntry.questionEn,
      answerEn: faqEntry.answerEn,
    })
    .from(faqEntry)
    .where(eq(faqEntry.deleted, false))
    .orderBy(asc(faqEntry.tab), asc(faqEntry.index), asc(faqEntry.id));
  return rows as FaqEntryView[];
}

export async function createFaqEntry(
  source: DatabaseOrUnit,
  clock: Clock,
  actor: Actor,
  input: FaqEntryInput,
  from?: ActingFrom,
): Promise<{ id: number }> {
  requirePermission(actor, "manage:site", noticeRefused);
  const checked = checkedInput(input);
  return runInTransaction(source, clock, async (uow) => {
    const [row] = await uow.tx
      .insert(faqEntry)
      .values({ ...checked, createdAt: uow.now, updatedAt: uow.now })
      .returning({ id: faqEntry.id });
    await recordAdminAct(
      uow,
      actor,
      {
        action: "notice.faq.create",
        subject: { kind: "faq", id: row!.id },
        after: { tab: checked.tab, index: checked.index, questionKo: checked.questionKo },
      },
      from,
    );
    return { id: row!.id };
  });
}

export async function updateFaqEntry(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  input: FaqEntryInput,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "manage:site", noticeRefused);
  const checked = checkedInput(input);
  await runInTransaction(db, clock, async (uow) => {
    const before = await faqSummary(uow.tx, id);
    if (!before) throw noticeError("faq_not_found");
    await uow.tx
      .update(faqEntry)
      .set({ ...checked, updatedAt: uow.now })
      .where(eq(faqEntry.id, id));
    await recordAdminAct(
      uow,
      actor,
      {
        action: "notice.faq.update",
        subject: { kind: "faq", id },
        before,
        after: { tab: checked.tab, index: checked.index, questionKo: checked.questionKo },
      },
      from,
    );
  });
}

/** Deletes an entry (soft, so the starting entries are not seeded again: see seedFaqEntries). */
export async function deleteFaqEntry(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "manage:site", noticeRefused);
  await runInTransaction(db, clock, async (uow) => {
    const before = await faqSummary(uow.tx, id);
    if (!before) throw noticeError("faq_not_found");
    await uow.tx.update(faqEntry).set({ deleted: true, updatedAt: uow.now }).where(eq(faqEntry.id, id));
    await recordAdminAct(
      uow,
      actor,
      { action: "notice.faq.delete", subject: { kind: "faq", id }, before },
      from,
    );
  });
}

/** What the audit log keeps of a live FAQ entry (locked for the change): its tab, place and Korean question. */
async function faqSummary(tx: Database, id: number) {
  const [row] = await tx
    .select({ tab: faqEntry.tab, index: faqEntry.index, questionKo: faqEntry.questionKo })
    .from(faqEntry)
    .where(and(eq(faqEntry.id, id), eq(faqEntry.deleted, false)))
    .for("update");
  return row ?? null;
}

// Any number: it only has to differ from the other advisory locks of the product.
const FAQ_SEED_LOCK = 7_301_002;

/**
 * Adds the starting FAQ entries to a database that has never had any. Once the table holds a row (even a deleted
 * one), nothing is added or changed, so administrators' edits and deletions stay; the entries carry no seed key
 * because the schema has none, and "only into an empty table" needs none. Starting instances take an advisory lock,
 * so two of them cannot both find the table empty. Answers how many entries it added.
 */
export async function seedFaqEntries(
  db: Database,
  clock: Clock,
  options: { welcomePoints: number },
): Promise<number> {
  return runInTransaction(db, clock, async ({ tx, now }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FAQ_SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(faqEntry);
    if ((existing?.n ?? 0) > 0) return 0;
    const rows = faqTabs.flatMap((tab) =>
      faqSeeds(options)[tab].map((seed, index) => ({
        tab,
        index: index + 1,
        questionKo: seed.ko.q,
        answerKo: seed.ko.a,
        questionEn: seed.en.q,
        answerEn: seed.en.a,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await tx.insert(faqEntry).values(rows);
    return rows.length;
  });
}
