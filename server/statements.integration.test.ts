import fs from "node:fs";
import type { Logger } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { startPageServer } from "#tests/setup/page-server";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import { addComment } from "#app/services/board/comments.server";
import { keepArticle, likeArticle } from "#app/services/board/reactions.server";
import { createTestDatabase } from "#tests/setup/database";
import { signUpMember, startRouteRuntime, type SignedInMember } from "#tests/setup/route-actions";

/**
 * How many statements each main page sends to the database, for a visitor and for a signed-in member, counted at the
 * driver as whole page requests through the edge and the real route modules. A count, never a time: a page that
 * grows a query per comment, per category or per menu entry fails here before it is slow anywhere.
 */
/**
 * Today's counts, each a ceiling: a member's page reads the session with its member (one statement) and the unread
 * notifications; the home page adds the member's areas and the latest listings near the main one (a visitor's
 * latest listings come from memory); the list adds the hidden members and the page of articles; the post its row (with the reader's
 * like, keep and hidden members) and the comments. Menu, filter options and categories come from memory. The
 * product's limits are 6 for a member's post page and 4 for a member's list; never raise a budget above them.
 */
const BUDGETS = {
  home: { visitor: 0, member: 4 },
  list: { visitor: 1, member: 4 },
  post: { visitor: 2, member: 4 },
} as const;

let statements: string[] = [];
const counter: Logger = { logQuery: (query) => void statements.push(query) };

let runtime: Runtime;
let site: Awaited<ReturnType<typeof startPageServer>>;
let base: string;
let rider: SignedInMember;
let articleId: number;

beforeAll(async () => {
  runtime = await startRouteRuntime({ database: await createTestDatabase(counter) });
  const author = await signUpMember(runtime);
  rider = await signUpMember(runtime);
  const [category] = await listCategories(runtime.db, "free");
  for (let n = 0; n < 25; n++) {
    const { id } = await createArticle(runtime.db, systemClock, author.actor, {
      kind: "free",
      categoryId: category!.id,
      title: `정비 후기 ${n}`,
      contentHtml: "<p>본문</p>",
      isPrivate: false,
    });
    articleId = id;
  }
  for (let n = 0; n < 5; n++) {
    await addComment(runtime.db, systemClock, n % 2 ? rider.actor : author.actor, articleId, {
      content: `댓글 ${n}`,
    });
  }
  await likeArticle(runtime.db, systemClock, rider.actor, articleId);
  await keepArticle(runtime.db, systemClock, rider.actor, articleId);

  site = await startPageServer(runtime);
  base = site.base;
}, 120_000);

/** The counts measured, written where `npm run bench` asks (STATEMENTS_REPORT) for its table. */
const measured: Record<string, number> = {};

afterAll(async () => {
  await site.close();
  if (process.env.STATEMENTS_REPORT)
    fs.writeFileSync(process.env.STATEMENTS_REPORT, JSON.stringify(measured));
});

/** The statements one page request sends, after a first request has warmed what is held in memory. */
async function statementsOf(path: string, cookie?: string) {
  const headers = { cookie: `${cookie ? `${cookie}; ` : ""}i18n_redirected=ko` };
  const get = async () => {
    const response = await fetch(`${base}${path}`, { headers, redirect: "manual" });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 2000)}`);
  };
  await get();
  statements = [];
  await get();
  return statements;
}

describe("statements per page", () => {
  const pages = {
    home: () => "/",
    list: () => "/board/free",
    post: () => `/board/free/${articleId}`,
  };

  for (const [page, path] of Object.entries(pages) as [keyof typeof pages, () => string][]) {
    it(`${page} for a visitor stays within ${BUDGETS[page].visitor}`, async () => {
      const sent = await statementsOf(path());
      measured[`${page} visitor`] = sent.length;
      expect(sent.length, sent.join("\n\n")).toBeLessThanOrEqual(BUDGETS[page].visitor);
    });

    it(`${page} for a member stays within ${BUDGETS[page].member}`, async () => {
      const sent = await statementsOf(path(), rider.cookie);
      measured[`${page} member`] = sent.length;
      expect(sent.length, sent.join("\n\n")).toBeLessThanOrEqual(BUDGETS[page].member);
    });
  }
});
