import { eq, sql, TransactionRollbackError, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database } from "#app/db/client.server";
import { boardArticle, member, memberProfile } from "#app/db/schema";
import { FixedClock, systemClock, type Clock } from "#app/platform/clock.server";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import { DomainError } from "#app/services/errors";
import { deleteListing } from "#app/services/market/listings.server";
import { blindMember } from "#app/services/members/relations.server";
import { insertListing } from "#tests/setup/market";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { articleMatchSql } from "./article-sources.server";
import { memberMatchSql } from "./member-source.server";
import { containsPattern } from "./query";
import { searchAll, searchArea, SEARCH_PREVIEW_SIZE, type SearchGroup } from "./search.server";
import type { PostHit, ProfileHit, SearchSource } from "./types";

let db: Database;
let freeCategory: number;
beforeAll(async () => {
  ({ db } = await createTestRuntime());
  freeCategory = (await listCategories(db, "free"))[0]!.id;
});

/** Random Hangul syllables: words no other test writes, so each test counts only its own rows. */
function word(length = 4) {
  return Array.from({ length }, () => String.fromCharCode(0xac00 + Math.floor(Math.random() * 11172))).join(
    "",
  );
}

type Author = Awaited<ReturnType<typeof insertMember>>;

async function write(
  author: Author,
  input: { title: string; text?: string; kind?: string; isPrivate?: boolean },
  clock: Clock = systemClock,
) {
  const kind = input.kind ?? "free";
  const { id } = await createArticle(db, clock, author, {
    kind,
    categoryId: kind === "guestbook" ? null : freeCategory,
    title: input.title,
    contentHtml: `<p>${input.text ?? "본문입니다"}</p>`,
    isPrivate: input.isPrivate ?? false,
  });
  return id;
}

