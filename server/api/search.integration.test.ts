import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import { listRecentSearches } from "#app/services/search/history.server";
import type { SearchGroup, SearchResult } from "#app/services/search/search.server";
import { insertMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { createHttpApp } from "../app";
import { joiningConsents } from "#tests/setup/consents";

let base: string;
let server: http.Server;
let runtime: Runtime;
let cookie: string;
let viewerId: string;

beforeAll(async () => {
  runtime = await createTestRuntime();
  const app = createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signedUp = await signUpWithEmail(
    runtime,
    { email: "searcher@example.com", password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: "203.0.113.21" }),
  );
  cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  [{ id: viewerId }] = (await runtime.db
    .select({ id: member.id })
    .from(member)
    .where(eq(member.email, "searcher@example.com"))) as [{ id: string }];
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { cookie, ...headers } });

describe("GET /api/search", () => {
  it("asks visitors to sign in, in their language", async () => {
    const korean = await fetch(`${base}/api/search?q=정비`);
    expect(korean.status).toBe(401);
    expect(await korean.json()).toEqual({
      error: { code: "login_required", message: "로그인이 필요합니다." },
    });
    const english = await fetch(`${base}/api/search?q=x`, { headers: { "Accept-Language": "en" } });
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe("Login required.");
  });

  it("answers the grouped results and one area's pages, without touching the recent searches", async () => {
    const author = await insertMember(runtime.db, { nickname: "국도정비왕" });
    const [category] = await listCategories(runtime.db, "qna");
    for (let i = 0; i < 8; i += 1) {
      await createArticle(runtime.db, runtime.clock, author, {
        kind: "qna",
        categoryId: category!.id,
        title: `체인정비질문 ${i}`,
        contentHtml: "<p>체인 장력은 어떻게 맞추나요?</p>",
        isPrivate: i === 7,
      });
    }
    const response = await get(`/api/search?q=${encodeURIComponent("정비")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const result = (await response.json()) as SearchResult;
    expect(result.groups.map((group) => [group.area, group.total, group.items.length])).toEqual([
      ["board", 7, 5],
      ["guestbook", 0, 0],
      ["market", 0, 0],
      ["member", 1, 1],
      ["motorcycleModel", 0, 0],
      ["motorcycleReview", 0, 0],
    ]);

    const board = result.groups[0]!;
    const next = await get(
      `/api/search?q=${encodeURIComponent("정비")}&area=board&cursor=${encodeURIComponent(board.nextCursor!)}`,
    );
    expect(next.status).toBe(200);
    const page = (await next.json()) as { query: string; group: SearchGroup };
    expect(page.group.items.map((item) => item.id)).toEqual(["2", "1"]);
    expect(page.group.nextCursor).toBeNull();
    expect(await listRecentSearches(runtime.db, viewerId)).toEqual([]);
  });

  it("explains a refused query in the request's language", async () => {
    const empty = await get("/api/search?q=%20%20");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      error: { code: "query_required", message: "검색어를 입력해 주세요." },
    });
    const long = await get(`/api/search?q=${"a".repeat(51)}`, { "Accept-Language": "en" });
    expect(((await long.json()) as { error: { message: string } }).error.message).toBe(
      "Search words can be at most 50 characters.",
    );
    const short = await get("/api/search?q=a", { "Accept-Language": "en" });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error: { code: "query_too_short", message: "Enter 2 or more characters to search." },
    });
    expect((await get("/api/search?q=ab&area=nowhere")).status).toBe(404);
    expect((await get("/api/search?q=ab&area=board&cursor=bad")).status).toBe(400);
    expect((await get("/api/search?q=a&q=b")).status).toBe(400);
  });
});
