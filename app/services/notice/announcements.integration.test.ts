import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { member, notification } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import {
  ANNOUNCEMENT_PAGE_SIZE,
  announcementsForAdmin,
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from "./announcements.server";

const clock = new FixedClock(new Date("2026-05-01T00:00:00Z"));
let runtime: Runtime;
let admin: TestMember;
let adminWithoutTwoFactor: TestMember;

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  admin = await insertAdmin(runtime.db);
  adminWithoutTwoFactor = await insertMember(runtime.db, { role: "admin" });
});

async function problem(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

const post = (title: string, extra: Partial<{ tab: string; pinned: boolean }> = {}) => ({
  tab: "notice",
  title,
  contentHtml: `<p>${title}</p><img src="x" onerror="alert(1)">`,
  pinned: false,
  ...extra,
});

describe("announcements", () => {
  it("are written, changed and deleted by administrators with two-step verification only", async () => {
    const { db } = runtime;
    const rider = await insertMember(db, { twoFactorEnabled: true });
    expect(await problem(createAnnouncement(db, clock, rider, post("공지")))).toBe("forbidden");
    expect(await problem(createAnnouncement(db, clock, adminWithoutTwoFactor, post("공지")))).toBe(
      "forbidden",
    );
    expect(await problem(createAnnouncement(db, clock, admin, post("공지", { tab: "market" })))).toBe(
      "tab_invalid",
    );
    expect(await problem(createAnnouncement(db, clock, admin, post(" ")))).toBe("title_required");
    expect(
      await problem(
        createAnnouncement(db, clock, admin, { ...post("빈 공지"), contentHtml: "<script></script>" }),
      ),
    ).toBe("content_required");

    const { id, tab } = await createAnnouncement(db, clock, admin, post("서버 점검 안내"));
    expect(tab).toBe("notice");
    const stored = await getAnnouncement(db, id);
    expect(stored).toMatchObject({ title: "서버 점검 안내", tab: "notice" });
    expect(stored!.contentHtml).not.toContain("onerror");

    expect(await problem(updateAnnouncement(db, clock, rider, id, post("바뀜")))).toBe("forbidden");
    await updateAnnouncement(db, clock, admin, id, post("서버 점검 일정 변경", { tab: "update" }));
    expect(await getAnnouncement(db, id)).toMatchObject({ title: "서버 점검 일정 변경", tab: "update" });

    expect(await problem(deleteAnnouncement(db, clock, rider, id))).toBe("forbidden");
    expect(await problem(announcementsForAdmin(db, rider))).toBe("forbidden");
    await deleteAnnouncement(db, clock, admin, id);
    expect(await getAnnouncement(db, id)).toBeNull();
    expect(await getAnnouncement(db, 987_654)).toBeNull();
    expect(await problem(updateAnnouncement(db, clock, admin, id, post("다시")))).toBe(
      "announcement_not_found",
    );
  });

  it("notify every active member, not withdrawn or unfinished accounts, nor the author", async () => {
    const { db } = runtime;
    const active = await insertMember(db);
    const withdrawn = await insertMember(db);
    await db.update(member).set({ withdrawnAt: clock.now() }).where(eq(member.id, withdrawn.id));
    const unfinished = await insertMember(db);
    await db.update(member).set({ onboarding: "profile_saved" }).where(eq(member.id, unfinished.id));

    const { id } = await createAnnouncement(db, clock, admin, post("새 기능 안내", { tab: "update" }));
    const rows = await db
      .select()
      .from(notification)
      .where(eq(notification.link, `/announce/update/${id}`));
    const recipients = rows.map((row) => row.recipientId);
    expect(recipients).toContain(active.id);
    expect(recipients).not.toContain(withdrawn.id);
    expect(recipients).not.toContain(unfinished.id);
    expect(recipients).not.toContain(admin.id);
    expect(rows[0]).toMatchObject({ type: "announcement", params: { title: "새 기능 안내" } });
  });

  it("are listed per tab, pinned first and then newest first, a page at a time", async () => {
    const { db } = runtime;
    const ids: number[] = [];
    for (let n = 1; n <= ANNOUNCEMENT_PAGE_SIZE + 2; n++) {
      clock.advance(60_000);
      ids.push(
        (
          await createAnnouncement(
            db,
            clock,
            admin,
            post(`이벤트 소식 ${n}`, { tab: "event", pinned: n === 1 }),
          )
        ).id,
      );
    }
    const first = await listAnnouncements(db, { tab: "event" });
    expect(first.hasNext).toBe(true);
    expect(first.items).toHaveLength(ANNOUNCEMENT_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({ id: ids[0], pinned: true });
    expect(first.items[1]!.id).toBe(ids.at(-1));
    const second = await listAnnouncements(db, { tab: "event", page: 2 });
    expect(second.hasNext).toBe(false);
    expect(second.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect((await listAnnouncements(db, { tab: "notice" })).items).toEqual([]);
  });
});
