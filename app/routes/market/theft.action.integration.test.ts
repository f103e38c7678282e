import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { articleFrameNumber, boardArticle, notification, theftHold } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { listCategories } from "#app/services/board/articles.server";
import {
  auditActsOn,
  callAction,
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as adminTheftPage from "../admin/theft";
import * as articlePage from "../board/article";
import * as boardWritePage from "../board/write";
import * as listingPage from "./listing";
import * as writePage from "./write";

let runtime: Runtime;
let callers: Callers;
let counter = 0;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

function freshVin(): string {
  counter += 1;
  return `JH2PC40A1YM${String(300_000 + counter).padStart(6, "0")}`;
}

async function listingForm(overrides: Record<string, string> = {}) {
  const [category] = await listCategories(runtime.db, "over125Manual");
  return {
    token: randomUUID(),
    kind: "over125Manual",
    categoryId: String(category!.id),
    title: "CBR600 팝니다",
    content: "<p>정비 이력 있습니다.</p>",
    price: "6500000",
    tradeDirect: "on",
    areaCode: "seoul-mapo",
    modelName: "CBR600RR",
    modelYear: "2019",
    ...overrides,
  };
}

async function theftForm(overrides: Record<string, string> = {}) {
  const [category] = await listCategories(runtime.db, "reportTheft");
  return {
    token: randomUUID(),
    kind: "reportTheft",
    categoryId: String(category!.id),
    title: "CBR600 도난 신고",
    content: "<p>아파트 주차장에서 도난당했습니다.</p>",
    ...overrides,
  };
}

const writeListing = (form: Record<string, string>, as: SignedInMember | null, query = "") =>
  callAction(writePage.action, { path: `/market/write${query}`, form, as });
const writeBoard = (form: Record<string, string>, as: SignedInMember | null, query = "") =>
  callAction(boardWritePage.action, { path: `/board/write${query}`, form, as });
const decide = (form: Record<string, string>, as: SignedInMember | null) =>
  callAction(adminTheftPage.action, { path: "/admin/theft", form, as });

const idOf = (location: string | null) => Number(location!.split("/").pop());

async function tailOf(articleId: number) {
  const [row] = await runtime.db
    .select({ tail: articleFrameNumber.tail })
    .from(articleFrameNumber)
    .where(eq(articleFrameNumber.articleId, articleId));
  return row?.tail ?? null;
}

async function isPrivate(id: number) {
  const [row] = await runtime.db
    .select({ isPrivate: boardArticle.isPrivate })
    .from(boardArticle)
    .where(eq(boardArticle.id, id));
  return row!.isPrivate;
}

describe("a vehicle listing's frame number", () => {
  it("is refused in a wrong format with its own message, the form keeping what was typed", async () => {
    const letters = await writeListing(
      await listingForm({ frameNumber: "JH2PC40I1YM000001" }),
      callers.owner,
    );
    expect(letters.status).toBe(400);
    const data = letters.data as {
      lastResult: { error: Record<string, string[]> };
      values: Record<string, string>;
    };
    expect(data.lastResult.error.frameNumber).toEqual(["theft.error.frame_number_letters"]);
    expect(data.values).toMatchObject({ title: "CBR600 팝니다", frameNumber: "JH2PC40I1YM000001" });
    const invalid = await writeListing(await listingForm({ frameNumber: "12-34" }), callers.owner);
    expect((invalid.data as typeof data).lastResult.error.frameNumber).toEqual([
      "theft.error.frame_number_invalid",
    ]);
  });

  it("sends visitors to sign in, and stores a member's number as a hash and its tail, once for a double submit", async () => {
    const vin = freshVin();
    const form = await listingForm({ frameNumber: vin.toLowerCase() });
    expect((await writeListing(form, null)).outcome).toBe("sign-in");
    const [first, second] = await Promise.all([
      writeListing(form, callers.owner),
      writeListing(form, callers.owner),
    ]);
    expect(first.outcome).toBe("done");
    expect(second.location).toBe(first.location);
    const id = idOf(first.location);
    expect(await tailOf(id)).toBe(vin.slice(-4));

    // The edit form names the tail only; the field starts empty.
    const edit = await callLoader(writePage.loader, { path: `/market/write?id=${id}`, as: callers.owner });
    expect(edit.data).toMatchObject({ frameNumberTail: vin.slice(-4), values: { frameNumber: "" } });
    expect(JSON.stringify(edit.data)).not.toContain(vin.slice(0, 8));
    const page = await callLoader(listingPage.loader, {
      path: `/market/over125Manual/${id}`,
      params: { kind: "over125Manual", boardId: String(id) },
      as: callers.owner,
    });
    expect(page.data).toMatchObject({ state: "found", hold: null });
    expect(JSON.stringify(page.data)).not.toContain(vin.slice(0, 8));
  });

  it("may be replaced by its seller or an acting administrator, not by another member", async () => {
    const vin = freshVin();
    const created = await writeListing(await listingForm({ frameNumber: vin }), callers.other);
    const id = idOf(created.location);
    const replacement = freshVin();
    const form = { ...(await listingForm({ frameNumber: replacement })), id: String(id) };
    expect((await writeListing(form, null, `?id=${id}`)).outcome).toBe("sign-in");
    expect((await writeListing(form, callers.owner, `?id=${id}`)).outcome).toBe("refused");
    expect((await writeListing(form, callers.adminWithoutTwoFactor, `?id=${id}`)).outcome).toBe("two-step");
    expect(await tailOf(id)).toBe(vin.slice(-4));
    expect((await writeListing(form, callers.other, `?id=${id}`)).outcome).toBe("done");
    expect(await tailOf(id)).toBe(replacement.slice(-4));
    // Left empty, the stored number stays.
    const kept = { ...(await listingForm({ title: "가격 내림" })), id: String(id) };
    expect((await writeListing(kept, callers.other, `?id=${id}`)).outcome).toBe("done");
    expect(await tailOf(id)).toBe(replacement.slice(-4));
    const third = freshVin();
    expect((await writeListing({ ...form, frameNumber: third }, callers.admin, `?id=${id}`)).outcome).toBe(
      "done",
    );
    expect(await tailOf(id)).toBe(third.slice(-4));
    expect(await auditActsOn(runtime, "listing", id)).toEqual([
      { action: "market.listing.update", adminId: callers.admin.id, role: "admin" },
    ]);
  });
});

describe("a theft report's frame number", () => {
  it("holds a listing posted later with that number; the reporter is notified and visitors see it unavailable", async () => {
    const vin = freshVin();
    const reported = await writeBoard(await theftForm({ frameNumber: vin }), callers.owner);
    expect(reported.outcome).toBe("done");
    const reportId = idOf(reported.location);
    expect(await tailOf(reportId)).toBe(vin.slice(-4));
    // The report's page shows everybody the number's last four characters, never the number.
    const reportPage = await callLoader(articlePage.loader, {
      path: `/board/reportTheft/${reportId}`,
      params: { kind: "reportTheft", boardId: String(reportId) },
      as: null,
    });
    expect(reportPage.data).toMatchObject({ state: "found", frameNumberTail: vin.slice(-4) });
    expect(JSON.stringify(reportPage.data)).not.toContain(vin.slice(0, 8));

    const posted = await writeListing(await listingForm({ frameNumber: vin }), callers.other);
    const id = idOf(posted.location);
    expect(await isPrivate(id)).toBe(true);
    const alarms = await runtime.db
      .select({ link: notification.link })
      .from(notification)
      .where(and(eq(notification.recipientId, callers.owner.id), eq(notification.type, "theftMatch")));
    expect(alarms).toContainEqual({ link: `/board/reportTheft/${reportId}` });

    const pageAs = (as: SignedInMember | null) =>
      callLoader(listingPage.loader, {
        path: `/market/over125Manual/${id}`,
        params: { kind: "over125Manual", boardId: String(id) },
        as,
      });
    for (const as of [null, callers.owner]) {
      const page = await pageAs(as);
      expect(page.status).toBe(404);
      expect(page.data).toMatchObject({ state: "unavailable" });
    }
    const seller = await pageAs(callers.other);
    expect(seller.data).toMatchObject({ state: "found", hold: { hidden: true, reviewPath: null } });
    expect(JSON.stringify(seller.data)).not.toContain(callers.owner.id);
  });

  it("is written only by signed-in members, refused in a wrong format, and editable by its writer or an administrator", async () => {
    const vin = freshVin();
    expect((await writeBoard(await theftForm({ frameNumber: vin }), null)).outcome).toBe("sign-in");
    const wrong = await writeBoard(await theftForm({ frameNumber: "ABC" }), callers.owner);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      lastResult: { error: { frameNumber: ["theft.error.frame_number_invalid"] } },
      values: { title: "CBR600 도난 신고", frameNumber: "ABC" },
    });

    const listingId = idOf(
      (await writeListing(await listingForm({ frameNumber: vin }), callers.other)).location,
    );
    const reportId = idOf((await writeBoard(await theftForm(), callers.owner)).location);
    expect(await tailOf(reportId)).toBeNull();
    const form = { ...(await theftForm({ frameNumber: vin })), id: String(reportId) };
    expect((await writeBoard(form, callers.other, `?id=${reportId}`)).outcome).toBe("refused");
    expect((await writeBoard(form, callers.adminWithoutTwoFactor, `?id=${reportId}`)).outcome).toBe(
      "two-step",
    );
    expect(await tailOf(reportId)).toBeNull();
    expect(await isPrivate(listingId)).toBe(false);
    // The report's writer adds the number later: the listing already carrying it is held in the same write.
    expect((await writeBoard(form, callers.owner, `?id=${reportId}`)).outcome).toBe("done");
    expect(await tailOf(reportId)).toBe(vin.slice(-4));
    expect(await isPrivate(listingId)).toBe(true);
    const edit = await callLoader(boardWritePage.loader, {
      path: `/board/write?id=${reportId}`,
      as: callers.owner,
    });
    expect(edit.data).toMatchObject({ frameNumberTail: vin.slice(-4) });
    expect(JSON.stringify(edit.data)).not.toContain(vin.slice(0, 8));
    const replacement = freshVin();
    const byAdmin = { ...form, frameNumber: replacement };
    expect((await writeBoard(byAdmin, callers.admin, `?id=${reportId}`)).outcome).toBe("done");
    expect(await tailOf(reportId)).toBe(replacement.slice(-4));
  });
});

