import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { announcement } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import { attachUploads } from "#app/services/uploads/ownership.server";
import { validateArticleHtml } from "#app/services/content/article-html.server";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { requirePermission } from "#app/services/permissions";
import { noticeError, noticeRefused, requiredText } from "./access.server";
import { notifyAll } from "#app/services/notifications/notify.server";
import { ANNOUNCEMENT_TITLE_MAX, isAnnouncementTab, type AnnouncementTab } from "./tabs";

export const ANNOUNCEMENT_PAGE_SIZE = 15;

export interface AnnouncementInput {
  tab: string;
  title: string;
  /** The editor's HTML; sanitised here before it is stored. */
  contentHtml: string;
  pinned: boolean;
}

export interface AnnouncementListItem {
  id: number;
  tab: AnnouncementTab;
  title: string;
  pinned: boolean;
  createdAt: Date;
}

export interface AnnouncementView extends AnnouncementListItem {
  contentHtml: string;
  updatedAt: Date;
}

/** The Korean-locale path of an announcement. */
const announcementPath = (tab: string, id: number) => `/announce/${tab}/${id}`;

async function checkedInput(input: AnnouncementInput) {
  if (!isAnnouncementTab(input.tab)) throw noticeError("tab_invalid");
  const title = requiredText(input.title, ANNOUNCEMENT_TITLE_MAX, {
    required: "title_required",
    length: "title_length",
  });
  return {
    tab: input.tab,
    title,
    content: await validateArticleHtml(input.contentHtml),
    pinned: input.pinned,
  };
}

const listColumns = {
  id: announcement.id,
  tab: announcement.tab,
  title: announcement.title,
  pinned: announcement.pinned,
  createdAt: announcement.createdAt,
};

/**
 * One page of a tab: pinned announcements first, then newest first. Announcements are few (administrators write
 * them), so numbered pages are fine here; one row more than a page tells whether a next page exists.
 */
export async function listAnnouncements(
  db: Database,
  options: { tab: AnnouncementTab; page?: number },
): Promise<{ items: AnnouncementListItem[]; page: number; hasNext: boolean }> {
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const rows = await db
    .select(listColumns)
    .from(announcement)
    .where(and(eq(announcement.tab, options.tab), isNull(announcement.deletedAt)))
    .orderBy(desc(announcement.pinned), desc(announcement.createdAt), desc(announcement.id))
    .limit(ANNOUNCEMENT_PAGE_SIZE + 1)
    .offset((page - 1) * ANNOUNCEMENT_PAGE_SIZE);
  return {
    items: rows.slice(0, ANNOUNCEMENT_PAGE_SIZE) as AnnouncementListItem[],
    page,
    hasNext: rows.length > ANNOUNCEMENT_PAGE_SIZE,
  };
}

/** A live announcement, or null when it never existed or was deleted. */
export async function getAnnouncement(db: Database, id: number): Promise<AnnouncementView | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select({ ...listColumns, contentHtml: announcement.contentHtml, updatedAt: announcement.updatedAt })
    .from(announcement)
    .where(and(eq(announcement.id, id), isNull(announcement.deletedAt)));
  return (row as AnnouncementView | undefined) ?? null;
}

/**
 * Publishes an announcement and tells every active member about it, in one unit of work: the notifications commit
 * with the announcement, and open pages are asked to refresh only after that.
 */
export async function createAnnouncement(
  source: DatabaseOrUnit,
  clock: Clock,
  actor: Actor,
  input: AnnouncementInput,
  from?: ActingFrom,
): Promise<{ id: number; tab: AnnouncementTab }> {
  requirePermission(actor, "manage:site", noticeRefused);
  const checked = await checkedInput(input);
  return runInTransaction(source, clock, async (uow) => {
    const { tx, now } = uow;
    const [row] = await tx
      .insert(announcement)
      .values({
        tab: checked.tab,
        title: checked.title,
        contentHtml: checked.content.html,
        contentText: checked.content.text,
        pinned: checked.pinned,
        authorId: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: announcement.id });
    const id = row!.id;
    await attachUploads(uow, actor.id, checked.content.images, `announcement:${id}`);
    await notifyAll(uow, {
      type: "announcement",
      actorId: actor.id,
      params: { title: checked.title },
      link: announcementPath(checked.tab, id),
    });
    await recordAdminAct(
      uow,
      actor,
      {
        action: "notice.announcement.create",
        subject: { kind: "announcement", id },
        after: { tab: checked.tab, title: checked.title, pinned: checked.pinned },
      },
      from,
    );
    return { id, tab: checked.tab };
  });
}

/** Changes a live announcement (members are not notified again). */
export async function updateAnnouncement(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  input: AnnouncementInput,
  from?: ActingFrom,
): Promise<{ id: number; tab: AnnouncementTab }> {
  requirePermission(actor, "manage:site", noticeRefused);
  const checked = await checkedInput(input);
  await runInTransaction(db, clock, async (uow) => {
    const before = await announcementSummary(uow.tx, id);
    if (!before) throw noticeError("announcement_not_found");
    await uow.tx
      .update(announcement)
      .set({
        tab: checked.tab,
        title: checked.title,
        contentHtml: checked.content.html,
        contentText: checked.content.text,
        pinned: checked.pinned,
        updatedAt: uow.now,
      })
      .where(eq(announcement.id, id));
    await attachUploads(uow, actor.id, checked.content.images, `announcement:${id}`);
    await recordAdminAct(
      uow,
      actor,
      {
        action: "notice.announcement.update",
        subject: { kind: "announcement", id },
        before,
        after: { tab: checked.tab, title: checked.title, pinned: checked.pinned },
      },
      from,
    );
  });
  return { id, tab: checked.tab };
}

/** Deletes an announcement; the row stays so its address can say it was deleted. */
export async function deleteAnnouncement(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  from?: ActingFrom,
) {
  requirePermission(actor, "manage:site", noticeRefused);
  await runInTransaction(db, clock, async (uow) => {
    const before = await announcementSummary(uow.tx, id);
    if (!before) throw noticeError("announcement_not_found");
    await uow.tx.update(announcement).set({ deletedAt: uow.now }).where(eq(announcement.id, id));
    await recordAdminAct(
      uow,
      actor,
      { action: "notice.announcement.delete", subject: { kind: "announcement", id }, before },
      from,
    );
  });
}

/** A live announcement locked for a change, as the audit log keeps it (tab, title, pin); null when there is none. */
async function announcementSummary(tx: Database, id: number) {
  const [row] = await tx
    .select({ tab: announcement.tab, title: announcement.title, pinned: announcement.pinned })
    .from(announcement)
    .where(and(eq(announcement.id, id), isNull(announcement.deletedAt)))
    .for("update");
  return row ?? null;
}

/** Every live announcement with its content, for the administrators' page. */
export async function announcementsForAdmin(db: Database, actor: Actor): Promise<AnnouncementView[]> {
  requirePermission(actor, "manage:site", noticeRefused);
  const rows = await db
    .select({ ...listColumns, contentHtml: announcement.contentHtml, updatedAt: announcement.updatedAt })
    .from(announcement)
    .where(isNull(announcement.deletedAt))
    .orderBy(desc(announcement.createdAt), desc(announcement.id))
    .limit(200);
  return rows as AnnouncementView[];
}
