import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inquiry } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import {
  callAction,
  callLoader,
  callWithRequest,
  signUpCallers,
  startRouteRuntime,
  type Callers,
} from "#tests/setup/route-actions";
import * as adminCommunityPage from "./admin/community";
import * as adminReportPage from "./admin/report";
import * as announcementPage from "./announce/article";
import * as boardArticlePage from "./board/article";
import * as guestbookArticlePage from "./board/guestbook/article";
import * as boardWritePage from "./board/write";
import * as eventPage from "./event/detail";
import * as alarmPage from "./my/alarm";
import * as keepPage from "./my/keep";
import * as pointPage from "./point";
import * as recentSearchPage from "./search/index";
import * as inquiryPage from "./setting/inquiry";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

/** Ids a link could carry that no row can have: beyond PostgreSQL's integer, signed, fractions, exponents. */
const impossibleIds = ["2147483648", "99999999999999999999", "1e3", "1.5", "-1", "0", "Infinity", "abc"];

describe("ids in addresses", () => {
  it("name no post, announcement or event when no row could have them: 404, never a failed query", async () => {
    for (const id of impossibleIds) {
      const article = await callLoader(boardArticlePage.loader, {
        path: `/board/free/${id}`,
        params: { kind: "free", boardId: id },
        as: callers.owner,
      });
      expect([id, article.outcome, article.data]).toMatchObject([id, "not-found", { state: "missing" }]);
      const guestbook = await callLoader(guestbookArticlePage.loader, {
        path: `/board/guestbook/${id}`,
        params: { boardId: id },
        as: callers.owner,
      });
      expect([id, guestbook.outcome]).toEqual([id, "not-found"]);
      const announcement = await callLoader(announcementPage.loader, {
        path: `/announce/notice/${id}`,
        params: { tab: "notice", boardId: id },
        as: null,
      });
      expect([id, announcement.outcome]).toEqual([id, "not-found"]);
      const event = await callLoader(eventPage.loader, { path: `/event/${id}`, params: { id }, as: null });
      expect([id, event.outcome]).toEqual([id, "not-found"]);
    }
  });

  it("delete nothing and fail nothing when an action names an impossible id", async () => {
    for (const id of impossibleIds) {
      const deleted = await callAction(boardArticlePage.action, {
        path: `/board/free/${id}`,
        params: { kind: "free", boardId: id },
        form: { intent: "delete" },
        as: callers.admin,
      });
      expect([id, deleted.outcome]).toEqual([id, "not-found"]);
      const unkept = await callAction(keepPage.action, {
        path: "/my/keep",
        form: { articleId: id },
        as: callers.owner,
      });
      expect([id, unkept.outcome]).toEqual([id, "done"]);
      const removed = await callAction(recentSearchPage.action, {
        path: "/search",
        form: { id },
        as: callers.owner,
      });
      expect([id, removed.outcome]).toEqual([id, "done"]);
      const read = await callAction(alarmPage.action, {
        path: "/my/alarm",
        form: { intent: "read", id },
        as: callers.owner,
      });
      expect([id, read.status < 500]).toEqual([id, true]);
    }
  });
});

describe("cursors and ids in queries", () => {
  it("show the first page when a cursor or an id in the query could name no row", async () => {
    for (const value of [...impossibleIds, "2020-01-01", "%00"]) {
      const query = `?before=${encodeURIComponent(value)}`;
      const answers = [
        await callLoader(pointPage.loader, { path: `/point${query}`, as: callers.owner }),
        await callLoader(alarmPage.loader, { path: `/my/alarm${query}`, as: callers.owner }),
        await callLoader(adminReportPage.loader, { path: `/admin/report${query}`, as: callers.admin }),
        await callLoader(adminCommunityPage.loader, {
          path: `/admin/community?tab=announce&edit=${encodeURIComponent(value)}`,
          as: callers.admin,
        }),
      ];
      expect([value, answers.map((answer) => answer.outcome)]).toEqual([
        value,
        ["done", "done", "done", "done"],
      ]);
    }
    const editing = await callLoader(boardWritePage.loader, {
      path: "/board/write?id=2147483648",
      as: callers.owner,
    });
    expect(editing.status).toBeLessThan(500);
  });
});

describe("form bodies", () => {
  const post = (body: BodyInit, type: string) =>
    new Request("http://localhost:3999/setting/inquiry", {
      method: "POST",
      headers: { Cookie: callers.owner.cookie, "Content-Type": type },
      body,
    });

  it("answer a body that cannot be read as a form with 400", async () => {
    for (const [body, type] of [
      ["--x\r\nbroken", "multipart/form-data"],
      ["--x\r\nbroken", "multipart/form-data; boundary=zz"],
      [
        '--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end',
        "multipart/form-data; boundary=zz",
      ],
    ] as const) {
      const answer = await callWithRequest(inquiryPage.action, post(body, type));
      expect([type, answer.status]).toEqual([type, 400]);
    }
  });

  it("store text typed with NUL characters without them", async () => {
    const body = new URLSearchParams({ token: randomUUID(), title: "포인트\u0000 문의", body: "내\u0000용" });
    const answer = await callWithRequest(
      inquiryPage.action,
      post(body.toString(), "application/x-www-form-urlencoded"),
    );
    expect(answer.outcome).toBe("done");
    const rows = await runtime.db.select().from(inquiry).where(eq(inquiry.userId, callers.owner.id));
    expect(rows.map((row) => [row.title, row.body])).toEqual([["포인트 문의", "내용"]]);
  });
});
