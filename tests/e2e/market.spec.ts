import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { phoneJpeg } from "../../app/services/uploads/test-images";
import { expect, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { ownServerTest } from "./support/own-server";
import { signedInMember } from "./support/seed";

/** Another member, signed in in a browser context of their own (their own address behind the local proxy). */
async function memberPage(browser: Browser, address: string, label: string) {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  const nickname = uniqueNickname(label);
  await signedInMember(page, { nickname });
  return { page, nickname };
}

async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.get("/test/clock");
  expect(response.ok()).toBe(true);
  return new Date(((await response.json()) as { now: string }).now);
}

interface VehicleListing {
  kind: string;
  title: string;
  model: string;
  displacement: string;
  photo?: boolean;
}

/** Fills the write form for a vehicle sale (the member's first area) and submits it. */
async function fillVehicleListing(page: Page, listing: VehicleListing) {
  await page.goto(`/market/write?kind=${listing.kind}`);
  await expect(page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  await page.getByLabel("분류").selectOption({ label: "개인 판매" });
  await page.getByRole("textbox", { name: "제목", exact: true }).fill(listing.title);
  await page.getByLabel("가격(원)").fill("5200000");
  await page.getByLabel("가격 제안 받기").check();
  await page.getByLabel("거래 지역").selectOption({ index: 1 });
  await page.getByLabel("모델명").fill(listing.model);
  await page.getByLabel("연식").fill("2022");
  await page.getByLabel("주행거리(km)").fill("8000");
  await page.getByLabel("배기량(cc)").fill(listing.displacement);
  await page.getByLabel("등록증").check();
  const content = page.getByRole("textbox", { name: "설명" });
  await content.click();
  await page.keyboard.type("실내 보관, 정기 점검 기록 있습니다.");
  if (listing.photo) {
    await page.getByLabel("올릴 이미지").setInputFiles({
      name: "forza.jpg",
      mimeType: "image/jpeg",
      buffer: await phoneJpeg(),
    });
    await expect(page.getByText("이미지를 넣었습니다.")).toBeVisible();
  }
  await page.getByRole("button", { name: "등록" }).click();
}

// The bump needs the server's clock to move a day, which moves it for everyone: a server of its own.
ownServerTest(
  "a rider sells a motorcycle: vehicle limit, offers, reservation, sale, manner reviews, keyword alert and bump",
  async ({ page, browser, request, visit }) => {
    test.slow();
    await signedInMember(page, { nickname: uniqueNickname("seller") });
    const buyer = await memberPage(browser, "198.51.100.231", "buyer");
    const other = await memberPage(browser, "198.51.100.232", "other");

    // The other member saves a keyword before anything matching is posted.
    await other.page.goto("/my/market?tab=keywords");
    await other.page.getByLabel("키워드", { exact: true }).fill("슈퍼커브");
    await other.page.getByRole("button", { name: "키워드 저장" }).click();
    await expect(other.page.getByRole("status").filter({ hasText: "키워드를 저장했습니다." })).toBeVisible();
    await expect(other.page.getByRole("list", { name: "키워드 알림" })).toContainText("슈퍼커브");

    // A motorcycle with a photo and its vehicle information.
    await fillVehicleListing(page, {
      kind: "over125Scooter",
      title: "포르자 350 22년식 팝니다",
      model: "혼다 포르자 350",
      displacement: "330",
      photo: true,
    });
    await expect(page).toHaveURL(/\/market\/over125Scooter\/\d+$/);
    const listingPath = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1, name: "포르자 350 22년식 팝니다" })).toBeVisible();
    await expect(page.locator("[data-status]").first()).toHaveText("판매중");
    await expect(page.getByRole("region", { name: "본문" }).locator("img")).toHaveAttribute(
      "src",
      /^\/uploads\/post\//,
    );
    await expect(page.getByText("8,000km")).toBeVisible();
    await expect(page.getByText("혼다 포르자 350")).toBeVisible();
    await visit(listingPath);

    // Two more vehicle sales fill the limit; a fourth is refused, with what was typed kept.
    await fillVehicleListing(page, {
      kind: "under125Manual",
      title: "CT125 팝니다",
      model: "CT125",
      displacement: "125",
    });
    await expect(page).toHaveURL(/\/market\/under125Manual\/\d+$/);
    await fillVehicleListing(page, {
      kind: "under125Scooter",
      title: "PCX 팝니다",
      model: "PCX 125",
      displacement: "125",
    });
    await expect(page).toHaveURL(/\/market\/under125Scooter\/\d+$/);
    await fillVehicleListing(page, {
      kind: "under125Scooter",
      title: "넷째 매물",
      model: "NMAX",
      displacement: "125",
    });
    await expect(page.getByRole("alert").filter({ hasText: "최대 3건" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "제목", exact: true })).toHaveValue("넷째 매물");
    await expect(page.getByLabel("모델명")).toHaveValue("NMAX");

    // Two members offer a price; only the seller sees the offers.
    for (const [who, price] of [
      [buyer, "4800000"],
      [other, "4500000"],
    ] as const) {
      await who.page.goto(listingPath);
      await who.page.getByLabel("제안 가격(원)").fill(price);
      await who.page.getByRole("button", { name: "제안 보내기" }).click();
      await expect(who.page.getByRole("status").filter({ hasText: "가격을 제안했습니다." })).toBeVisible();
      await expect(who.page.getByRole("region", { name: "받은 가격 제안" })).toHaveCount(0);
    }

    // The seller accepts the buyer's offer: reserved for them, the other offer declined and its maker told.
    await page.goto(listingPath);
    const offers = page.getByRole("region", { name: "받은 가격 제안" });
    const buyerOffer = offers.getByRole("listitem").filter({ hasText: buyer.nickname });
    await buyerOffer.getByRole("button", { name: "수락" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "제안을 수락해 예약중으로 바꿨습니다." }),
    ).toBeVisible();
    await expect(page.locator("header [data-status]")).toHaveText("예약중");
    await expect(offers.getByRole("listitem").filter({ hasText: other.nickname })).toContainText("거절됨");
    await other.page.goto("/my/alarm");
    await expect(other.page.getByText(/제안한 4,500,000원이 거절되었습니다/)).toBeVisible();

    // Sold to that buyer, after a confirmation.
    await page.getByLabel("거래할 회원").selectOption({ label: buyer.nickname });
    await page.getByRole("button", { name: "판매완료로 바꾸기" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "판매완료로 바꾸기" }).click();
    await expect(page.getByRole("status").filter({ hasText: "판매완료로 바꿨습니다." })).toBeVisible();
    await expect(page.locator("header [data-status]")).toHaveText("판매완료");

    // Both leave a manner review; each shows only once both have written.
    await page.getByLabel("시간 약속을 잘 지켜요").check();
    await page.getByLabel("후기(선택, 200자 이내)").fill("친절한 구매자였습니다.");
    await page.getByRole("button", { name: "후기 남기기" }).click();
    await expect(page.getByRole("status").filter({ hasText: "거래 후기를 남겼습니다." })).toBeVisible();
    await expect(page.getByText(/서로의 후기가 공개됩니다/)).toBeVisible();
    await buyer.page.goto(listingPath);
    await expect(buyer.page.getByText("상대방이 남긴 후기")).toHaveCount(0);
    await buyer.page.getByLabel("설명과 같은 물건이에요").check();
    await buyer.page.getByRole("button", { name: "후기 남기기" }).click();
    await expect(buyer.page.getByRole("status").filter({ hasText: "거래 후기를 남겼습니다." })).toBeVisible();
    await expect(buyer.page.getByText("상대방이 남긴 후기")).toBeVisible();
    await expect(buyer.page.getByText("친절한 구매자였습니다.")).toBeVisible();
    await page.reload();
    await expect(page.getByText("상대방이 남긴 후기")).toBeVisible();

    // The sale freed a place: a new listing matching the other member's keyword alerts them, once.
    await fillVehicleListing(page, {
      kind: "under125Manual",
      title: "슈퍼커브 110 팝니다",
      model: "슈퍼커브 110",
      displacement: "109",
    });
    await expect(page).toHaveURL(/\/market\/under125Manual\/\d+$/);
    const cubPath = new URL(page.url()).pathname;
    await expect
      .poll(
        async () => {
          await other.page.goto("/my/alarm");
          return other.page.getByText("키워드 '슈퍼커브'에 맞는 새 매물: 슈퍼커브 110 팝니다").count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // A bump waits 24 hours from the listing's creation, then works once.
    const bump = page.getByRole("button", { name: "끌어올리기" });
    await expect(bump).toBeDisabled();
    await expect(page.getByText(/부터 다시 끌어올릴 수 있어요/)).toBeVisible();
    const now = await serverNow(request);
    const moved = await request.post("/test/clock", {
      data: { at: new Date(now.getTime() + 24 * 60 * 60 * 1000 + 60_000).toISOString() },
    });
    expect(moved.status()).toBe(200);
    await page.goto(cubPath);
    await bump.click();
    await expect(page.getByRole("status").filter({ hasText: "매물을 끌어올렸습니다." })).toBeVisible();
    await expect(bump).toBeDisabled();

    // The market in my pages and in the integrated search.
    await visit("/my/article?tab=marketPosts");
    await expect(page.getByRole("link", { name: "슈퍼커브 110 팝니다" })).toBeVisible();
    await visit("/my/market");
    await expect(page.getByRole("link", { name: "슈퍼커브 110 팝니다" })).toBeVisible();
    await visit(`/search/result?q=${encodeURIComponent("포르자")}`);
    await expect(page.getByRole("link", { name: "포르자 350 22년식 팝니다" })).toBeVisible();
    await visit(`/market/total?q=${encodeURIComponent("커브")}`);
    await expect(page.getByRole("link", { name: "슈퍼커브 110 팝니다" })).toBeVisible();
  },
);

