import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newAdmin, uniqueNickname } from "./support/auth";
import { ownServerTest } from "./support/own-server";
import { seededMeeting, signedInMember } from "./support/seed";

/** A member signed in in a browser context of their own (their own address behind the local proxy). */
async function memberPage(browser: Browser, address: string, label: string) {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  const nickname = uniqueNickname(label);
  const member = await signedInMember(page, { nickname });
  return { page, nickname, id: member.id };
}

/** The manner temperature a badge on the page names (a link to the "why" view). */
async function temperatureOn(page: Page): Promise<number> {
  const badge = page.getByRole("link", { name: /^매너 온도 \d+\.\d℃, 근거 보기$/ }).first();
  await expect(badge).toBeVisible();
  const name = (await badge.getAttribute("aria-label"))!;
  return Number(/(\d+\.\d)℃/.exec(name)![1]);
}

/** The temperature the "why" view shows, and the count it gives for one input. */
async function why(page: Page, memberId: string) {
  await page.goto(`/profile/${memberId}/reputation`);
  await expect(page.getByRole("heading", { level: 1, name: /님의 매너 온도$/ })).toBeVisible();
  const score = Number(await page.locator("[data-reputation-why]").getAttribute("data-reputation-why"));
  const count = async (label: string) =>
    page
      .locator("dl > div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd")
      .textContent();
  return { score, count };
}

async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.get("/test/clock");
  expect(response.ok()).toBe(true);
  return new Date(((await response.json()) as { now: string }).now);
}

