import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blind, boardArticle } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import {
  auditActsOn,
  callAction,
  callLoader,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as boardArticlePage from "./article";
import * as guestbookArticlePage from "./guestbook/article";
import * as guestbookWritePage from "./guestbook/write";
import * as boardWritePage from "./write";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

async function post(
  author: SignedInMember,
  kind: "free" | "guestbook",
  options: { isPrivate?: boolean } = {},
) {
  const [category] = kind === "guestbook" ? [] : await listCategories(runtime.db, kind);
  const { id } = await createArticle(runtime.db, runtime.clock, author.actor, {
    kind,
    categoryId: category?.id ?? null,
    title: "주말 양평 라이딩",
    contentHtml: "<p>같이 가실 분</p>",
    isPrivate: options.isPrivate ?? false,
  });
  return id;
}

async function stored(id: number) {
  const [row] = await runtime.db.select().from(boardArticle).where(eq(boardArticle.id, id));
  return row!;
}

const deleteOnBoardPath = (id: number, as: SignedInMember | null) =>
  callAction(boardArticlePage.action, {
    path: `/board/free/${id}`,
    params: { kind: "free", boardId: String(id) },
    form: { intent: "delete" },
    as,
  });

const deleteOnGuestbookPath = (id: number, as: SignedInMember | null) =>
  callAction(guestbookArticlePage.action, {
    path: `/board/guestbook/${id}`,
    params: { boardId: String(id) },
    form: { intent: "delete" },
    as,
  });

describe("deleting a post from its page", () => {
  it("refuses an administrator without two-step verification: others' public, private and guestbook posts stay", async () => {
    const { owner, adminWithoutTwoFactor } = callers;
    const targets = [
      await post(owner, "free"),
      await post(owner, "free", { isPrivate: true }),
      await post(owner, "guestbook"),
    ];
    for (const id of targets) {
      const answer = await deleteOnBoardPath(id, adminWithoutTwoFactor);
      expect(answer.outcome).toBe("two-step");
      expect((await stored(id)).deletedAt).toBeNull();
    }
    const guestbook = targets[2]!;
    expect((await deleteOnGuestbookPath(guestbook, adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await stored(guestbook)).deletedAt).toBeNull();
  });

  it("lets the author delete, refuses another member, and sends visitors to sign in (board path)", async () => {
    const { owner, other, firstLogin } = callers;
    const id = await post(owner, "free");

    const visitor = await deleteOnBoardPath(id, null);
    expect(visitor.outcome).toBe("sign-in");
    expect(visitor.location).toBe(`/login?redirectTo=${encodeURIComponent(`/board/free/${id}`)}`);
    expect((await deleteOnBoardPath(id, firstLogin)).outcome).toBe("first-login");
    expect((await deleteOnBoardPath(id, other)).outcome).toBe("refused");
    expect((await stored(id)).deletedAt).toBeNull();

    expect((await deleteOnBoardPath(id, owner)).outcome).toBe("done");
    expect((await stored(id)).deletedAt).not.toBeNull();
  });

  it("lets the author delete, refuses another member, and sends visitors to sign in (guestbook path)", async () => {
    const { owner, other, firstLogin } = callers;
    const id = await post(owner, "guestbook");

    expect((await deleteOnGuestbookPath(id, null)).outcome).toBe("sign-in");
    expect((await deleteOnGuestbookPath(id, firstLogin)).outcome).toBe("first-login");
    expect((await deleteOnGuestbookPath(id, other)).outcome).toBe("refused");
    expect((await stored(id)).deletedAt).toBeNull();

    expect((await deleteOnGuestbookPath(id, owner)).outcome).toBe("done");
    expect((await stored(id)).deletedAt).not.toBeNull();
  });

  it("lets staff who moderate content delete another member's private post, and not finance", async () => {
    const id = await post(callers.owner, "free", { isPrivate: true });
    expect((await deleteOnBoardPath(id, callers.finance)).outcome).toBe("refused");
    expect((await stored(id)).deletedAt).toBeNull();
    expect((await deleteOnBoardPath(id, callers.moderator)).outcome).toBe("done");
    expect((await stored(id)).deletedAt).not.toBeNull();
    const another = await post(callers.owner, "free", { isPrivate: true });
    expect((await deleteOnBoardPath(another, callers.admin)).outcome).toBe("done");
    // Each deletion of another member's post is on record with who did it and in which role; the author's own is not.
    expect(await auditActsOn(runtime, "article", id)).toEqual([
      { action: "board.article.delete", adminId: callers.moderator.id, role: "moderator" },
    ]);
    expect(await auditActsOn(runtime, "article", another)).toEqual([
      { action: "board.article.delete", adminId: callers.admin.id, role: "admin" },
    ]);
    const own = await post(callers.owner, "free");
    expect((await deleteOnBoardPath(own, callers.owner)).outcome).toBe("done");
    expect(await auditActsOn(runtime, "article", own)).toEqual([]);
  });

  it("answers 404 for a post that is already gone, and changes nothing", async () => {
    const id = await post(callers.owner, "free");
    await deleteOnBoardPath(id, callers.owner);
    const before = (await stored(id)).deletedAt;
    expect((await deleteOnBoardPath(id, callers.owner)).outcome).toBe("not-found");
    expect((await stored(id)).deletedAt).toEqual(before);
  });

  it("still shows the board post page to visitors", async () => {
    const id = await post(callers.owner, "free");
    const answer = await callLoader(boardArticlePage.loader, {
      path: `/board/free/${id}`,
      params: { kind: "free", boardId: String(id) },
      as: null,
    });
    expect(answer.outcome).toBe("done");
    expect(answer.data).toMatchObject({ state: "found", article: { id, canManage: false } });
  });
});

describe("hiding a post's author from its page", () => {
  const hidden = async (by: SignedInMember) =>
    runtime.db
      .select({ activated: blind.activated })
      .from(blind)
      .where(and(eq(blind.userId, by.id), eq(blind.blindUserId, callers.owner.id)));

  it("hides for a signed-in member only, and only for that member", async () => {
    const { owner, other, adminWithoutTwoFactor } = callers;
    const id = await post(owner, "free");
    const hide = (as: SignedInMember | null) =>
      callAction(boardArticlePage.action, {
        path: `/board/free/${id}`,
        params: { kind: "free", boardId: String(id) },
        form: { intent: "blind", userId: owner.id },
        as,
      });
    expect((await hide(null)).outcome).toBe("sign-in");
    expect((await hide(adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect(await hidden(adminWithoutTwoFactor)).toEqual([]);

    expect((await hide(other)).outcome).toBe("done");
    expect(await hidden(other)).toEqual([{ activated: true }]);
    expect((await hide(owner)).outcome).toBe("refused");
  });
});

describe("editing a post on the write pages", () => {
  async function editOnBoard(id: number, as: SignedInMember | null, title: string) {
    const [category] = await listCategories(runtime.db, "free");
    return callAction(boardWritePage.action, {
      path: "/board/write",
      form: {
        id: String(id),
        kind: "free",
        categoryId: String(category!.id),
        title,
        content: "<p>고친 본문</p>",
        token: crypto.randomUUID(),
      },
      as,
    });
  }

  const editOnGuestbook = (id: number, as: SignedInMember | null, title: string) =>
    callAction(guestbookWritePage.action, {
      path: "/board/guestbook/write",
      form: { id: String(id), title, content: "<p>고친 방명록</p>", token: crypto.randomUUID() },
      as,
    });

  for (const [page, kind, edit] of [
    ["/board/write", "free", editOnBoard],
    ["/board/guestbook/write", "guestbook", editOnGuestbook],
  ] as const) {
    it(`${page}: the author and an acting administrator edit; nobody else changes a word`, async () => {
      const { owner, other, adminWithoutTwoFactor, admin, firstLogin } = callers;
      const id = await post(owner, kind);

      expect((await edit(id, null, "방문자")).outcome).toBe("sign-in");
      expect((await edit(id, firstLogin, "가입 중")).outcome).toBe("first-login");
      expect((await edit(id, adminWithoutTwoFactor, "관리자")).outcome).toBe("two-step");
      expect((await edit(id, other, "남의 글")).outcome).toBe("refused");
      expect((await stored(id)).title).toBe("주말 양평 라이딩");

      expect((await edit(id, owner, "작성자가 고침")).outcome).toBe("done");
      expect((await stored(id)).title).toBe("작성자가 고침");
      expect((await edit(id, admin, "운영자가 고침")).outcome).toBe("done");
      expect((await stored(id)).title).toBe("운영자가 고침");
      expect(await auditActsOn(runtime, "article", id)).toEqual([
        { action: "board.article.update", adminId: admin.id, role: "admin" },
      ]);
    });
  }

  it("opens another member's post for editing to nobody but an acting administrator", async () => {
    const { owner, other, admin } = callers;
    const id = await post(owner, "free", { isPrivate: true });
    const open = (as: SignedInMember) =>
      callLoader(boardWritePage.loader, { path: `/board/write?id=${id}`, as });
    expect((await open(other)).outcome).toBe("refused");
    expect((await open(owner)).outcome).toBe("done");
    expect((await open(admin)).outcome).toBe("done");
  });
});