test("the market's lists and pages are open to visitors, in both languages and themes", async ({
  page,
  context,
  visit,
}) => {
  await visit("/market/total");
  await expect(page.getByRole("heading", { level: 1, name: /중고거래/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "거래 카테고리" })).toBeVisible();
  // A demo listing's page, in the dark theme too.
  const first = page.getByRole("list", { name: "매물 목록" }).getByRole("link").first();
  const title = await first.textContent();
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: title! })).toBeVisible();
  await context.addCookies([{ name: "theme", value: "dark", url: "http://localhost" }]);
  await visit(new URL(page.url()).pathname);
  await visit("/market/total?all=1");
  await visit("/en/market/gear");
  await expect(page.getByRole("heading", { level: 1, name: /Market/ })).toBeVisible();
  const missing = await page.goto("/market/parts/999999999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "삭제된 매물" })).toBeVisible();
  const unknown = await page.goto("/market/cars");
  expect(unknown?.status()).toBe(404);
  await page.goto("/market/write");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmarket%2Fwrite$/);
});

test("a desktop shows every market kind, none cut off at the strip's edge", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/market/total");
  const strip = page.getByRole("navigation", { name: "거래 카테고리" });
  const kinds = strip.getByRole("link");
  await expect(kinds).toHaveCount(9);
  for (const kind of await kinds.all()) await expect(kind).toBeInViewport({ ratio: 1 });
  expect(await strip.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBeLessThanOrEqual(0);
  await expect(strip.getByRole("link", { name: "구해요" })).toBeVisible();
});
