import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Database } from "#app/db/client.server";
import { marketKeyword } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { defineJob, enqueueJob } from "#app/platform/jobs.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { shortTitle } from "#app/services/board/interaction-access.server";
import { meaningfulLength } from "#app/services/content/meaningful-length";
import { DomainError } from "#app/services/errors";
import { areaByCode } from "#app/services/location/address-search";
import { notifyMany } from "#app/services/notifications/notify.server";
import type { MarketErrorCode } from "./errors";
import { fitsGarageSql } from "./fits.server";
import { isMarketKind, KEYWORD_LIMIT, KEYWORD_MAX, KEYWORD_MIN, listingPath, type MarketKind } from "./kinds";

const fail = (code: MarketErrorCode) => new DomainError("market", code);

/** How many keyword alerts about one seller's listings a member receives in a Seoul day (ADR 049). */
export const KEYWORD_ALERTS_PER_SELLER_DAY = 3;

/** A saved keyword (내 키워드), as the member's keyword page shows it. */
export interface KeywordView {
  id: number;
  keyword: string;
  /** Only listings of this kind match; null for every kind. */
  kind: MarketKind | null;
  /** Only listings in this 시/군/구 match; null for everywhere. */
  areaCode: string | null;
  /** Only listings that fit one of the member's garage bikes match (ADR 072). */
  onlyFitting: boolean;
  /** ISO time. */
  createdAt: string;
}

export interface KeywordInput {
  keyword: string;
  kind?: string | null;
  areaCode?: string | null;
  onlyFitting?: boolean;
}

const keywordColumns = {
  id: marketKeyword.id,
  keyword: marketKeyword.keyword,
  kind: marketKeyword.kind,
  areaCode: marketKeyword.areaCode,
  onlyFitting: marketKeyword.onlyFitting,
  createdAt: marketKeyword.createdAt,
};

function toView(row: {
  id: number;
  keyword: string;
  kind: string | null;
  areaCode: string | null;
  onlyFitting: boolean;
  createdAt: Date;
}) {
  return { ...row, kind: row.kind as MarketKind | null, createdAt: row.createdAt.toISOString() };
}

/** A member's keywords, in the order they were saved. */
export async function listKeywords(db: Database, actor: Actor): Promise<KeywordView[]> {
  const rows = await db
    .select(keywordColumns)
    .from(marketKeyword)
    .where(eq(marketKeyword.memberId, actor.id))
    .orderBy(asc(marketKeyword.id));
  return rows.map(toView);
}

/**
 * The keyword as it is stored and matched: Unicode-composed (Hangul typed on some systems arrives decomposed),
 * trimmed, runs of spaces collapsed, KEYWORD_MIN (as `meaningfulLength` counts) to KEYWORD_MAX characters; the
 * narrowing kind and district, when given, must be a market kind and a 시/군/구 of the gazetteer.
 */
function checkedKeyword(input: KeywordInput) {
  const keyword = input.keyword.normalize("NFC").trim().replace(/\s+/g, " ");
  if (meaningfulLength(keyword) < KEYWORD_MIN || [...keyword].length > KEYWORD_MAX)
    throw fail("keyword_invalid");
  const kind = input.kind || null;
  if (kind !== null && !isMarketKind(kind)) throw fail("keyword_invalid");
  const areaCode = input.areaCode || null;
  if (areaCode !== null && areaByCode(areaCode)?.level !== "sigungu") throw fail("keyword_invalid");
  return { keyword, kind, areaCode, onlyFitting: input.onlyFitting ?? false };
}

/**
 * Saves a keyword for its member. A transaction-scoped advisory lock per member serialises every save of one
 * member's keywords (in every process on the database), so simultaneous saves cannot all pass the count of
 * KEYWORD_LIMIT; the same keyword (case aside) for the same kind and district is refused as already saved, which
 * the unique index on lower(keyword) also holds.
 */
