import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { boardArticle, marketListing, marketOffer } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { listCategories } from "#app/services/board/articles.server";
import { addComment } from "#app/services/board/comments.server";
import { makeOffer } from "#app/services/market/offers.server";
import { sellListing } from "#app/services/market/trade.server";
import {
  auditActsOn,
  callAction,
  callLoader,
  signUpCallers,
  type Callers,
  type SignedInMember,
  startRouteRuntime,
} from "#tests/setup/route-actions";
import { insertListing } from "#tests/setup/market";
import * as listingPage from "./listing";
import * as listPage from "./list";
import * as writePage from "./write";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

const listing = (
  seller: SignedInMember,
  kind: Parameters<typeof insertListing>[3] = "gear",
  price = 120_000,
) => insertListing(runtime.db, runtime.clock, seller.actor, kind, { price });

async function stored(id: number) {
  const [row] = await runtime.db.select().from(marketListing).where(eq(marketListing.articleId, id));
  return row!;
}

const act = (id: number, kind: string, form: Record<string, string | string[]>, as: SignedInMember | null) =>
  callAction(listingPage.action, {
    path: `/market/${kind}/${id}`,
    params: { kind, boardId: String(id) },
    form,
    as,
  });

async function writeForm(kind: string, overrides: Record<string, string | string[]> = {}) {
  const [category] = await listCategories(runtime.db, kind);
  const vehicle = kind.endsWith("Manual") || kind.endsWith("Scooter");
  return {
    token: randomUUID(),
    kind,
    categoryId: String(category!.id),
    title: "포르자 350 팝니다",
    content: "<p>관리 잘 된 차량입니다.</p>",
    price: "5200000",
    negotiable: "on",
    tradeDirect: "on",
    areaCode: "seoul-mapo",
    ...(vehicle
      ? { modelName: "포르자 350", modelYear: "2022", mileageKm: "8000", displacementCc: "330" }
      : {}),
    ...overrides,
  };
}

const write = (form: Record<string, string | string[]>, as: SignedInMember | null, query = "") =>
  callAction(writePage.action, { path: `/market/write${query}`, form, as });

