import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminAudit,
  announcement,
  boardArticle,
  boardCategory,
  communityEvent,
  contentReport,
  faqEntry,
  inquiry,
  transitionLog,
} from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { toSeoulInput } from "#app/platform/seoul-calendar";
import { createArticle } from "#app/services/board/articles.server";
import { addCategory } from "#app/services/board/categories.server";
import { reportArticle } from "#app/services/board/reports.server";
import { claimSubmission } from "#app/services/content/submit-once.server";
import { createAnnouncement } from "#app/services/notice/announcements.server";
import { createEvent } from "#app/services/notice/events.server";
import { createFaqEntry } from "#app/services/notice/faq.server";
import { sendInquiry } from "#app/services/support/inquiry.server";
import {
  callAction,
  callLoader,
  refusedCallers as refusedWithout,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type Outcome,
  type PartialStaff,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as boardAdminPage from "./board";
import * as communityAdminPage from "./community";
import * as inquiryAdminPage from "./inquiry";
import * as reportAdminPage from "./report";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

/** Everyone without the page's permission, with what each is answered: nobody of them changes anything. */
function refusedCallers(...staffWithout: PartialStaff[]): [string, SignedInMember | null, Outcome][] {
  return [
    ...refusedWithout(callers, ...staffWithout),
    ["a member without the first-login profile", callers.firstLogin, "first-login"],
  ];
}

let categories = 0;
async function newCategory() {
  categories += 1;
  return addCategory(runtime.db, runtime.clock, callers.admin.actor, {
    kind: "qna",
    nameKo: `임시${categories}`,
    nameEn: `Temp ${categories}`,
  });
}

/** The audit log's rows about one subject, oldest first. */
function auditRows(kind: string, id: number) {
  return runtime.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectKind, kind), eq(adminAudit.subjectId, String(id))))
    .orderBy(asc(adminAudit.id));
}

const auditOf = (categoryId: number) => auditRows("category", categoryId);

async function category(id: number) {
  const [row] = await runtime.db.select().from(boardCategory).where(eq(boardCategory.id, id));
  return row!;
}

describe("/admin/board (board categories)", () => {
  const post = (as: SignedInMember | null, form: Record<string, string>) =>
    callAction(boardAdminPage.action, { path: "/admin/board", form, as });

  it("renames and deletes for an administrator only (not a moderator or finance)", async () => {
    const { id } = await newCategory();
    for (const [who, as, outcome] of refusedCallers("moderator", "finance")) {
      const rename = await post(as, {
        intent: "rename",
        categoryId: String(id),
        nameKo: "바뀜",
        nameEn: "Changed",
      });
      expect(rename.outcome, who).toBe(outcome);
      const remove = await post(as, { intent: "delete", categoryId: String(id), confirmCount: "0" });
      expect(remove.outcome, who).toBe(outcome);
    }
    expect(await category(id)).toMatchObject({ nameKo: "임시1", deleted: false });
    // The refusals left nothing on record; the creation above is the category's one act so far.
    expect((await auditOf(id)).map((row) => row.action)).toEqual(["board.category.add"]);

    const rename = await post(callers.admin, {
      intent: "rename",
      categoryId: String(id),
      nameKo: "바뀜",
      nameEn: "Changed",
    });
    expect(rename.outcome).toBe("done");
    expect(await category(id)).toMatchObject({ nameKo: "바뀜", nameEn: "Changed" });
    expect(
      (await post(callers.admin, { intent: "delete", categoryId: String(id), confirmCount: "0" })).outcome,
    ).toBe("done");
    expect((await category(id)).deleted).toBe(true);
    // Each act is on record with the administrator and the names before and after.
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: "board.category.add", adminId: callers.admin.id }),
      expect.objectContaining({
        action: "board.category.rename",
        adminId: callers.admin.id,
        before: { nameKo: "임시1", nameEn: expect.any(String) },
        after: { nameKo: "바뀜", nameEn: "Changed" },
      }),
      expect.objectContaining({
        action: "board.category.delete",
        before: expect.objectContaining({ nameKo: "바뀜" }),
        after: { deletedArticles: 0 },
      }),
    ]);
  });

  it("shows the page to an administrator only (404 to a member, a moderator, finance)", async () => {
    const load = (as: SignedInMember | null) =>
      callLoader(boardAdminPage.loader, { path: "/admin/board", as });
    for (const [who, as, outcome] of refusedCallers("moderator", "finance"))
      expect((await load(as)).outcome, who).toBe(outcome);
    expect((await load(callers.admin)).outcome).toBe("done");
  });
});

