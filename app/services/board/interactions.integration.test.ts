import { errorStatus } from "#app/shell/domain.server";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/client.server";
import {
  adminAudit,
  boardArticle,
  boardComment,
  contentReport,
  notification,
  transitionLog,
} from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { setRealtimePublisher } from "#app/platform/publisher.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { blindMember } from "#app/services/members/relations.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { createArticle, listCategories } from "./articles.server";
import {
  addComment,
  COMMENT_RATE,
  COMMENT_REPEAT_MS,
  deleteComment,
  listReceivedComments,
} from "./comments.server";
import { requireReadableArticle } from "./interaction-access.server";
import { loadArticleInteractions } from "./interactions.server";
import { COMMENT_MAX, REPORT_REASON_MAX } from "./kinds";
import {
  keepArticle,
  likeArticle,
  listKeeps,
  REACTION_RATE,
  reactionState,
  unkeepArticle,
  unlikeArticle,
} from "./reactions.server";
import {
  listOpenReports,
  REPORT_RATE,
  reportArticle,
  reportComment,
  reportMember,
  resolveReport,
} from "./reports.server";

let db: Database;
let runtime: Runtime;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));
/** Every write happens a little later than the previous one, so order by time is well defined. */
const tick = () => clock.advance(COMMENT_REPEAT_MS + 1000);

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  ({ db } = runtime);
});

type Member = Awaited<ReturnType<typeof insertMember>>;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) =>
      error instanceof DomainError ? `${errorStatus(error)} ${error.code}` : String(error),
  );

async function article(
  author: Member,
  options: { kind?: string; isPrivate?: boolean; title?: string } = {},
): Promise<number> {
  const kind = options.kind ?? "free";
  const [category] = kind === "guestbook" ? [null] : await listCategories(db, kind);
  tick();
  const { id } = await createArticle(db, clock, author, {
    kind,
    categoryId: category?.id ?? null,
    title: options.title ?? "남해안 일주 후기",
    contentHtml: "<p>바람이 좋았습니다</p>",
    isPrivate: options.isPrivate ?? false,
  });
  return id;
}

async function counts(articleId: number) {
  const [row] = await db
    .select({ c: boardArticle.commentCount, l: boardArticle.likeCount, k: boardArticle.keepCount })
    .from(boardArticle)
    .where(eq(boardArticle.id, articleId));
  return row!;
}

async function notificationsOf(memberId: string) {
  return db
    .select({ type: notification.type, params: notification.params, link: notification.link })
    .from(notification)
    .where(eq(notification.recipientId, memberId))
    .orderBy(notification.id);
}

async function comment(reader: Member, articleId: number, content: string, parentId?: number) {
  tick();
  return (await addComment(db, clock, reader, articleId, { content, parentId })).comment;
}

async function softDelete(articleId: number) {
  await db.update(boardArticle).set({ deletedAt: clock.now() }).where(eq(boardArticle.id, articleId));
}

describe("every action first checks the article", () => {
  it("refuses deleted and missing articles, private ones of others, and the guestbook to visitors", async () => {
    const author = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const gone = await article(author);
    await softDelete(gone);
    const secret = await article(author, { isPrivate: true });
    const guestbook = await article(author, { kind: "guestbook" });

    for (const action of [
      (id: number) => addComment(db, clock, other, id, { content: "안녕하세요" }),
      (id: number) => likeArticle(db, clock, other, id),
      (id: number) => unlikeArticle(db, clock, other, id),
      (id: number) => keepArticle(db, clock, other, id),
      (id: number) => reportArticle(db, clock, other, id, "광고입니다"),
    ]) {
      expect(await failure(action(gone))).toBe("404 not_found");
      expect(await failure(action(999_999))).toBe("404 not_found");
      expect(await failure(action(secret))).toBe("403 forbidden");
    }
    expect(await failure(requireReadableArticle(db, null, guestbook))).toBe("401 login_required");
    expect(await failure(requireReadableArticle(db, null, secret))).toBe("403 forbidden");
    expect(await failure(requireReadableArticle(db, other, guestbook))).toBe("ok");
    // The author and administrators may read (and so comment on) a private article.
    expect(await failure(addComment(db, clock, author, secret, { content: "메모" }))).toBe("ok");
    tick();
    expect(await failure(addComment(db, clock, admin, secret, { content: "확인했습니다" }))).toBe("ok");
  });
});