describe("writing a listing", () => {
  it("sends visitors to sign in, and saves a member's listing once for a double submit", async () => {
    const form = await writeForm("gear");
    expect((await write(form, null)).outcome).toBe("sign-in");
    const [first, second] = await Promise.all([write(form, callers.owner), write(form, callers.owner)]);
    expect(first.outcome).toBe("done");
    expect(first.location).toMatch(/^\/market\/gear\/\d+$/);
    expect(second.location).toBe(first.location);
    const rows = await runtime.db
      .select()
      .from(boardArticle)
      .where(eq(boardArticle.authorId, callers.owner.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses a fourth vehicle sale listing with the rule's message, keeping what was typed", async () => {
    const seller = callers.other;
    for (let n = 0; n < 3; n++)
      expect((await write(await writeForm("over125Scooter"), seller)).outcome).toBe("done");
    const fourth = await write(await writeForm("over125Scooter", { title: "네 번째 매물" }), seller);
    expect(fourth.status).toBe(409);
    expect(fourth.data).toMatchObject({
      error: { code: "listing_limit" },
      values: { title: "네 번째 매물", modelName: "포르자 350" },
    });
  });

  it("answers a form its schema refuses with each field's message and the typed values", async () => {
    const answer = await write(
      await writeForm("under125Scooter", { price: "1e3", displacementCc: "300", modelName: "" }),
      callers.owner,
    );
    expect(answer.status).toBe(400);
    const data = answer.data as {
      lastResult: { error: Record<string, string[]> };
      values: Record<string, string>;
    };
    expect(data.lastResult.error.price).toEqual(["marketError.price_invalid"]);
    expect(data.lastResult.error.modelName).toEqual(["marketError.model_required"]);
    expect(data.values.price).toBe("1e3");
  });

  it("lets only the seller or an acting administrator edit", async () => {
    const id = await listing(callers.owner);
    const form = { ...(await writeForm("gear", { title: "가격 내림", price: "90000" })), id: String(id) };
    expect((await write(form, callers.other, `?id=${id}`)).outcome).toBe("refused");
    expect((await write(form, callers.adminWithoutTwoFactor, `?id=${id}`)).outcome).toBe("two-step");
    expect((await stored(id)).price).toBe(120_000);
    expect((await write(form, callers.admin, `?id=${id}`)).outcome).toBe("done");
    expect((await stored(id)).price).toBe(90_000);
    expect(await auditActsOn(runtime, "listing", id)).toEqual([
      { action: "market.listing.update", adminId: callers.admin.id, role: "admin" },
    ]);
    const edit = await callLoader(writePage.loader, { path: `/market/write?id=${id}`, as: callers.other });
    expect(edit.outcome).toBe("refused");
  });
});

describe("a listing's page", () => {
  it("is shown to visitors; a deleted one answers 404 with its state, a moved one redirects", async () => {
    const id = await listing(callers.owner, "parts");
    const page = await callLoader(listingPage.loader, {
      path: `/market/parts/${id}`,
      params: { kind: "parts", boardId: String(id) },
      as: null,
    });
    expect(page.data).toMatchObject({ state: "found", listing: { id, canManage: false } });
    const moved = await callLoader(listingPage.loader, {
      path: `/market/gear/${id}`,
      params: { kind: "gear", boardId: String(id) },
      as: null,
    });
    expect(moved.location).toBe(`/market/parts/${id}`);
    await act(id, "parts", { intent: "delete" }, callers.owner);
    const gone = await callLoader(listingPage.loader, {
      path: `/market/parts/${id}`,
      params: { kind: "parts", boardId: String(id) },
      as: null,
    });
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ state: "missing" });
    const unknown = await callLoader(listPage.loader, {
      path: "/market/cars",
      params: { kind: "cars" },
      as: null,
    });
    expect(unknown.outcome).toBe("not-found");
  });

  it("is deleted by its seller or staff who moderate content only", async () => {
    const id = await listing(callers.owner);
    expect((await act(id, "gear", { intent: "delete" }, null)).outcome).toBe("sign-in");
    expect((await act(id, "gear", { intent: "delete" }, callers.other)).outcome).toBe("refused");
    expect((await act(id, "gear", { intent: "delete" }, callers.adminWithoutTwoFactor)).outcome).toBe(
      "two-step",
    );
    expect((await act(id, "gear", { intent: "delete" }, callers.finance)).outcome).toBe("refused");
    expect((await stored(id)).deletedAt).toBeNull();
    const deleted = await act(id, "gear", { intent: "delete" }, callers.moderator);
    expect(deleted.outcome).toBe("done");
    expect(deleted.flashed).toBe(true);
    expect((await stored(id)).deletedAt).not.toBeNull();
    expect(await auditActsOn(runtime, "listing", id)).toEqual([
      { action: "market.listing.delete", adminId: callers.moderator.id, role: "moderator" },
    ]);
  });

  it("is bumped by its seller only, and once per 24 hours", async () => {
    const id = await listing(callers.owner);
    const bump = (as: SignedInMember | null) => act(id, "gear", { intent: "bump" }, as);
    expect((await bump(null)).outcome).toBe("sign-in");
    expect((await bump(callers.other)).outcome).toBe("refused");
    expect((await bump(callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    const early = await bump(callers.owner);
    expect(early.status).toBe(429);
    expect(early.data).toMatchObject({ error: { code: "bump_too_soon" } });
    await runtime.db
      .update(marketListing)
      .set({ bumpedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(marketListing.articleId, id));
    expect((await bump(callers.owner)).data).toEqual({ done: "bumped" });
    expect((await stored(id)).bumpCount).toBe(1);
  });

  it("takes price offers from other members and lets only the seller accept one", async () => {
    const id = await listing(callers.owner);
    const offer = (as: SignedInMember | null, price = "100000") =>
      act(id, "gear", { intent: "offer", price, message: "직거래 가능할까요?" }, as);
    expect((await offer(null)).outcome).toBe("sign-in");
    expect((await offer(callers.owner)).outcome).toBe("refused");
    expect((await offer(callers.other, "130000")).data).toMatchObject({
      error: { code: "offer_above_price" },
      values: { price: "130000" },
    });
    expect((await offer(callers.other)).data).toEqual({ done: "offered" });
    const [made] = await runtime.db.select().from(marketOffer).where(eq(marketOffer.articleId, id));
    const accept = (as: SignedInMember | null) =>
      act(id, "gear", { intent: "accept", offerId: String(made!.id) }, as);
    expect((await accept(callers.other)).outcome).toBe("refused");
    expect((await accept(callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await accept(callers.owner)).data).toEqual({ done: "accepted" });
    expect(await stored(id)).toMatchObject({ status: "reserved", buyerId: callers.other.id });
  });

  it("answers an unknown intent and a malformed field with a localised 400, changing nothing", async () => {
    const id = await listing(callers.owner);
    for (const intent of ["", "publish"]) {
      const unknown = await act(id, "gear", { intent }, callers.owner);
      expect(unknown.status).toBe(400);
      expect(unknown.data).toMatchObject({
        error: { code: "invalid_access", message: "잘못된 접근입니다." },
      });
    }
    const price = await act(id, "gear", { intent: "offer", price: "1e5", message: "" }, callers.other);
    expect(price.status).toBe(400);
    expect(price.data).toMatchObject({
      error: { code: "invalid_form", message: "제안 가격을 1원 이상 숫자로 입력해 주세요." },
    });
    const verdict = await act(
      id,
      "gear",
      { intent: "review", verdict: "great", points: "kind" },
      callers.owner,
    );
    expect(verdict.data).toMatchObject({
      error: { code: "invalid_form", message: "매너 항목을 하나 이상 골라 주세요." },
    });
    const offerId = await act(id, "gear", { intent: "accept", offerId: "1.5" }, callers.owner);
    expect(offerId.status).toBe(400);
    expect(offerId.data).toMatchObject({ error: { code: "invalid_form", message: "잘못된 접근입니다." } });
    expect(await runtime.db.select().from(marketOffer).where(eq(marketOffer.articleId, id))).toEqual([]);
    expect(await stored(id)).toMatchObject({ status: "selling", buyerId: null });
  });

  it("marks a listing sold to a member who commented, who confirms it before either side reviews, once each", async () => {
    const id = await listing(callers.owner);
    await addComment(runtime.db, runtime.clock, callers.other.actor, id, { content: "아직 판매하시나요?" });
    const sell = (as: SignedInMember | null, buyerId = callers.other.id) =>
      act(id, "gear", { intent: "sell", buyerId }, as);
    expect((await sell(callers.other)).outcome).toBe("refused");
    expect((await sell(callers.owner, callers.admin.id)).data).toMatchObject({
      error: { code: "buyer_invalid" },
    });
    expect((await sell(callers.owner)).data).toEqual({ done: "sold" });
    const review = (as: SignedInMember | null) =>
      act(
        id,
        "gear",
        { intent: "review", verdict: "good", points: ["kind", "punctual"], comment: "감사합니다" },
        as,
      );
    const early = await review(callers.owner);
    expect(early.status).toBe(409);
    expect(early.data).toMatchObject({ error: { code: "review_unconfirmed" } });
    const confirm = (as: SignedInMember | null) => act(id, "gear", { intent: "confirmPurchase" }, as);
    expect((await confirm(null)).outcome).toBe("sign-in");
    expect((await confirm(callers.owner)).data).toMatchObject({ error: { code: "purchase_not_buyer" } });
    expect((await confirm(callers.owner)).outcome).toBe("refused");
    expect((await confirm(callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await confirm(callers.admin)).outcome).toBe("refused");
    expect((await stored(id)).buyerConfirmedAt).toBeNull();
    expect((await confirm(callers.other)).data).toEqual({ done: "confirmed" });
    expect((await stored(id)).buyerConfirmedAt).not.toBeNull();
    expect((await review(null)).outcome).toBe("sign-in");
    expect((await review(callers.admin)).outcome).toBe("refused");
    expect((await review(callers.owner)).data).toEqual({ done: "reviewed" });
    expect((await review(callers.owner)).data).toMatchObject({ error: { code: "review_exists" } });
    expect((await review(callers.other)).data).toEqual({ done: "reviewed" });
  });

  it("lists a kind for visitors with its filters, sold ones hidden unless asked for", async () => {
    const seller = callers.owner;
    const cheap = await listing(seller, "deliveryGear", 10_000);
    const dear = await listing(seller, "deliveryGear", 900_000);
    await addComment(runtime.db, runtime.clock, callers.other.actor, cheap, { content: "살게요" });
    await sellListing(runtime.db, runtime.clock, seller.actor, cheap, callers.other.id);
    await makeOffer(runtime.db, runtime.clock, callers.other.actor, dear, { price: 800_000, message: "" });
    const rowsOf = async (query: string) => {
      const page = await callLoader(listPage.loader, {
        path: `/market/deliveryGear${query}`,
        params: { kind: "deliveryGear" },
        as: null,
      });
      return (page.data as { page: { rows: Array<{ id: number; area: unknown }> } }).page.rows;
    };
    expect((await rowsOf("?max=500000")).map((row) => row.id)).toEqual([]);
    const withSold = await rowsOf("?max=500000&all=1");
    expect(withSold.map((row) => row.id)).toEqual([cheap]);
    expect(withSold[0]!.area).toEqual({ ko: "서울 영등포구", en: "Yeongdeungpo-gu, Seoul" });
    expect((await rowsOf("?f=1&min=500000")).map((row) => row.id)).toEqual([dear]);
    // A district named by the address is offered by its names, never as a raw code.
    const byArea = await callLoader(listPage.loader, {
      path: "/market/deliveryGear?area=seoul-mapo",
      params: { kind: "deliveryGear" },
      as: null,
    });
    expect((byArea.data as { areas: unknown[] }).areas).toEqual([
      { code: "seoul-mapo", names: { ko: "서울 마포구", en: "Mapo-gu, Seoul" } },
    ]);
  });
});
