import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardArticle, member } from "#app/db/schema";
import { translate } from "#app/i18n";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertMember } from "#tests/setup/members";
import { createHttpApp } from "../app";
import { joiningConsents } from "#tests/setup/consents";

let base: string;
let server: http.Server;
let runtime: Runtime;

beforeAll(async () => {
  runtime = await createTestRuntime();
  const app = createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let accounts = 0;
/** A signed-up member's session cookie; `complete` finishes the first-login profile. */
async function signedIn(complete = true) {
  accounts += 1;
  const email = `rider${accounts}@example.com`;
  const signedUp = await signUpWithEmail(
    runtime,
    { email, password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: `203.0.113.${accounts}` }),
  );
  const cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  const nickname = `라이더${accounts}`;
  if (complete)
    await runtime.db.update(member).set({ nickname, onboarding: "welcomed" }).where(eq(member.email, email));
  const [row] = await runtime.db.select({ id: member.id }).from(member).where(eq(member.email, email));
  return { cookie, id: row!.id, nickname };
}

async function articleBy(authorId: string, isPrivate = false) {
  const [category] = await listCategories(runtime.db, "free");
  const { id } = await createArticle(
    runtime.db,
    runtime.clock,
    actorOf({ id: authorId, role: "member", twoFactorEnabled: false }),
    {
      kind: "free",
      categoryId: category!.id,
      title: "주말 양평 라이딩",
      contentHtml: "<p>같이 가실 분</p>",
      isPrivate,
    },
  );
  return id;
}

function call(method: string, path: string, cookie?: string, body?: unknown) {
  return fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      "Accept-Language": "ko",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type ErrorBody = { error: { code: string; message: string } };

describe("interaction endpoints", () => {
  it("ask visitors to sign in, in the page's language, and members to finish their profile", async () => {
    const author = await insertMember(runtime.db);
    const id = await articleBy(author.id);
    const visitor = await call("POST", `/board/articles/${id}/like`);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({
      error: { code: "login_required", message: "로그인이 필요합니다." },
    });
    const english = await call("POST", `/board/articles/${id}/comments?lang=en`, undefined, {
      content: "hi",
    });
    expect(((await english.json()) as ErrorBody).error.message).toBe(
      translate("en", "auth.error.login_required"),
    );

    const incomplete = await signedIn(false);
    const response = await call("POST", `/board/articles/${id}/like`, incomplete.cookie);
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.code).toBe("profile_required");
  });

  it("like once with counts to update the page; a repeat is 409 with the true state", async () => {
    const author = await insertMember(runtime.db);
    const fan = await signedIn();
    const id = await articleBy(author.id);
    const liked = await call("POST", `/board/articles/${id}/like`, fan.cookie);
    expect(liked.status).toBe(200);
    expect(await liked.json()).toEqual({ liked: true, likeCount: 1 });
    const again = await call("POST", `/board/articles/${id}/like`, fan.cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: "already_liked", message: "이미 좋아요를 눌렀습니다." },
      liked: true,
      likeCount: 1,
    });
    expect(await (await call("DELETE", `/board/articles/${id}/like`, fan.cookie)).json()).toEqual({
      liked: false,
      likeCount: 0,
    });

    expect(await (await call("POST", `/board/articles/${id}/keep`, fan.cookie)).json()).toEqual({
      kept: true,
      keepCount: 1,
    });
    const keptAgain = await call("POST", `/board/articles/${id}/keep`, fan.cookie);
    expect(keptAgain.status).toBe(409);
    expect(((await keptAgain.json()) as ErrorBody).error.message).toBe("이미 보관한 글입니다.");
    expect(await (await call("DELETE", `/board/articles/${id}/keep`, fan.cookie)).json()).toEqual({
      kept: false,
      keepCount: 0,
    });
  });

  it("refuse a member's 31st reaction within a minute with a localised 429", async () => {
    const author = await insertMember(runtime.db);
    const fan = await signedIn();
    const id = await articleBy(author.id);
    for (let n = 0; n < 15; n++) {
      expect((await call("POST", `/board/articles/${id}/like`, fan.cookie)).status).toBe(200);
      expect((await call("DELETE", `/board/articles/${id}/like`, fan.cookie)).status).toBe(200);
    }
    const refused = await call("POST", `/board/articles/${id}/like`, fan.cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { code: "too_many", message: "너무 자주 시도했습니다. 잠시 후 다시 시도해 주세요." },
    });
    const english = await call("POST", `/board/articles/${id}/keep?lang=en`, fan.cookie);
    expect(english.status).toBe(429);
    expect(((await english.json()) as ErrorBody).error.message).toBe(
      translate("en", "comment.error.too_many"),
    );
    const [row] = await runtime.db
      .select({ likes: boardArticle.likeCount, keeps: boardArticle.keepCount })
      .from(boardArticle)
      .where(eq(boardArticle.id, id));
    expect(row).toEqual({ likes: 0, keeps: 0 });
  });

  it("write, list and delete comments with localised refusals", async () => {
    const author = await insertMember(runtime.db);
    const writer = await signedIn();
    const stranger = await signedIn();
    const id = await articleBy(author.id);

    const empty = await call("POST", `/board/articles/${id}/comments`, writer.cookie, { content: " " });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ErrorBody).error.message).toBe("댓글을 입력해 주세요.");
    const malformed = await call("POST", `/board/articles/${id}/comments`, writer.cookie, { content: 5 });
    expect(((await malformed.json()) as ErrorBody).error.code).toBe("invalid_request");

    const written = await call("POST", `/board/articles/${id}/comments`, writer.cookie, { content: "저요!" });
    expect(written.status).toBe(201);
    const { comment, commentCount } = (await written.json()) as {
      comment: { id: number; content: string; mine: boolean; author: { nickname: string } };
      commentCount: number;
    };
    expect(comment).toMatchObject({ content: "저요!", mine: true, author: { nickname: writer.nickname } });
    expect(commentCount).toBe(1);
    const reply = await call("POST", `/board/articles/${id}/comments`, stranger.cookie, {
      content: "저도요",
      parentId: comment.id,
    });
    expect(((await reply.json()) as { comment: { parentId: number } }).comment.parentId).toBe(comment.id);

    const list = (await (await call("GET", `/board/articles/${id}/comments`)).json()) as {
      comments: { content: string; replies: unknown[] }[];
    };
    expect(list.comments.map((c) => [c.content, c.replies.length])).toEqual([["저요!", 1]]);

    const refused = await call("DELETE", `/board/comments/${comment.id}`, stranger.cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.message).toBe("작성자만 댓글을 삭제할 수 있습니다.");
    const deleted = await call("DELETE", `/board/comments/${comment.id}`, writer.cookie);
    expect(await deleted.json()).toEqual({ articleId: id, commentCount: 1 });
    expect((await call("DELETE", `/board/comments/abc`, writer.cookie)).status).toBe(404);
    for (const bad of ["2147483648", "1e3", "-1", "0"]) {
      expect((await call("DELETE", `/board/comments/${bad}`, writer.cookie)).status, bad).toBe(404);
      expect((await call("POST", `/board/articles/${bad}/like`, writer.cookie)).status, bad).toBe(404);
    }
  });

  it("store a comment typed with NUL characters without them", async () => {
    const writer = await signedIn();
    const id = await articleBy((await insertMember(runtime.db)).id);
    const written = await call("POST", `/board/articles/${id}/comments`, writer.cookie, {
      content: "저\u0000요",
    });
    expect(written.status).toBe(201);
    expect(((await written.json()) as { comment: { content: string } }).comment.content).toBe("저요");
  });

  it("report once, with a reason", async () => {
    const author = await insertMember(runtime.db);
    const reporter = await signedIn();
    const id = await articleBy(author.id);
    const noReason = await call("POST", `/board/articles/${id}/report`, reporter.cookie, { reason: "" });
    expect(((await noReason.json()) as ErrorBody).error.message).toBe("신고 사유를 입력해 주세요.");
    const reported = await call("POST", `/board/articles/${id}/report`, reporter.cookie, { reason: "광고" });
    expect(reported.status).toBe(201);
    const again = await call("POST", `/board/articles/${id}/report`, reporter.cookie, { reason: "광고" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe("이미 신고했습니다.");
  });

  it("refuse private articles of others and deleted ones", async () => {
    const author = await insertMember(runtime.db);
    const reader = await signedIn();
    const secret = await articleBy(author.id, true);
    const forbidden = await call("POST", `/board/articles/${secret}/comments`, reader.cookie, {
      content: "?",
    });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as ErrorBody).error.message).toBe("이 글을 읽을 권한이 없습니다.");
    expect((await call("GET", `/board/articles/${secret}/comments`)).status).toBe(403);

    const gone = await articleBy(author.id);
    await runtime.db.update(boardArticle).set({ deletedAt: new Date() }).where(eq(boardArticle.id, gone));
    const missing = await call("POST", `/board/articles/${gone}/like`, reader.cookie);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.message).toBe("삭제되었거나 없는 게시글입니다.");
  });
});
