import type { Browser, Page } from "@playwright/test";
import { toSeoulInput } from "../../app/platform/seoul-calendar";
import { phoneJpeg } from "../../app/services/uploads/test-images";
import { expect, expectAccessible, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { signedInMember } from "./support/seed";

const DAY = 24 * 60 * 60 * 1000;

/** A member signed in in a browser context of their own (their own address behind the local proxy). */
async function memberPage(
  browser: Browser,
  address: string,
  label: string,
  memberType: "individual" | "business" = "individual",
) {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  const nickname = uniqueNickname(label);
  await signedInMember(page, { nickname, memberType });
  return { page, nickname };
}

/** Fills the write form for a motorcycle sale in the member's main area and submits it. */
async function sellMotorcycle(page: Page, title: string) {
  await page.goto("/market/write?kind=over125Manual");
  await expect(page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  await page.getByLabel("분류").selectOption({ label: "개인 판매" });
  await page.getByRole("textbox", { name: "제목", exact: true }).fill(title);
  await page.getByLabel("가격(원)").fill("6800000");
  await page.getByLabel("거래 지역").selectOption({ index: 1 });
  await page.getByLabel("모델명").fill("야마하 MT-07");
  await page.getByLabel("연식").fill("2021");
  await page.getByLabel("주행거리(km)").fill("15000");
  await page.getByLabel("배기량(cc)").fill("689");
  await page.getByLabel("등록증").check();
  const content = page.getByRole("textbox", { name: "설명" });
  await content.click();
  await page.keyboard.type("실내 보관했습니다. 구매 전 점검 환영합니다.");
  await page.getByRole("button", { name: "등록" }).click();
  await expect(page).toHaveURL(/\/market\/over125Manual\/\d+$/);
  return new URL(page.url()).pathname;
}

/** The shop's card in the finder's list, turning pages until it shows (other tests' experts may come first). */
async function shopCard(page: Page, nickname: string) {
  for (let turn = 0; turn < 10; turn += 1) {
    const card = page.getByRole("link", { name: `${nickname}님에게 만남 요청` });
    if ((await card.count()) > 0) return card;
    const next = page.getByRole("link", { name: "다음" });
    if ((await next.count()) === 0) break;
    await next.click();
    await page.waitForLoadState("networkidle");
  }
  throw new Error(`${nickname} is not among the experts found`);
}

const confirmIn = (page: Page, action: string) =>
  page.getByRole("alertdialog").getByRole("button", { name: action }).click();

test("a buyer asks for an inspection from a listing, a shop inspects from the chat, the seller publishes the report and the buyer reads it on the listing", async ({
  page,
  browser,
  visit,
}) => {
  test.slow();
  const seller = await memberPage(browser, "198.51.100.241", "seller");
  const shop = await memberPage(browser, "192.0.2.41", "shop", "business");
  await signedInMember(page, { nickname: uniqueNickname("buyer") });

  // The shop offers repair (its first item, a periodic inspection) around its main area.
  await shop.page.goto("/my/skill");
  await shop.page.getByText("정비 재능 등록", { exact: true }).click();
  const skillForm = shop.page.getByRole("form", { name: "정비 재능 등록" });
  await skillForm.getByRole("group", { name: "가능한 정비" }).getByRole("checkbox").first().check();
  await skillForm.getByRole("button", { name: "재능 등록" }).click();
  await expect(shop.page.getByRole("status").filter({ hasText: "재능을 등록했습니다." })).toBeVisible();

  const title = `MT-07 21년식 ${Date.now().toString(36)}`;
  const listingPath = await sellMotorcycle(seller.page, title);
  await expect(seller.page.getByRole("heading", { name: "구매 전 점검" })).toBeVisible();
  await expect(seller.page.getByRole("link", { name: "점검 요청하기" })).toHaveCount(0);

  // 1. The buyer asks for an inspection: the finder opens with repair experts near the listing's district.
  await visit(listingPath);
  await expect(page.getByText("아직 공개된 점검 리포트가 없습니다.")).toBeVisible();
  await page.getByRole("link", { name: "점검 요청하기" }).click();
  await expect(page).toHaveURL(/\/meeting\/repair\/search\?lat=[\d.]+&lng=[\d.]+&listing=\d+$/);
  await expect(page.getByRole("note")).toContainText(title);
  await expectAccessible(page);
  await (await shopCard(page, shop.nickname)).click();

  // The request carries the listing: the form starts with its model and the inspection item.
  await expect(page).toHaveURL(/\/meeting\/repair\/request\?skill=\d+&listing=\d+$/);
  await expect(page.getByRole("note")).toContainText(title);
  await expect(page.getByLabel("기종")).toHaveValue("야마하 MT-07 2021");
  await expect(page.getByLabel("정비 항목")).toHaveValue("inspection");
  const wished = new Date(Math.ceil((Date.now() + 3 * DAY) / 3_600_000) * 3_600_000);
  await page.getByLabel("희망 예약 날짜와 시간").fill(toSeoulInput(wished));
  await page.getByRole("button", { name: "만남 신청하기" }).click();
  await expect(page).toHaveURL(/\/meeting\/repair\/chat\?room=/);
  await expect(page.getByRole("status").filter({ hasText: "점검 요청을 보냈습니다." })).toBeVisible();
  const roomPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.getByText("일정 확인 중")).toBeVisible();

  // 2. The seller is told, and agrees to the proposed time.
  await seller.page.goto("/my/alarm");
  await seller.page.getByText(`'${title}' 매물 점검 일정을 제안했습니다`, { exact: false }).first().click();
  await expect(seller.page).toHaveURL(/\/inspection\/\d+$/);
  const inspectionPath = new URL(seller.page.url()).pathname;
  await expect(seller.page.getByRole("heading", { level: 1, name: "매물 점검" })).toBeVisible();
  await seller.page.getByRole("button", { name: "일정 수락" }).click();
  await expect(
    seller.page.getByRole("status").filter({ hasText: "점검 일정을 수락했습니다." }),
  ).toBeVisible();

  // 3. The shop inspects and writes the report from the meeting's chat.
  await shop.page.goto(roomPath);
  await shop.page.getByRole("link", { name: "점검 리포트 작성" }).click();
  await expect(shop.page).toHaveURL(new RegExp(`${inspectionPath}$`));
  const report = shop.page.getByRole("form", { name: "점검 리포트 작성" });
  await report.getByRole("group", { name: "엔진" }).getByLabel("양호").check();
  await report.getByRole("group", { name: "브레이크" }).getByLabel("주의 필요").check();
  await report.getByLabel("브레이크 메모").fill("앞 브레이크 패드 30% 남음");
  await report.getByRole("group", { name: "서류" }).getByLabel("양호").check();
  await report.getByLabel("종합 의견").selectOption({ label: "조건부 추천" });
  await report.getByLabel("요약").fill("브레이크 패드 교체 후 타기 좋은 차량입니다.");
  await report.getByLabel("사진 추가").setInputFiles({
    name: "engine.jpg",
    mimeType: "image/jpeg",
    buffer: await phoneJpeg(),
  });
  await report.getByRole("button", { name: "임시 저장" }).click();
  await expect(
    shop.page.getByRole("status").filter({ hasText: "리포트를 임시 저장했습니다." }),
  ).toBeVisible();
  await expect(report.getByLabel("브레이크 메모")).toHaveValue("앞 브레이크 패드 30% 남음");
  await expect(report.getByRole("img", { name: "점검 사진 1" })).toBeVisible();
  await expectAccessible(shop.page);
  await report.getByRole("button", { name: "리포트 제출" }).click();
  await confirmIn(shop.page, "리포트 제출");
  await expect(shop.page.getByRole("status").filter({ hasText: "리포트를 제출했습니다." })).toBeVisible();

  // Not published yet: the buyer reads it on the inspection's page, a visitor sees nothing on the listing.
  await page.goto(inspectionPath);
  await expect(page.getByText("판매자가 리포트 공개를 결정합니다.")).toBeVisible();
  await expect(page.getByText("앞 브레이크 패드 30% 남음")).toBeVisible();
  await page.goto(listingPath);
  await expect(page.getByText("아직 공개된 점검 리포트가 없습니다.")).toBeVisible();

  // 4. The seller publishes it on the listing.
  await seller.page.goto(inspectionPath);
  await seller.page.getByRole("button", { name: "매물에 리포트 공개" }).click();
  await confirmIn(seller.page, "매물에 리포트 공개");
  await expect(
    seller.page.getByRole("status").filter({ hasText: "리포트를 매물에 공개했습니다." }),
  ).toBeVisible();

  // 5. The buyer sees it on the listing, signed with the shop's name and dated.
  await visit(listingPath);
  const published = page.getByRole("article", { name: "점검 리포트" });
  await expect(published).toContainText(`${shop.nickname} 전문가 점검`);
  await expect(published).toContainText("종합 의견: 조건부 추천");
  await expect(published).toContainText("앞 브레이크 패드 30% 남음");
  await expect(published.getByRole("img", { name: "점검 사진 1" })).toBeVisible();

  // 6. The seller edits the bike's mileage: the report stays, marked as describing the earlier details.
  await seller.page.goto(`/market/write?id=${listingPath.split("/").pop()}`);
  await expect(seller.page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  await seller.page.getByLabel("주행거리(km)").fill("15500");
  await seller.page.getByRole("button", { name: "저장" }).click();
  await expect(seller.page).toHaveURL(new RegExp(`${listingPath}$`));
  await page.reload();
  await expect(published).toContainText("이전 정보 기준");
  await expect(published).toContainText("앞 브레이크 패드 30% 남음");
});