describe("comments", () => {
  it("need text within the limit", async () => {
    const author = await insertMember(db);
    const reader = await insertMember(db);
    const id = await article(author);
    expect(await failure(addComment(db, clock, reader, id, { content: "  \n " }))).toBe(
      "400 comment_required",
    );
    const long = "가".repeat(COMMENT_MAX + 1);
    expect(await failure(addComment(db, clock, reader, id, { content: long }))).toBe("400 comment_length");
    expect(await failure(addComment(db, clock, reader, id, { content: long.slice(1) }))).toBe("ok");
    expect((await counts(id)).c).toBe(1);
  });

  it("nest one level deep: a reply to a reply joins its top-level comment", async () => {
    const author = await insertMember(db);
    const a = await insertMember(db);
    const b = await insertMember(db);
    const id = await article(author);
    const top = await comment(a, id, "어느 길로 가셨나요?");
    const reply = await comment(author, id, "77번 국도요", top.id);
    const replyToReply = await comment(b, id, "저도 가봐야겠네요", reply.id);
    expect(reply.parentId).toBe(top.id);
    expect(replyToReply.parentId).toBe(top.id);

    const { comments } = await loadArticleInteractions(db, a, id);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.content).toBe("어느 길로 가셨나요?");
    expect(comments[0]!.mine).toBe(true);
    expect(comments[0]!.replies.map((r) => r.content)).toEqual(["77번 국도요", "저도 가봐야겠네요"]);
    expect((await counts(id)).c).toBe(3);

    // A parent on another article, or a deleted one, is not a parent.
    const elsewhere = await article(author);
    expect(await failure(addComment(db, clock, a, elsewhere, { content: "x", parentId: top.id }))).toBe(
      "404 comment_not_found",
    );
  });

  it("are deleted by their author only; a deleted comment with replies stays as 'deleted'", async () => {
    const author = await insertMember(db);
    const a = await insertMember(db);
    const b = await insertMember(db);
    const id = await article(author);
    const top = await comment(a, id, "첫 댓글");
    await comment(b, id, "답글", top.id);
    const lone = await comment(b, id, "혼자인 댓글");
    expect((await counts(id)).c).toBe(3);

    expect(await failure(deleteComment(db, clock, b, top.id))).toBe("403 not_comment_author");
    expect(await failure(deleteComment(db, clock, author, top.id))).toBe("403 not_comment_author");
    expect(await deleteComment(db, clock, a, top.id)).toEqual({ articleId: id, commentCount: 2 });
    expect(await failure(deleteComment(db, clock, a, top.id))).toBe("404 comment_not_found");
    expect(await failure(addComment(db, clock, b, id, { content: "또", parentId: top.id }))).toBe(
      "404 comment_not_found",
    );
    await deleteComment(db, clock, b, lone.id);
    expect((await counts(id)).c).toBe(1);
    const afterAuthors = await db.select().from(adminAudit).where(eq(adminAudit.subjectKind, "comment"));
    expect(afterAuthors.filter((r) => [top.id, lone.id].map(String).includes(r.subjectId))).toEqual([]);

    // An administrator deletes another member's comment, and that act is on record with where it came from.
    const admin = await insertAdmin(db);
    const last = await comment(b, id, "지워질 댓글");
    await deleteComment(db, clock, admin, last.id, { address: "198.51.100.4" });
    expect(
      await db
        .select({ action: adminAudit.action, adminId: adminAudit.adminId, address: adminAudit.address })
        .from(adminAudit)
        .where(and(eq(adminAudit.subjectKind, "comment"), eq(adminAudit.subjectId, String(last.id)))),
    ).toEqual([{ action: "board.comment.delete", adminId: admin.id, address: "198.51.100.4" }]);

    const { comments } = await loadArticleInteractions(db, b, id);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ id: top.id, deleted: true, content: "", mine: false });
    expect(comments[0]!.author.nickname).toBe("");
    expect(comments[0]!.replies.map((r) => r.content)).toEqual(["답글"]);
    const [row] = await db.select().from(boardComment).where(eq(boardComment.id, top.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it("notify the article's author of a comment, and the comment's author of a reply", async () => {
    const author = await insertMember(db);
    const a = await insertMember(db);
    const b = await insertMember(db);
    const id = await article(author, {
      title: "아주 긴 제목이 있는 게시글입니다 알림에서는 잘려서 보여야 합니다",
    });
    const top = await comment(a, id, "좋은 글이네요");
    const fromB = await comment(b, id, "동감합니다", top.id);
    await comment(author, id, "감사합니다", top.id);
    await comment(a, id, "셀프 답글", top.id);

    const toAuthor = await notificationsOf(author.id);
    expect(toAuthor).toEqual([
      {
        type: "comment",
        params: { nickname: a.nickname, title: "아주 긴 제목이 있는 게시글입니다 알림에서는 잘려서 보…" },
        link: `/board/free/${id}#comment-${top.id}`,
      },
      {
        type: "comment",
        params: { nickname: b.nickname, title: expect.any(String) },
        link: `/board/free/${id}#comment-${fromB.id}`,
      },
      {
        type: "comment",
        params: { nickname: a.nickname, title: expect.any(String) },
        link: expect.any(String),
      },
    ]);
    const toA = await notificationsOf(a.id);
    expect(toA.map((n) => [n.type, n.params.nickname])).toEqual([
      ["reply", b.nickname],
      ["reply", author.nickname],
    ]);
    expect(await notificationsOf(b.id)).toEqual([]);
  });

  it("count a double submit of the same text once, and stop a flood", { tags: ["concurrency"] }, async () => {
    const author = await insertMember(db);
    const reader = await insertMember(db);
    const id = await article(author);
    tick();
    const [first, second] = await Promise.all([
      addComment(db, clock, reader, id, { content: "두 번 눌렀어요" }),
      addComment(db, clock, reader, id, { content: "두 번 눌렀어요" }),
    ]);
    expect(second.comment.id).toBe(first.comment.id);
    expect((await counts(id)).c).toBe(1);

    const flooder = await insertMember(db);
    for (let n = 0; n < COMMENT_RATE.limit; n += 1)
      await addComment(db, clock, flooder, id, { content: `도배 ${n}` });
    expect(await failure(addComment(db, clock, flooder, id, { content: "하나 더" }))).toBe("429 too_many");
    clock.advance(COMMENT_RATE.windowMs);
    expect(await failure(addComment(db, clock, flooder, id, { content: "하나 더" }))).toBe("ok");
  });

  it("of hidden members come blinded", async () => {
    const author = await insertMember(db);
    const viewer = await insertMember(db);
    const rude = await insertMember(db);
    const id = await article(author);
    const top = await comment(rude, id, "무례한 댓글");
    await comment(rude, id, "무례한 답글", top.id);
    await blindMember(db, clock, viewer.id, rude.id);
    const { comments } = await loadArticleInteractions(db, viewer, id);
    expect(comments[0]!.blinded).toBe(true);
    expect(comments[0]!.replies[0]!.blinded).toBe(true);
    const forAuthor = await loadArticleInteractions(db, author, id);
    expect(forAuthor.comments[0]!.blinded).toBe(false);
  });
});

describe("likes and keeps", () => {
  it("like once, unlike, and tell the author", async () => {
    const author = await insertMember(db);
    const fan = await insertMember(db);
    const id = await article(author);
    expect(await likeArticle(db, clock, fan, id)).toEqual({ liked: true, likeCount: 1 });
    expect(await failure(likeArticle(db, clock, fan, id))).toBe("409 already_liked");
    expect((await counts(id)).l).toBe(1);
    expect((await loadArticleInteractions(db, fan, id)).liked).toBe(true);
    expect(await reactionState(db, fan, id)).toMatchObject({ liked: true, likeCount: 1 });
    expect(await notificationsOf(author.id)).toEqual([
      {
        type: "like",
        params: { nickname: fan.nickname, title: "남해안 일주 후기" },
        link: `/board/free/${id}`,
      },
    ]);
    expect(await unlikeArticle(db, clock, fan, id)).toEqual({ liked: false, likeCount: 0 });
    expect(await unlikeArticle(db, clock, fan, id)).toEqual({ liked: false, likeCount: 0 });
    expect(await failure(likeArticle(db, clock, author, id))).toBe("403 own_article");
  });

  it("count concurrent likes of different members exactly", { tags: ["concurrency"] }, async () => {
    const author = await insertMember(db);
    const id = await article(author);
    const fans = await Promise.all([1, 2, 3, 4].map(() => insertMember(db)));
    await Promise.all(fans.map((fan) => likeArticle(db, clock, fan, id)));
    expect((await counts(id)).l).toBe(4);
  });

  it("keep once, unkeep, and list kept articles by keep time with their state", async () => {
    const author = await insertMember(db);
    const keeper = await insertMember(db);
    const ids = [await article(author, { title: "하나" }), await article(author, { title: "둘" })];
    const third = await article(author, { title: "셋" });
    const gone = await article(author, { title: "지워질 글" });
    const turnsPrivate = await article(author, { title: "비공개 될 글" });
    for (const id of [...ids, third, gone, turnsPrivate]) {
      tick();
      await keepArticle(db, clock, keeper, id);
    }
    expect(await failure(keepArticle(db, clock, keeper, third))).toBe("409 already_kept");
    expect(await failure(keepArticle(db, clock, author, third))).toBe("403 own_article");
    expect((await counts(third)).k).toBe(1);
    await softDelete(gone);
    await db.update(boardArticle).set({ isPrivate: true }).where(eq(boardArticle.id, turnsPrivate));

    const first = await listKeeps(db, keeper, new Set([author.id]), { limit: 3 });
    expect(first.items.map((item) => item.state)).toEqual(["private", "deleted", "readable"]);
    expect(first.items[2]).toMatchObject({ title: "셋", path: `/board/free/${third}`, blinded: true });
    expect(JSON.stringify(first.items.slice(0, 2))).not.toMatch(/지워질|비공개/);
    const second = await listKeeps(db, keeper, new Set(), { cursor: first.nextCursor, limit: 3 });
    expect(second.items.map((item) => item.state === "readable" && item.title)).toEqual(["둘", "하나"]);
    expect(second.nextCursor).toBeNull();

    // A keep can be removed even after its article was deleted.
    expect(await unkeepArticle(db, keeper, gone)).toEqual({ kept: false, keepCount: 0 });
    expect(await unkeepArticle(db, keeper, third)).toEqual({ kept: false, keepCount: 0 });
    expect((await listKeeps(db, keeper, new Set())).items).toHaveLength(3);
  });
});

describe("reaction limits", () => {
  it("notify a like once per member and article, however often it is taken back and given again", async () => {
    const author = await insertMember(db);
    const fan = await insertMember(db);
    const id = await article(author);
    const pushes: string[] = [];
    setRealtimePublisher({
      toMember: (memberId, event) => pushes.push(`${memberId} ${event}`),
      toMembers: (event) => pushes.push(`* ${event}`),
    });
    try {
      for (let cycle = 1; cycle <= 30; cycle++) {
        await likeArticle(db, clock, fan, id);
        await unlikeArticle(db, clock, fan, id);
        // Each window allows 30 reactions: 15 cycles.
        if (cycle % 15 === 0) clock.advance(REACTION_RATE.windowMs);
      }
    } finally {
      setRealtimePublisher(undefined);
    }
    expect(await notificationsOf(author.id)).toEqual([
      {
        type: "like",
        params: { nickname: fan.nickname, title: "남해안 일주 후기" },
        link: `/board/free/${id}`,
      },
    ]);
    expect(pushes).toEqual([`${author.id} alarm:unread`]);
    // Another member's like is news of its own.
    const second = await insertMember(db);
    await likeArticle(db, clock, second, id);
    expect(await notificationsOf(author.id)).toHaveLength(2);
  });

  it("refuse the 31st like, unlike or keep of a member within a minute, and allow it once the minute is over", async () => {
    const author = await insertMember(db);
    const fan = await insertMember(db);
    const [first, second] = [await article(author), await article(author)];
    clock.advance(REACTION_RATE.windowMs);
    for (let n = 0; n < 10; n++) {
      await likeArticle(db, clock, fan, first);
      await unlikeArticle(db, clock, fan, first);
      await keepArticle(db, clock, fan, second);
      await unkeepArticle(db, fan, second);
    }
    expect(await failure(likeArticle(db, clock, fan, first))).toBe("429 too_many");
    expect(await failure(unlikeArticle(db, clock, fan, first))).toBe("429 too_many");
    expect(await failure(keepArticle(db, clock, fan, second))).toBe("429 too_many");
    // Taking a keep back is never refused; refused reactions changed nothing.
    expect(await unkeepArticle(db, fan, second)).toEqual({ kept: false, keepCount: 0 });
    expect(await counts(first)).toMatchObject({ l: 0, k: 0 });
    // Other members are not limited by this one.
    expect(await likeArticle(db, clock, await insertMember(db), first)).toEqual({
      liked: true,
      likeCount: 1,
    });
    clock.advance(REACTION_RATE.windowMs);
    expect(await likeArticle(db, clock, fan, first)).toEqual({ liked: true, likeCount: 2 });
  });
});

describe("reports", () => {
  it("need a reason of up to 200 characters, once per member, never of one's own content", async () => {
    const author = await insertMember(db);
    const reporter = await insertMember(db);
    const id = await article(author);
    const mine = await comment(reporter, id, "내 댓글");
    const theirs = await comment(author, id, "작성자 댓글");
    expect(await failure(reportArticle(db, clock, reporter, id, "  "))).toBe("400 reason_required");
    const long = "가".repeat(REPORT_REASON_MAX + 1);
    expect(await failure(reportArticle(db, clock, reporter, id, long))).toBe("400 reason_length");
    expect(await failure(reportArticle(db, clock, reporter, id, long.slice(1)))).toBe("ok");
    expect(await failure(reportArticle(db, clock, reporter, id, "또 신고"))).toBe("409 already_reported");
    expect(await failure(reportArticle(db, clock, author, id, "내 글"))).toBe("403 own_content");
    expect(await failure(reportComment(db, clock, reporter, mine.id, "내 댓글"))).toBe("403 own_content");
    expect(await failure(reportComment(db, clock, reporter, theirs.id, "욕설"))).toBe("ok");
    expect(await failure(reportComment(db, clock, reporter, theirs.id, "욕설"))).toBe("409 already_reported");
    expect(await failure(reportComment(db, clock, reporter, 999_999, "욕설"))).toBe("404 comment_not_found");
    const rows = await db.select().from(contentReport).where(eq(contentReport.reporterId, reporter.id));
    expect(rows.map((r) => [r.targetType, r.status])).toEqual([
      ["article", "open"],
      ["comment", "open"],
    ]);
  });

  it("are limited per member", async () => {
    const author = await insertMember(db);
    const reporter = await insertMember(db);
    for (let n = 0; n < REPORT_RATE.limit; n += 1)
      await reportArticle(db, clock, reporter, await article(author), "광고");
    const one = await article(author);
    expect(await failure(reportArticle(db, clock, reporter, one, "광고"))).toBe("429 too_many");
    clock.advance(REPORT_RATE.windowMs);
    expect(await failure(reportArticle(db, clock, reporter, one, "광고"))).toBe("ok");
  });

  it("are handled by administrators with two-step verification: delete or dismiss", async () => {
    const author = await insertMember(db);
    const r1 = await insertMember(db);
    const r2 = await insertMember(db);
    const admin = await insertAdmin(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const id = await article(author, { title: "신고될 글" });
    const bad = await comment(author, id, "나쁜 댓글");
    await comment(r1, id, "평범한 댓글");
    await reportComment(db, clock, r1, bad.id, "욕설");
    await reportComment(db, clock, r2, bad.id, "욕설이에요");
    await reportArticle(db, clock, r1, id, "광고");
    expect((await counts(id)).c).toBe(2);

    expect(await failure(listOpenReports(db, author))).toBe("403 forbidden");
    expect(await failure(listOpenReports(db, adminWithoutTwoFactor))).toBe("403 forbidden");
    const ours = (r: { target: { type: string; id: number | string } }) =>
      r.target.type === "article" ? r.target.id === id : r.target.id === bad.id;
    const open = (await listOpenReports(db, admin)).items.filter(ours);
    expect(open.map((r) => [r.target.type, r.target.preview, r.reporterNickname])).toEqual([
      ["article", "신고될 글", r1.nickname],
      ["comment", "나쁜 댓글", r2.nickname],
      ["comment", "나쁜 댓글", r1.nickname],
    ]);
    expect(open[1]!.target.path).toBe(`/board/free/${id}#comment-${bad.id}`);
    const paged = await listOpenReports(db, admin, { limit: 1 });
    expect(paged.items).toHaveLength(1);
    expect(
      (await listOpenReports(db, admin, { before: paged.nextBefore, limit: 1 })).items[0]!.id,
    ).toBeLessThan(paged.items[0]!.id);

    const commentReport = open[1]!.id;
    expect(await failure(resolveReport(db, clock, adminWithoutTwoFactor, commentReport, "delete"))).toBe(
      "403 forbidden",
    );
    await resolveReport(db, clock, admin, commentReport, "delete");
    expect((await counts(id)).c).toBe(1);
    const statuses = await db
      .select({ status: contentReport.status, handledBy: contentReport.handledBy })
      .from(contentReport)
      .where(and(eq(contentReport.targetType, "comment"), eq(contentReport.targetId, bad.id)));
    expect(statuses).toEqual([
      { status: "resolved", handledBy: admin.id },
      { status: "resolved", handledBy: admin.id },
    ]);
    // Both reports of the comment were closed through the report machine: one log row each, by the administrator.
    const log = await db
      .select({
        subjectId: transitionLog.subjectId,
        fromState: transitionLog.fromState,
        toState: transitionLog.toState,
        transition: transitionLog.transition,
        actorKind: transitionLog.actorKind,
        actorId: transitionLog.actorId,
        createdAt: transitionLog.createdAt,
      })
      .from(transitionLog)
      .where(
        and(
          eq(transitionLog.machine, "content_report"),
          inArray(transitionLog.subjectId, [String(open[1]!.id), String(open[2]!.id)]),
        ),
      )
      .orderBy(transitionLog.id);
    expect(log).toEqual(
      [open[1]!.id, open[2]!.id].map((reportId) => ({
        subjectId: String(reportId),
        fromState: "open",
        toState: "resolved",
        transition: "resolve",
        actorKind: "admin",
        actorId: admin.id,
        createdAt: clock.now(),
      })),
    );
    expect(open.every((r) => r.transitions.join() === "resolve,dismiss")).toBe(true);
    expect(await failure(resolveReport(db, clock, admin, open[2]!.id, "dismiss"))).toBe(
      "409 transition_not_allowed",
    );

    await resolveReport(db, clock, admin, open[0]!.id, "dismiss");
    const [kept] = await db.select().from(boardArticle).where(eq(boardArticle.id, id));
    expect(kept!.deletedAt).toBeNull();
    const stillOpen = (await listOpenReports(db, admin)).items.filter(ours);
    expect(stillOpen).toEqual([]);

    await reportArticle(db, clock, r2, id, "역시 광고");
    const again = (await listOpenReports(db, admin)).items.find(ours)!;
    await resolveReport(db, clock, admin, again.id, "delete");
    const [deleted] = await db.select().from(boardArticle).where(eq(boardArticle.id, id));
    expect(deleted!.deletedAt).not.toBeNull();
  });
});

describe("member reports", () => {
  it("report a member once, with the same reason rules, never oneself or a withdrawn member", async () => {
    const reported = await insertMember(db);
    const reporter = await insertMember(db);
    expect(await failure(reportMember(db, clock, reporter, reporter.id, "나"))).toBe("403 report_self");
    expect(await failure(reportMember(db, clock, reporter, "nobody", "없음"))).toBe("404 user_not_found");
    expect(await failure(reportMember(db, clock, reporter, reported.id, "  "))).toBe("400 reason_required");
    expect(await failure(reportMember(db, clock, reporter, reported.id, "가".repeat(201)))).toBe(
      "400 reason_length",
    );
    expect(await failure(reportMember(db, clock, reporter, reported.id, "사기 거래 시도"))).toBe("ok");
    expect(await failure(reportMember(db, clock, reporter, reported.id, "다시"))).toBe(
      "409 already_reported",
    );
    const rows = await db.select().from(contentReport).where(eq(contentReport.reporterId, reporter.id));
    expect(rows).toMatchObject([
      { targetType: "member", targetId: null, targetMemberId: reported.id, reason: "사기 거래 시도" },
    ]);
  });

  it("are listed for administrators with the member's profile and closed as handled, never deleted", async () => {
    const reported = await insertMember(db);
    const [r1, r2] = [await insertMember(db), await insertMember(db)];
    const admin = await insertAdmin(db);
    await reportMember(db, clock, r1, reported.id, "욕설 쪽지");
    await reportMember(db, clock, r2, reported.id, "도배");
    const ours = (await listOpenReports(db, admin)).items.filter(
      (r) => r.target.type === "member" && r.target.id === reported.id,
    );
    expect(ours.map((r) => [r.reason, r.target.authorNickname, r.target.path, r.target.gone])).toEqual([
      ["도배", reported.nickname, `/profile/${reported.id}`, false],
      ["욕설 쪽지", reported.nickname, `/profile/${reported.id}`, false],
    ]);
    expect(await failure(resolveReport(db, clock, admin, ours[0]!.id, "delete"))).toBe(
      "400 report_target_member",
    );
    await resolveReport(db, clock, admin, ours[0]!.id, "resolve");
    const statuses = await db
      .select({ status: contentReport.status })
      .from(contentReport)
      .where(eq(contentReport.targetMemberId, reported.id));
    expect(statuses).toEqual([{ status: "resolved" }, { status: "resolved" }]);
  });
});

describe("comments received", () => {
  it("lists others' comments on my articles and replies to my comments, newest first, page by page", async () => {
    const me = await insertMember(db);
    const other = await insertMember(db);
    const hidden = await insertMember(db);
    const mine = await article(me, { title: "내 글" });
    const theirs = await article(other, { title: "남의 글" });
    const secret = await article(other, { title: "비공개 예정", isPrivate: false });
    const onMine = await comment(other, mine, "내 글에 댓글");
    await comment(me, mine, "내가 단 댓글");
    const myComment = await comment(me, theirs, "남의 글에 내 댓글");
    const reply = await comment(hidden, theirs, "내 댓글에 답글", myComment.id);
    await comment(other, theirs, "상관없는 댓글");
    const mySecretComment = await comment(me, secret, "곧 못 보게 될 글");
    await comment(other, secret, "못 보는 답글", mySecretComment.id);
    await db.update(boardArticle).set({ isPrivate: true }).where(eq(boardArticle.id, secret));

    const first = await listReceivedComments(db, me, new Set([hidden.id]), { limit: 1 });
    expect(first.items).toEqual([
      expect.objectContaining({
        id: reply.id,
        type: "reply",
        content: "내 댓글에 답글",
        blinded: true,
        article: {
          id: theirs,
          kind: "free",
          title: "남의 글",
          path: `/board/free/${theirs}#comment-${reply.id}`,
        },
      }),
    ]);
    const second = await listReceivedComments(db, me, new Set(), { cursor: first.nextCursor, limit: 1 });
    expect(second.items.map((item) => [item.id, item.type, item.blinded])).toEqual([
      [onMine.id, "comment", false],
    ]);
    expect(second.nextCursor).toBeNull();
    // For the other author, a reply under their article is a comment received too.
    expect((await listReceivedComments(db, other, new Set())).items.map((i) => [i.content, i.type])).toEqual([
      ["곧 못 보게 될 글", "comment"],
      ["내 댓글에 답글", "comment"],
      ["남의 글에 내 댓글", "comment"],
    ]);
  });
});

describe("live pushes", () => {
  it("never fail a saved comment or like: the push error is logged and the notification kept", async () => {
    const author = await insertMember(db);
    const reader = await insertMember(db);
    const id = await article(author);
    const logger = { error: vi.fn() };
    setRuntime({ ...runtime, logger } as unknown as Runtime);
    setRealtimePublisher({
      toMember: () => {
        throw new Error("socket adapter down");
      },
      toMembers: () => undefined,
    });
    try {
      const written = await comment(reader, id, "푸시가 실패해도 저장됩니다");
      expect(written.content).toBe("푸시가 실패해도 저장됩니다");
      expect((await likeArticle(db, clock, reader, id)).liked).toBe(true);
    } finally {
      setRealtimePublisher(undefined);
      setRuntime(undefined);
    }
    expect((await notificationsOf(author.id)).map((n) => n.type)).toEqual(["comment", "like"]);
    expect(await counts(id)).toMatchObject({ c: 1, l: 1 });
    expect(logger.error).toHaveBeenCalledTimes(2);
  });
});