export async function saveKeyword(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: KeywordInput,
): Promise<KeywordView> {
  const checked = checkedKeyword(input);
  return runInTransaction(db, clock, async ({ tx, now }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`market-keyword:${actor.id}`}, 0))`);
    const [counted] = await queryRows<{ total: number; same: number }>(
      tx,
      sql`select count(*)::int as total,
        (count(*) filter (where lower(${marketKeyword.keyword}) = lower(${checked.keyword})
          and coalesce(${marketKeyword.kind}, '') = ${checked.kind ?? ""}
          and coalesce(${marketKeyword.areaCode}, '') = ${checked.areaCode ?? ""}))::int as same
      from ${marketKeyword} where ${marketKeyword.memberId} = ${actor.id}`,
    );
    if ((counted?.same ?? 0) > 0) throw fail("keyword_exists");
    if ((counted?.total ?? 0) >= KEYWORD_LIMIT) throw fail("keyword_limit");
    const [row] = await tx
      .insert(marketKeyword)
      .values({ memberId: actor.id, ...checked, createdAt: now })
      .returning(keywordColumns);
    return toView(row!);
  });
}

/** Deletes one of the member's own keywords; another member's, or one already gone, is not found. */
export async function deleteKeyword(db: Database, clock: Clock, actor: Actor, id: number): Promise<void> {
  if (!Number.isSafeInteger(id)) throw fail("keyword_not_found");
  await runInTransaction(db, clock, async ({ tx }) => {
    const deleted = await tx
      .delete(marketKeyword)
      .where(and(eq(marketKeyword.id, id), eq(marketKeyword.memberId, actor.id)))
      .returning({ id: marketKeyword.id });
    if (deleted.length === 0) throw fail("keyword_not_found");
  });
}

/**
 * Tells every member whose keyword a new listing matches. A keyword matches when it appears in the title or the
 * plain text (case aside, inside longer words: "헬멧" finds "풀페이스헬멧") and the listing is of its kind and in
 * its district when it names them. A member with several matching keywords hears once, with the first one saved;
 * the dedupe key makes a re-run (after a crash, a retry) send nothing twice. notifyMany leaves out the seller (the
 * actor), members who hid the seller, and members who switched `marketKeyword` off. A member hears of at most
 * KEYWORD_ALERTS_PER_SELLER_DAY listings of one seller in a Seoul day, however many the seller writes. A keyword
 * limited to parts that fit matches only a listing that fits one of its member's garage bikes as they are when the
 * job runs (ADR 072). A listing deleted before the job ran is skipped.
 */
export const keywordAlertsJob = defineJob("market.keywordAlerts", {
  payload: z.object({ articleId: z.number().int().positive() }).strict(),
  handle: async ({ articleId }, { uow }) => {
    const matches = await queryRows<{
      member_id: string;
      keyword: string;
      kind: MarketKind;
      title: string;
      seller_id: string;
    }>(
      uow.tx,
      sql`select distinct on (k.member_id) k.member_id, k.keyword, l.kind, a.title, l.seller_id
        from market_listing l
        join board_article a on a.id = l.article_id
        join market_keyword k on k.member_id <> l.seller_id
          and (k.kind is null or k.kind = l.kind)
          and (k.area_code is null or k.area_code = l.area_code)
          and (strpos(lower(a.title), lower(k.keyword)) > 0 or strpos(lower(a.content_text), lower(k.keyword)) > 0)
          and (not k.only_fitting or ${fitsGarageSql(sql`l.article_id`, sql`k.member_id`)})
        where l.article_id = ${articleId} and l.deleted_at is null and a.deleted_at is null
        order by k.member_id, k.id`,
    );
    const [listing] = matches;
    if (!listing) return;
    // The seller's listings are counted against the cap one job at a time.
    await uow.tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`market-keyword-alerts:${listing.seller_id}`}, 0))`,
    );
    const byKeyword = new Map<string, string[]>();
    for (const match of matches) {
      const members = byKeyword.get(match.keyword) ?? [];
      members.push(match.member_id);
      byKeyword.set(match.keyword, members);
    }
    for (const [keyword, recipients] of byKeyword)
      await notifyMany(uow, recipients, {
        type: "marketKeyword",
        actorId: listing.seller_id,
        params: { keyword, title: shortTitle(listing.title) },
        link: listingPath(listing.kind, articleId),
        dedupeKey: `market-keyword:${articleId}`,
        dailyCap: KEYWORD_ALERTS_PER_SELLER_DAY,
      });
  },
});

/** Schedules the keyword alerts of a listing just written, in the unit that writes it; one job per listing. */
export async function enqueueKeywordAlerts(uow: UnitOfWork, articleId: number): Promise<void> {
  await enqueueJob(
    uow,
    keywordAlertsJob,
    { articleId },
    { runAt: uow.now, key: `market.keywordAlerts:${articleId}` },
  );
}

/** The market's jobs, composed into the worker's registry at start-up. */
export const marketJobs = [keywordAlertsJob];