/** Fills the write form for a motorcycle sale (the member's first area) and submits it. */
async function sellMotorcycle(page: Page, title: string) {
  await page.goto("/market/write?kind=under125Scooter");
  await expect(page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  await page.getByLabel("분류").selectOption({ label: "개인 판매" });
  await page.getByRole("textbox", { name: "제목", exact: true }).fill(title);
  await page.getByLabel("가격(원)").fill("2200000");
  await page.getByLabel("가격 제안 받기").check();
  await page.getByLabel("거래 지역").selectOption({ index: 1 });
  await page.getByLabel("모델명").fill("PCX 125");
  await page.getByLabel("연식").fill("2021");
  await page.getByLabel("주행거리(km)").fill("12000");
  await page.getByLabel("배기량(cc)").fill("125");
  await page.getByLabel("등록증").check();
  await page.getByRole("textbox", { name: "설명" }).click();
  await page.keyboard.type("출퇴근용으로 타던 스쿠터입니다.");
  await page.getByRole("button", { name: "등록" }).click();
  await expect(page).toHaveURL(/\/market\/under125Scooter\/\d+$/);
  return new URL(page.url()).pathname;
}

async function confirmIn(page: Page, action: string) {
  await page.getByRole("alertdialog").getByRole("button", { name: action }).click();
}

// The no-show report opens 15 minutes after the appointment: the server's clock moves, so a server of its own.
ownServerTest(
  "a member's manner temperature rises after a good trade, falls after a confirmed no-show, and the why view says why",
  async ({ page, browser, request, visit }) => {
    test.slow();
    const seller = await signedInMember(page, { nickname: uniqueNickname("온도") });
    const buyer = await memberPage(browser, "198.51.100.241", "buyer");

    // A new member: a verified phone and nothing else on record.
    const fresh = await why(page, seller.id);
    expect(fresh.score).toBe(37);
    expect(await fresh.count("좋은 거래 후기")).toBe("0");
    await expect(page.getByText("휴대폰 인증", { exact: true })).toBeVisible();

    // A trade: the buyer's offer accepted, the sale completed, and both leave a good review.
    const listingPath = await sellMotorcycle(page, "PCX 125 21년식 팝니다");
    expect(await temperatureOn(page)).toBe(37);
    await buyer.page.goto(listingPath);
    await buyer.page.getByLabel("제안 가격(원)").fill("2100000");
    await buyer.page.getByRole("button", { name: "제안 보내기" }).click();
    await expect(buyer.page.getByRole("status").filter({ hasText: "가격을 제안했습니다." })).toBeVisible();
    await page.goto(listingPath);
    await page
      .getByRole("region", { name: "받은 가격 제안" })
      .getByRole("listitem")
      .filter({ hasText: buyer.nickname })
      .getByRole("button", { name: "수락" })
      .click();
    await expect(
      page.getByRole("status").filter({ hasText: "제안을 수락해 예약중으로 바꿨습니다." }),
    ).toBeVisible();
    await page.getByLabel("거래할 회원").selectOption({ label: buyer.nickname });
    await page.getByRole("button", { name: "판매완료로 바꾸기" }).click();
    await confirmIn(page, "판매완료로 바꾸기");
    await expect(page.getByRole("status").filter({ hasText: "판매완료로 바꿨습니다." })).toBeVisible();
    await page.getByLabel("시간 약속을 잘 지켜요").check();
    await page.getByRole("button", { name: "후기 남기기" }).click();
    await expect(page.getByRole("status").filter({ hasText: "거래 후기를 남겼습니다." })).toBeVisible();
    await buyer.page.goto(listingPath);
    await buyer.page.getByLabel("설명과 같은 물건이에요").check();
    await buyer.page.getByRole("button", { name: "후기 남기기" }).click();
    await expect(buyer.page.getByRole("status").filter({ hasText: "거래 후기를 남겼습니다." })).toBeVisible();

    // Both reviews show now: the seller is warmer, on the listing and in the why view, with the count behind it.
    await buyer.page.goto(listingPath);
    const afterTrade = await temperatureOn(buyer.page);
    expect(afterTrade).toBeGreaterThan(37);
    await buyer.page.getByRole("link", { name: `매너 온도 ${afterTrade.toFixed(1)}℃, 근거 보기` }).click();
    await expect(buyer.page).toHaveURL(new RegExp(`/profile/${seller.id}/reputation$`));
    const traded = await why(page, seller.id);
    expect(traded.score).toBe(afterTrade);
    expect(await traded.count("좋은 거래 후기")).toBe("1");
    expect(await traded.count("확인된 노쇼")).toBe("0");
    await expect(page.getByRole("heading", { level: 2, name: "온도는 어떻게 바뀌나요?" })).toBeVisible();
    await expect(page.getByText(/나쁜 기록은 좋은 기록보다 크게 반영됩니다/)).toBeVisible();
    // Counts only: the buyer who wrote the review is not named.
    await expect(page.getByText(buyer.nickname)).toHaveCount(0);

    // A reserved meeting with the seller as the expert; they do not come.
    const meeting = await seededMeeting(request, {
      requesterId: buyer.id,
      providerId: seller.id,
      kind: "repair",
      reserved: true,
    });
    // The finder's card of the seller's repair skill carries the same temperature.
    await buyer.page.goto("/meeting/repair/search");
    const card = buyer.page.getByRole("article", { name: seller.nickname });
    await expect(
      card.getByRole("link", { name: `매너 온도 ${afterTrade.toFixed(1)}℃, 근거 보기` }),
    ).toBeVisible();
    const now = await serverNow(request);
    const moved = await request.post("/test/clock", {
      data: { at: new Date(now.getTime() + 2 * 60 * 60_000 + 20 * 60_000).toISOString() },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await buyer.page.goto(meeting.chatPath);
    // The chat's header shows the other side's temperature.
    expect(await temperatureOn(buyer.page)).toBe(afterTrade);
    await buyer.page.getByRole("button", { name: "만남 관리" }).click();
    const sheet = buyer.page.getByRole("dialog", { name: "만남 관리" });
    await sheet.getByLabel("노쇼 내용").fill("약속 시간에 정비소 앞에서 기다렸지만 오지 않았습니다.");
    await sheet.getByRole("button", { name: "노쇼 신고" }).click();
    await confirmIn(buyer.page, "노쇼 신고");
    await expect(
      buyer.page.getByRole("status").filter({ hasText: "노쇼 신고가 접수되었습니다." }),
    ).toBeVisible();
    // Reported is not confirmed: nothing moves yet.
    expect((await why(page, seller.id)).score).toBe(afterTrade);

    const admin = await newAdmin(browser, "198.51.100.242");
    await admin.goto("/admin/no-show");
    const report = admin
      .getByRole("listitem")
      .filter({ hasText: `불참으로 신고된 회원: ${seller.nickname}님` });
    await report.getByRole("button", { name: "노쇼 확인" }).click();
    await confirmIn(admin, "노쇼 확인");
    await expect(admin.getByRole("status").filter({ hasText: "신고를 처리했습니다." })).toBeVisible();
    await admin.context().close();

    // The confirmed no-show cools the seller below where the trade had them, and the why view counts it.
    const afterNoShow = await why(page, seller.id);
    expect(afterNoShow.score).toBeLessThan(afterTrade);
    expect(await afterNoShow.count("확인된 노쇼")).toBe("1");
    expect(await afterNoShow.count("좋은 거래 후기")).toBe("1");
    await page.goto(`/profile/${seller.id}`);
    expect(await temperatureOn(page)).toBe(afterNoShow.score);

    // The same explanation in English.
    await visit(`/en/profile/${seller.id}/reputation`);
    await expect(page.getByRole("heading", { level: 1, name: /manner temperature$/ })).toBeVisible();
    await expect(page.locator("dl > div").filter({ hasText: "Confirmed no-shows" }).locator("dd")).toHaveText(
      "1",
    );
    await expect(
      page.getByRole("heading", { level: 2, name: "How does the temperature change?" }),
    ).toBeVisible();
    await buyer.page.context().close();
  },
);
