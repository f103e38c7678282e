import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { boardArticle } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { listCategories } from "#app/services/board/articles.server";
import { makeOffer, withdrawOffer } from "#app/services/market/offers.server";
import { paceRules } from "#app/services/pace/pace.server";
import {
  callAction,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import { insertListing } from "#tests/setup/market";
import * as listingPage from "./listing";
import * as writePage from "./write";

let runtime: Runtime;
let callers: Callers;
const clock = new FixedClock(new Date("2026-05-11T01:00:00Z"));

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
});

async function writeForm(title: string) {
  const [category] = await listCategories(runtime.db, "gear");
  return {
    token: randomUUID(),
    kind: "gear",
    categoryId: String(category!.id),
    title,
    content: "<p>한 번 쓴 헬멧입니다.</p>",
    price: "90000",
    tradeDirect: "on",
    areaCode: "seoul-mapo",
  };
}

const write = async (title: string, as: SignedInMember | null, language: "ko" | "en" = "ko") =>
  callAction(writePage.action, {
    path: language === "en" ? "/en/market/write" : "/market/write",
    form: await writeForm(title),
    as,
  });

const offer = (id: number, as: SignedInMember | null, language: "ko" | "en" = "ko") =>
  callAction(listingPage.action, {
    path: `${language === "en" ? "/en" : ""}/market/gear/${id}`,
    params: { kind: "gear", boardId: String(id) },
    form: { intent: "offer", price: "80000", message: "오늘 직거래 가능할까요?" },
    as,
  });

const listingsOf = (who: SignedInMember) =>
  runtime.db.select().from(boardArticle).where(eq(boardArticle.authorId, who.id));

describe("the pace of market actions, through the pages' forms", () => {
  it("refuses a listing past the hour's pace with a localised message and the form as typed", async () => {
    const seller = await signUpMember(runtime);
    for (let n = 0; n < paceRules.listing.limit; n += 1)
      expect((await write(`헬멧 ${n}`, seller)).outcome).toBe("done");
    const refused = await write("헬멧 하나 더", seller);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      error: {
        code: "too_many_listings",
        message: "매물은 1시간에 10개까지 올릴 수 있습니다. 60분 뒤에 다시 시도해 주세요.",
      },
      values: { title: "헬멧 하나 더", price: "90000", areaCode: "seoul-mapo" },
    });
    clock.advance(15 * 60_000);
    const english = await write("One more helmet", seller, "en");
    expect(english.status).toBe(429);
    expect(english.data).toMatchObject({
      error: { message: "You can post up to 10 listings an hour. Try again in 45 minutes." },
      values: { title: "One more helmet" },
    });
    expect(await listingsOf(seller)).toHaveLength(paceRules.listing.limit);
    // The pace is the member's own: others write, visitors are sent to sign in.
    expect((await write("다른 회원의 헬멧", callers.other)).outcome).toBe("done");
    expect((await write("방문자의 헬멧", null)).outcome).toBe("sign-in");
    // An hour after the first, the seller may write again.
    clock.advance(45 * 60_000);
    expect((await write("한 시간 뒤의 헬멧", seller)).outcome).toBe("done");
  });

  it("refuses a price offer past the hour's pace with a localised message and the offer as typed", async () => {
    const id = await insertListing(runtime.db, clock, callers.owner.actor, "gear", { price: 100_000 });
    const buyer = await signUpMember(runtime);
    for (let n = 0; n < paceRules.offer.limit; n += 1) {
      const made = await makeOffer(runtime.db, clock, buyer.actor, id, { price: 70_000, message: "" });
      await withdrawOffer(runtime.db, clock, buyer.actor, made.id);
    }
    const refused = await offer(id, buyer);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      error: {
        code: "too_many_offers",
        message: "가격 제안은 1시간에 20번까지 할 수 있습니다. 60분 뒤에 다시 시도해 주세요.",
      },
      values: { price: "80000", message: "오늘 직거래 가능할까요?" },
    });
    const english = await offer(id, buyer, "en");
    expect(english.data).toMatchObject({
      error: { message: "You can make up to 20 price offers an hour. Try again in 60 minutes." },
      values: { price: "80000" },
    });
    expect((await offer(id, callers.other)).data).toEqual({ done: "offered" });
    expect((await offer(id, null)).outcome).toBe("sign-in");
  });
});