describe("the administrator's review of held listings", () => {
  it("is refused to everybody but acting staff who moderate content; release and keep are audited", async () => {
    const vin = freshVin();
    await writeBoard(await theftForm({ frameNumber: vin }), callers.owner);
    const seller = await signUpMember(runtime);
    const id = idOf((await writeListing(await listingForm({ frameNumber: vin }), seller)).location);
    const [hold] = await runtime.db.select().from(theftHold).where(eq(theftHold.listingId, id));

    for (const [as, outcome] of [
      [null, "sign-in"],
      [callers.owner, "not-found"],
      [callers.other, "not-found"],
      [callers.adminWithoutTwoFactor, "two-step"],
      [callers.finance, "not-found"],
    ] as const) {
      expect((await callLoader(adminTheftPage.loader, { path: "/admin/theft", as })).outcome).toBe(outcome);
      expect((await decide({ intent: "release", id: String(hold!.id) }, as)).outcome).toBe(outcome);
    }
    expect(await isPrivate(id)).toBe(true);

    const queue = await callLoader(adminTheftPage.loader, { path: "/admin/theft", as: callers.moderator });
    expect(queue.data).toMatchObject({
      holds: expect.arrayContaining([expect.objectContaining({ id: hold!.id })]),
    });
    expect(JSON.stringify(queue.data)).not.toContain(vin.slice(0, 8));

    const kept = await decide({ intent: "keep", id: String(hold!.id) }, callers.moderator);
    expect(kept).toMatchObject({ outcome: "done", location: "/admin/theft", flashed: true });
    expect(await isPrivate(id)).toBe(true);
    expect((await decide({ intent: "keep", id: String(hold!.id) }, callers.admin)).status).toBe(409);
    expect((await decide({ intent: "erase", id: String(hold!.id) }, callers.admin)).status).toBe(400);
    expect((await decide({ intent: "release", id: "999999" }, callers.admin)).status).toBe(404);
    expect((await decide({ intent: "release", id: String(hold!.id) }, callers.admin)).outcome).toBe("done");
    expect(await isPrivate(id)).toBe(false);
    expect(await auditActsOn(runtime, "listing", id)).toEqual([
      { action: "market.theft_hold.keep", adminId: callers.moderator.id, role: "moderator" },
      { action: "market.theft_hold.release", adminId: callers.admin.id, role: "admin" },
    ]);
  });
});