const group = (groups: SearchGroup[], area: string) => groups.find((g) => g.area === area)!;
const ids = (g: SearchGroup) => g.items.map((item) => item.id);
const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe("Korean partial-word matching", () => {
  it("finds a title, a content and a nickname by a part of a word", async () => {
    const tag = word();
    const author = await insertMember(db, { nickname: `한강라이더${tag}` });
    const titled = await write(author, { title: `엔진오일정비후기${tag}` });
    const texted = await write(author, {
      title: `주말 코스 ${tag}`,
      text: `${"서울에서 출발해 북한강을 따라 달리는 길입니다. ".repeat(3)}양평야간라이딩코스${tag} 추천합니다`,
    });
    const reader = await insertMember(db);

    const byTitle = await searchAll(db, reader, `정비후기${tag}`);
    expect(ids(group(byTitle.groups, "board"))).toEqual([String(titled)]);
    const short = await searchAll(db, reader, "정비");
    expect(ids(group(short.groups, "board"))).toContain(String(titled));

    const byText = group((await searchAll(db, reader, `야간라이딩코스${tag}`)).groups, "board");
    expect(ids(byText)).toEqual([String(texted)]);
    const hit = byText.items[0] as PostHit;
    expect(hit.snippet).toContain(`야간라이딩코스${tag}`);
    expect(hit.snippetCutStart).toBe(true);
    expect(hit).toMatchObject({
      layout: "post",
      path: `/board/free/${texted}`,
      placeKey: "board.kind.free",
      author: { id: author.id, nickname: `한강라이더${tag}` },
      blinded: false,
      counts: { likes: 0, comments: 0, views: 0 },
    });

    const byNickname = group((await searchAll(db, reader, "라이더")).groups, "member");
    expect(ids(byNickname)).toContain(author.id);
    const exact = group((await searchAll(db, reader, `라이더${tag}`)).groups, "member");
    expect(exact.total).toBe(1);
    expect(exact.items[0]).toMatchObject({
      layout: "profile",
      id: author.id,
      path: `/profile/${author.id}`,
      nickname: `한강라이더${tag}`,
    });
  });

  it("shows the start of the content when only the title matched", async () => {
    const tag = word();
    const author = await insertMember(db);
    await write(author, { title: `제목에만${tag}`, text: "첫 문장입니다. 둘째 문장입니다." });
    const [hit] = group((await searchAll(db, author, `제목에만${tag}`)).groups, "board").items as PostHit[];
    expect(hit!.snippet).toBe("첫 문장입니다. 둘째 문장입니다.");
    expect(hit!.snippetCutStart).toBe(false);
    expect(hit!.snippetCutEnd).toBe(false);
  });

  it("can use the trigram indexes for a query of three or more characters", async () => {
    const reader = await insertMember(db);
    const plans: Record<string, string> = {};
    // A thousand rows (rolled back afterwards) give the planner real statistics. The GIN pending lists are
    // flushed as autovacuum would on a server (PGlite has none); with sequential scans off, a plan that still
    // reads every row through another index would show that the trigram indexes cannot serve the query.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into board_article (kind, author_id, title, content_html, content_text, created_at, updated_at)
          select 'free', ${reader.id}, '라이딩 일지 ' || i, '<p>오늘의 주행 기록 ' || i || '</p>',
                 '오늘의 주행 기록 ' || i, now(), now()
          from generate_series(1, 1000) as i`);
        await tx.execute(sql`select gin_clean_pending_list(name::regclass) from (values
          ('board_article_title_trgm_idx'), ('board_article_text_trgm_idx'), ('member_nickname_trgm_idx')
        ) as indexes(name)`);
        await tx.execute(sql`analyze board_article`);
        await tx.execute(sql`analyze member`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const explain = async (name: string, query: SQL) => {
          const rows = await queryRows<{ "QUERY PLAN": string }>(tx as unknown as Database, query);
          plans[name] = rows.map((row) => row["QUERY PLAN"]).join("\n");
        };
        await explain(
          "title",
          sql`explain select id from board_article where title ilike ${containsPattern("엔진오일")}`,
        );
        await explain(
          "articles",
          sql`explain select count(*) from board_article where ${articleMatchSql(reader, "엔진오일", "board")}`,
        );
        await explain("members", sql`explain select count(*) from member where ${memberMatchSql("라이더")}`);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plans.title).toContain("board_article_title_trgm_idx");
    expect(plans.articles).toContain("board_article_title_trgm_idx");
    expect(plans.articles).toContain("board_article_text_trgm_idx");
    expect(plans.members).toContain("member_nickname_trgm_idx");
  });
});

describe("what a reader may find", () => {
  it("finds private posts only for their author and administrators, not even as a count for others", async () => {
    const tag = word();
    const author = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const id = await write(author, { title: `비밀글${tag}`, isPrivate: true });

    const forOther = group((await searchAll(db, other, tag)).groups, "board");
    expect(forOther.total).toBe(0);
    expect(forOther.items).toEqual([]);
    expect(ids(group((await searchAll(db, author, tag)).groups, "board"))).toEqual([String(id)]);
    expect(ids(group((await searchAll(db, admin, tag)).groups, "board"))).toEqual([String(id)]);
  });

  it("leaves deleted posts out", async () => {
    const tag = word();
    const author = await insertMember(db);
    const id = await write(author, { title: `지운글${tag}` });
    expect(group((await searchAll(db, author, tag)).groups, "board").total).toBe(1);
    await db.update(boardArticle).set({ deletedAt: new Date() }).where(eq(boardArticle.id, id));
    const after = group((await searchAll(db, author, tag)).groups, "board");
    expect(after.total).toBe(0);
    expect(after.items).toEqual([]);
  });

  it("keeps guestbook posts apart from the boards", async () => {
    const tag = word();
    const author = await insertMember(db);
    const board = await write(author, { title: `게시판글${tag}` });
    const guestbook = await write(author, { title: `방명록글${tag}`, kind: "guestbook" });
    const { groups } = await searchAll(db, author, tag);
    expect(ids(group(groups, "board"))).toEqual([String(board)]);
    expect(ids(group(groups, "guestbook"))).toEqual([String(guestbook)]);
    expect(group(groups, "guestbook").items[0]).toMatchObject({
      path: `/board/guestbook/${guestbook}`,
      placeKey: "board.kind.guestbook",
    });
  });

  it("finds a market listing by a part of a word in the market group only, and no longer once deleted", async () => {
    const tag = word();
    const seller = await insertMember(db);
    const reader = await insertMember(db);
    const id = await insertListing(db, systemClock, seller, "gear", {
      title: `쇼에이풀페이스헬멧${tag} 팝니다`,
      contentHtml: "<p>한 시즌 사용했습니다</p>",
    });
    const { groups } = await searchAll(db, reader, `페이스헬멧${tag}`);
    expect(ids(group(groups, "market"))).toEqual([String(id)]);
    expect(group(groups, "market").items[0]).toMatchObject({
      path: `/market/gear/${id}`,
      placeKey: "market.kind.gear",
      author: { id: seller.id, nickname: seller.nickname },
    });
    expect(group(groups, "board").total).toBe(0);
    await deleteListing(db, systemClock, seller, id);
    const after = group((await searchAll(db, reader, `페이스헬멧${tag}`)).groups, "market");
    expect(after.total).toBe(0);
    expect(after.items).toEqual([]);
  });

  it("flags posts and profiles of hidden members as blinded for the one who hid them", async () => {
    const tag = word();
    const author = await insertMember(db, { nickname: `숨김대상${tag}` });
    const blinder = await insertMember(db);
    const bystander = await insertMember(db);
    await write(author, { title: `숨김글${tag}` });
    await blindMember(db, systemClock, blinder.id, author.id);

    const forBlinder = await searchAll(db, blinder, tag);
    expect(group(forBlinder.groups, "board").items.map((item) => item.blinded)).toEqual([true]);
    expect(group(forBlinder.groups, "member").items.map((item) => item.blinded)).toEqual([true]);
    const forBystander = await searchAll(db, bystander, tag);
    expect(group(forBystander.groups, "board").items.map((item) => item.blinded)).toEqual([false]);
    expect(group(forBystander.groups, "member").items.map((item) => item.blinded)).toEqual([false]);
  });

  it("finds members with a complete profile who have not withdrawn, with their introduction", async () => {
    const tag = word();
    const shown = await insertMember(db, { nickname: `보임${tag}` });
    await db.insert(memberProfile).values({
      userId: shown.id,
      introduction: "주말마다 달립니다",
      ridingYears: 3,
      birthDate: "1990-01-01",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const withdrawn = await insertMember(db, { nickname: `탈퇴${tag}` });
    await db.update(member).set({ withdrawnAt: new Date() }).where(eq(member.id, withdrawn.id));
    const unfinished = await insertMember(db, { nickname: `미완${tag}` });
    await db.update(member).set({ onboarding: "profile_saved" }).where(eq(member.id, unfinished.id));

    const members = group((await searchAll(db, shown, tag)).groups, "member");
    expect(members.total).toBe(1);
    expect(members.items[0] as ProfileHit).toMatchObject({ id: shown.id, introduction: "주말마다 달립니다" });
  });
});

describe("grouped results and pages", () => {
  it("counts each area and shows its first five hits", async () => {
    const tag = word();
    const author = await insertMember(db, { nickname: `집계${tag}` });
    for (let i = 0; i < 7; i += 1) await write(author, { title: `집계글${i}${tag}` });
    for (let i = 0; i < 2; i += 1) await write(author, { title: `집계방명록${i}${tag}`, kind: "guestbook" });
    for (let i = 0; i < 3; i += 1)
      await insertListing(db, systemClock, author, "parts", { title: `집계매물${i}${tag}` });

    const result = await searchAll(db, author, tag);
    expect(result.query).toBe(tag);
    expect(result.groups.map((g) => [g.area, g.total, g.items.length])).toEqual([
      ["board", 7, SEARCH_PREVIEW_SIZE],
      ["guestbook", 2, 2],
      ["market", 3, 3],
      ["member", 1, 1],
      ["motorcycleModel", 0, 0],
      ["motorcycleReview", 0, 0],
    ]);
    expect(result.total).toBe(13);
    expect(group(result.groups, "board").nextCursor).not.toBeNull();
    expect(group(result.groups, "guestbook").nextCursor).toBeNull();
  });

  it("pages one area with a keyset cursor, without duplicates or gaps, also across equal times", async () => {
    const tag = word();
    const clock = new FixedClock(new Date("2026-03-01T09:00:00.000Z"));
    const author = await insertMember(db);
    const written: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      if (i % 3 === 0) clock.advance(1000);
      written.push(await write(author, { title: `쪽글${i}${tag}` }, clock));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { group: page } = await searchArea(db, author, tag, "board", cursor, { limit: 3 });
      expect(page.total).toBe(8);
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(written.reverse().map(String));
  });

  it("pages members, nicknames starting with the query first", async () => {
    const tag = word();
    const names = [`${tag}가`, `나${tag}`, `${tag}다`, `라${tag}`, `${tag}마`];
    for (const nickname of names) await insertMember(db, { nickname });
    const reader = await insertMember(db);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { group: page } = await searchArea(db, reader, tag, "member", cursor, { limit: 2 });
      seen.push(...page.items.map((item) => (item as ProfileHit).nickname));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([`${tag}가`, `${tag}다`, `${tag}마`, `나${tag}`, `라${tag}`]);
  });

  it("refuses an unknown area and a cursor it did not make", async () => {
    const reader = await insertMember(db);
    expect(await code(searchArea(db, reader, "정비", "nowhere", null))).toBe("area_unknown");
    expect(await code(searchArea(db, reader, "정비", "board", "not-a-cursor"))).toBe("cursor_invalid");
    const forged = Buffer.from(JSON.stringify(["yesterday", 3])).toString("base64url");
    expect(await code(searchArea(db, reader, "정비", "board", forged))).toBe("cursor_invalid");
  });

  it("searches any registered source the same way", async () => {
    const reader = await insertMember(db);
    const seen: string[] = [];
    const market: SearchSource = {
      area: "market",
      labelKey: "search.area.board",
      async search(_db, ctx) {
        seen.push(`${ctx.query}/${ctx.limit}/${ctx.reader.id}`);
        return { total: 0, items: [], nextCursor: null };
      },
    };
    const result = await searchAll(db, reader, "  헬멧   장갑 ", { sources: [market] });
    expect(result.groups.map((g) => g.area)).toEqual(["market"]);
    expect(seen).toEqual([`헬멧 장갑/${SEARCH_PREVIEW_SIZE}/${reader.id}`]);
  });
});

describe("the query", () => {
  it("is trimmed, its spaces collapsed, and must be 2 to 50 characters", async () => {
    const reader = await insertMember(db);
    expect(await code(searchAll(db, reader, "   "))).toBe("query_required");
    expect(await code(searchAll(db, reader, " 정 "))).toBe("query_too_short");
    expect(await code(searchAll(db, reader, "\u200B\u200B"))).toBe("query_required");
    expect(await code(searchAll(db, reader, "정\u200B"))).toBe("query_too_short");
    expect(await code(searchArea(db, reader, "a", "member", null))).toBe("query_too_short");
    expect((await searchAll(db, reader, " 정비 ")).query).toBe("정비");
    expect(await code(searchAll(db, reader, "가".repeat(51)))).toBe("query_too_long");
    expect((await searchAll(db, reader, "가".repeat(50))).query).toHaveLength(50);
    expect((await searchAll(db, reader, "  엔진   오일 ")).query).toBe("엔진 오일");
  });

  it("matches % and _ literally", async () => {
    const tag = word();
    const author = await insertMember(db);
    const percent = await write(author, { title: `${tag} 100% 완주` });
    await write(author, { title: `${tag} 1000 완주` });
    const underscore = await write(author, { title: `${tag} a_b` });
    await write(author, { title: `${tag} axb` });
    const search = async (query: string) => ids(group((await searchAll(db, author, query)).groups, "board"));
    expect(await search(`${tag} 100%`)).toEqual([String(percent)]);
    expect(await search(`${tag} a_b`)).toEqual([String(underscore)]);
    expect(await search(`${tag} 100\\`)).toEqual([]);
  });
});