describe("/admin/community (announcements, FAQ, events)", () => {
  const post = (as: SignedInMember | null, form: Record<string, string>) =>
    callAction(communityAdminPage.action, { path: "/admin/community", form, as });

  async function targets() {
    const { db, clock } = runtime;
    const actor = callers.admin.actor;
    const notice = await createAnnouncement(db, clock, actor, {
      tab: "notice",
      title: "점검 안내",
      contentHtml: "<p>점검합니다</p>",
      pinned: false,
    });
    const faq = await createFaqEntry(db, clock, actor, {
      tab: "service",
      index: 0,
      questionKo: "질문",
      answerKo: "답변",
      questionEn: "Question",
      answerEn: "Answer",
    });
    const start = new Date(clock.now().getTime() + 24 * 60 * 60_000);
    const event = await createEvent(db, clock, actor, {
      title: "봄맞이 점검",
      summary: "무료 점검",
      contentHtml: "<p>무료 점검</p>",
      startsAt: start,
      endsAt: new Date(start.getTime() + 60 * 60_000),
    });
    return { notice: notice.id, faq: faq.id, event: event.id };
  }

  async function state(ids: { notice: number; faq: number; event: number }) {
    const { db } = runtime;
    const [notice] = await db.select().from(announcement).where(eq(announcement.id, ids.notice));
    const [faq] = await db.select().from(faqEntry).where(eq(faqEntry.id, ids.faq));
    const [event] = await db.select().from(communityEvent).where(eq(communityEvent.id, ids.event));
    return {
      noticeTitle: notice!.title,
      noticeDeleted: notice!.deletedAt !== null,
      faqDeleted: faq!.deleted,
      eventDeleted: event!.deletedAt !== null,
    };
  }

  const edit = (id: number) => ({
    intent: "announce.save",
    id: String(id),
    tab: "notice",
    title: "고친 안내",
    content: "<p>고쳤습니다</p>",
  });

  it("edits and deletes for an administrator only (not a moderator or finance)", async () => {
    const ids = await targets();
    for (const [who, as, outcome] of refusedCallers("moderator", "finance")) {
      expect((await post(as, edit(ids.notice))).outcome, who).toBe(outcome);
      expect((await post(as, { intent: "announce.delete", id: String(ids.notice) })).outcome, who).toBe(
        outcome,
      );
      expect((await post(as, { intent: "faq.delete", id: String(ids.faq) })).outcome, who).toBe(outcome);
      expect((await post(as, { intent: "event.delete", id: String(ids.event) })).outcome, who).toBe(outcome);
    }
    expect(await state(ids)).toEqual({
      noticeTitle: "점검 안내",
      noticeDeleted: false,
      faqDeleted: false,
      eventDeleted: false,
    });

    expect((await post(callers.admin, edit(ids.notice))).outcome).toBe("done");
    expect((await post(callers.admin, { intent: "announce.delete", id: String(ids.notice) })).outcome).toBe(
      "done",
    );
    expect((await post(callers.admin, { intent: "faq.delete", id: String(ids.faq) })).outcome).toBe("done");
    expect((await post(callers.admin, { intent: "event.delete", id: String(ids.event) })).outcome).toBe(
      "done",
    );
    expect(await state(ids)).toEqual({
      noticeTitle: "고친 안내",
      noticeDeleted: true,
      faqDeleted: true,
      eventDeleted: true,
    });
    // Every act is on record, with what changed; the refusals above left nothing.
    const acts = async (kind: string, id: number) =>
      (await auditRows(kind, id)).map(({ action, before, after }) => ({ action, before, after }));
    expect(await acts("announcement", ids.notice)).toEqual([
      {
        action: "notice.announcement.create",
        before: null,
        after: { tab: "notice", title: "점검 안내", pinned: false },
      },
      {
        action: "notice.announcement.update",
        before: { tab: "notice", title: "점검 안내", pinned: false },
        after: { tab: "notice", title: "고친 안내", pinned: false },
      },
      {
        action: "notice.announcement.delete",
        before: { tab: "notice", title: "고친 안내", pinned: false },
        after: null,
      },
    ]);
    expect((await acts("faq", ids.faq)).map((act) => act.action)).toEqual([
      "notice.faq.create",
      "notice.faq.delete",
    ]);
    expect(await acts("event", ids.event)).toEqual([
      expect.objectContaining({ action: "notice.event.create" }),
      expect.objectContaining({
        action: "notice.event.delete",
        before: expect.objectContaining({ title: "봄맞이 점검" }),
      }),
    ]);
  });

  /** A new entry's form of each section, as the page renders it: with its one-time token. */
  function newEntryForms(name: string) {
    const start = new Date(runtime.clock.now().getTime() + 24 * 60 * 60_000);
    return {
      announcement: {
        intent: "announce.save",
        token: crypto.randomUUID(),
        tab: "notice",
        title: `${name} 안내`,
        content: `<p>${name}</p>`,
      },
      faq: {
        intent: "faq.save",
        token: crypto.randomUUID(),
        tab: "service",
        index: "0",
        questionKo: `${name} 질문`,
        answerKo: "답변",
        questionEn: "Question",
        answerEn: "Answer",
      },
      event: {
        intent: "event.save",
        token: crypto.randomUUID(),
        title: `${name} 이벤트`,
        summary: "요약",
        content: `<p>${name}</p>`,
        startsAt: toSeoulInput(start),
        endsAt: toSeoulInput(new Date(start.getTime() + 60 * 60_000)),
      },
    };
  }

  /** How many live entries of each section carry `name`. */
  async function savedEntries(name: string) {
    const { db } = runtime;
    const notices = await db
      .select()
      .from(announcement)
      .where(eq(announcement.title, `${name} 안내`));
    const faq = await db
      .select()
      .from(faqEntry)
      .where(eq(faqEntry.questionKo, `${name} 질문`));
    const events = await db
      .select()
      .from(communityEvent)
      .where(eq(communityEvent.title, `${name} 이벤트`));
    return { announcement: notices.length, faq: faq.length, event: events.length };
  }

  it("saves a new announcement, FAQ entry and event for an administrator only", async () => {
    const page = await callLoader(communityAdminPage.loader, { path: "/admin/community", as: callers.admin });
    expect(page.data).toMatchObject({ token: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const forms = newEntryForms("새 항목");
    for (const [who, as, outcome] of refusedCallers("moderator", "finance"))
      for (const form of Object.values(forms)) expect((await post(as, form)).outcome, who).toBe(outcome);
    expect(await savedEntries("새 항목")).toEqual({ announcement: 0, faq: 0, event: 0 });

    for (const form of Object.values(forms))
      expect(await post(callers.admin, form)).toMatchObject({ outcome: "done", flashed: true });
    expect(await savedEntries("새 항목")).toEqual({ announcement: 1, faq: 1, event: 1 });
  });

  it("saves one new entry of each section when the same form is sent twice", async () => {
    for (const form of Object.values(newEntryForms("두 번 누름"))) {
      const [first, second] = await Promise.all([post(callers.admin, form), post(callers.admin, form)]);
      expect([first.outcome, second.outcome], form.intent).toEqual(["done", "done"]);
    }
    expect(await savedEntries("두 번 누름")).toEqual({ announcement: 1, faq: 1, event: 1 });
  });

  it("answers a new entry whose token another process already claimed as saved, saving nothing more", async () => {
    for (const form of Object.values(newEntryForms("다른 곳"))) {
      await claimSubmission(
        runtime.db,
        { memberId: callers.admin.id, token: form.token },
        runtime.clock.now(),
      );
      expect(await post(callers.admin, form), form.intent).toMatchObject({ outcome: "done", flashed: true });
    }
    expect(await savedEntries("다른 곳")).toEqual({ announcement: 0, faq: 0, event: 0 });
  });

  it("refuses a new entry without its form's token, and takes a refused form again once corrected", async () => {
    const { event } = newEntryForms("고친 양식");
    const { token: _token, ...tokenless } = event;
    const expired = await callAction(communityAdminPage.action, {
      path: "/en/admin/community",
      form: tokenless,
      as: callers.admin,
    });
    expect(expired).toMatchObject({
      status: 400,
      data: {
        error: {
          code: "submission_token",
          message: "This form has expired. Reload the page and send it again.",
        },
      },
    });
    expect((await post(callers.admin, tokenless)).data).toMatchObject({
      error: { message: "양식이 만료되었습니다. 페이지를 새로 고친 뒤 다시 보내 주세요." },
    });

    // The period refused keeps the token unspent: the corrected form is saved with it, once.
    const backwards = await post(callers.admin, { ...event, endsAt: event.startsAt });
    expect(backwards).toMatchObject({ status: 400, data: { error: { code: "period_invalid" } } });
    expect((await post(callers.admin, event)).outcome).toBe("done");
    expect((await post(callers.admin, event)).outcome).toBe("done");
    expect(await savedEntries("고친 양식")).toEqual({ announcement: 0, faq: 0, event: 1 });
  });

  it("shows every tab to an administrator only (404 to a member, a moderator, finance)", async () => {
    for (const tab of ["announce", "faq", "event"]) {
      const load = (as: SignedInMember | null) =>
        callLoader(communityAdminPage.loader, { path: `/admin/community?tab=${tab}`, as });
      for (const [who, as, outcome] of refusedCallers("moderator", "finance"))
        expect((await load(as)).outcome, `${tab}: ${who}`).toBe(outcome);
      expect((await load(callers.admin)).outcome, tab).toBe("done");
    }
  });
});

describe("/admin/report (reports)", () => {
  it("shows open reports to staff who moderate content only (404 to finance)", async () => {
    const load = (as: SignedInMember | null) =>
      callLoader(reportAdminPage.loader, { path: "/admin/report", as });
    for (const [who, as, outcome] of refusedCallers("finance"))
      expect((await load(as)).outcome, who).toBe(outcome);
    expect((await load(callers.moderator)).outcome).toBe("done");
    expect((await load(callers.admin)).outcome).toBe("done");
  });

  it("deletes reported content for staff who moderate content only, on record as a moderator", async () => {
    const { db, clock } = runtime;
    const { id: articleId } = await createArticle(db, clock, callers.owner.actor, {
      kind: "guestbook",
      categoryId: null,
      title: "광고 글",
      contentHtml: "<p>광고</p>",
      isPrivate: false,
    });
    await reportArticle(db, clock, callers.other.actor, articleId, "광고입니다");
    const [report] = await db.select().from(contentReport).where(eq(contentReport.targetId, articleId));
    const resolve = (as: SignedInMember | null) =>
      callAction(reportAdminPage.action, {
        path: "/admin/report",
        form: { id: String(report!.id), decision: "delete" },
        as,
      });
    const state = async () => {
      const [row] = await db.select().from(contentReport).where(eq(contentReport.id, report!.id));
      const [article] = await db.select().from(boardArticle).where(eq(boardArticle.id, articleId));
      return { status: row!.status, deleted: article!.deletedAt !== null };
    };

    const logged = async () =>
      db
        .select({ transition: transitionLog.transition, actorId: transitionLog.actorId })
        .from(transitionLog)
        .where(
          and(eq(transitionLog.machine, "content_report"), eq(transitionLog.subjectId, String(report!.id))),
        );

    for (const [who, as, outcome] of refusedCallers("finance"))
      expect((await resolve(as)).outcome, who).toBe(outcome);
    expect(await state()).toEqual({ status: "open", deleted: false });
    expect(await logged()).toEqual([]);
    expect(await auditRows("article", articleId)).toEqual([]);

    expect((await resolve(callers.moderator)).outcome).toBe("done");
    expect(await state()).toEqual({ status: "resolved", deleted: true });
    expect(await logged()).toEqual([{ transition: "resolve", actorId: callers.moderator.id }]);
    // A second press finds the report handled: the machine refuses it and nothing more is logged.
    expect(await resolve(callers.admin)).toMatchObject({ outcome: "invalid", status: 409 });
    expect(await logged()).toHaveLength(1);
    // The deletion is on the audit log once, against the article, with the report's reason and the real role.
    expect(await auditRows("article", articleId)).toEqual([
      expect.objectContaining({
        action: "board.report.decide",
        adminId: callers.moderator.id,
        role: "moderator",
        reason: "광고입니다",
        before: { report: report!.id, status: "open" },
        after: { decision: "delete", closedReports: 1 },
      }),
    ]);
  });
});

describe("/admin/inquiry (1:1 inquiries)", () => {
  it("shows inquiries to staff who moderate content only (404 to finance)", async () => {
    const load = (as: SignedInMember | null) =>
      callLoader(inquiryAdminPage.loader, { path: "/admin/inquiry", as });
    for (const [who, as, outcome] of refusedCallers("finance"))
      expect((await load(as)).outcome, who).toBe(outcome);
    expect((await load(callers.moderator)).outcome).toBe("done");
    expect((await load(callers.admin)).outcome).toBe("done");
  });

  it("answers for staff who moderate content only", async () => {
    const { db, clock } = runtime;
    const id = await sendInquiry(db, clock, callers.owner.id, { title: "포인트 문의", body: "안 보여요" });
    const answer = (as: SignedInMember | null, text: string) =>
      callAction(inquiryAdminPage.action, {
        path: "/admin/inquiry",
        form: { id: String(id), answer: text },
        as,
      });
    const stored = async () => (await db.select().from(inquiry).where(eq(inquiry.id, id)))[0]!.answer;

    for (const [who, as, outcome] of refusedCallers("finance"))
      expect((await answer(as, `${who}의 답변`)).outcome, who).toBe(outcome);
    expect(await stored()).toBeNull();
    expect(await auditRows("inquiry", id)).toEqual([]);

    expect((await answer(callers.moderator, "내 포인트에서 보입니다")).outcome).toBe("done");
    expect(await stored()).toBe("내 포인트에서 보입니다");
    expect(await auditRows("inquiry", id)).toMatchObject([
      {
        action: "support.inquiry.answer",
        adminId: callers.moderator.id,
        role: "moderator",
        before: { answered: false },
        after: { answerLength: 12 },
      },
    ]);
  });
});
