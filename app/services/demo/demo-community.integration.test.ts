import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { announcement, boardArticle, boardComment, boardLike, communityEvent } from "#app/db/schema";
import { boardKinds } from "#app/services/board/kinds";
import { createTestRuntime } from "#tests/setup/runtime";
import { seedDemoCommunity } from "./demo-community.server";
import { seedDemoMembers } from "./demo-members.server";

describe("demo community content", () => {
  it("needs the demo members", async () => {
    const runtime = await createTestRuntime();
    expect(await seedDemoCommunity(runtime)).toBe(0);
  });

  it("fills every board and the guestbook once, marked as demo, with consistent counters", async () => {
    const runtime = await createTestRuntime();
    await seedDemoMembers(runtime);
    const created = await seedDemoCommunity(runtime);
    expect(created).toBeGreaterThan(20);
    expect(await seedDemoCommunity(runtime)).toBe(0);

    const articles = await runtime.db.select().from(boardArticle);
    expect(articles).toHaveLength(created);
    expect(articles.every((a) => a.demo && a.title.startsWith("[데모] ") && !a.isPrivate)).toBe(true);
    const kinds = new Set(articles.map((a) => a.kind));
    for (const kind of [...boardKinds, "guestbook"]) expect(kinds, kind).toContain(kind);

    const gallery = articles.filter((a) => a.kind === "gallery");
    expect(gallery.every((a) => a.thumbnailUrl?.startsWith("/uploads/post/"))).toBe(true);
    expect(articles.some((a) => a.contentHtml.includes('src="https://www.youtube.com/embed/'))).toBe(true);

    for (const article of articles) {
      const [comments] = await runtime.db
        .select({ n: sql<number>`count(*)::int` })
        .from(boardComment)
        .where(eq(boardComment.articleId, article.id));
      const [likes] = await runtime.db
        .select({ n: sql<number>`count(*)::int` })
        .from(boardLike)
        .where(eq(boardLike.articleId, article.id));
      expect(article.commentCount, article.title).toBe(comments!.n);
      expect(article.likeCount, article.title).toBe(likes!.n);
    }
    const replies = await runtime.db
      .select()
      .from(boardComment)
      .where(sql`${boardComment.parentId} is not null`);
    expect(replies.length).toBeGreaterThan(0);
    expect((await runtime.db.select().from(boardComment)).every((c) => c.demo)).toBe(true);

    const notices = await runtime.db.select().from(announcement);
    expect(notices.map((n) => n.tab).sort()).toEqual(["notice", "update"]);
    const events = await runtime.db.select().from(communityEvent);
    const now = runtime.clock.now().getTime();
    expect(events.every((e) => e.demo && e.title.startsWith("[데모] "))).toBe(true);
    expect(events.filter((e) => e.startsAt.getTime() > now)).toHaveLength(1);
    expect(events.filter((e) => e.endsAt.getTime() < now)).toHaveLength(1);
    expect(events.filter((e) => e.startsAt.getTime() <= now && e.endsAt.getTime() > now)).toHaveLength(1);
  });
});
