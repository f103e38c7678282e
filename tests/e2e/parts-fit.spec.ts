import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signIn, signOut, uniqueNickname } from "./support/auth";
import { signedInMember } from "./support/seed";

/** Writes a parts listing (the member's first area) that fits the PCX 125 from `from` to `to`. */
async function writeFittingPart(page: Page, title: string, from: string, to: string) {
  await page.goto("/market/write?kind=parts");
  await expect(page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  await page.getByLabel("분류").selectOption({ label: "외장·카울" });
  await page.getByRole("textbox", { name: "제목", exact: true }).fill(title);
  await page.getByLabel("가격(원)").fill("30000");
  await page.getByLabel("거래 지역").selectOption({ index: 1 });
  const first = page.getByRole("group", { name: "1번째 차종" });
  const pcx = await first.getByRole("option", { name: /^PCX 125 \(/ }).getAttribute("value");
  await first.getByLabel("모델").selectOption(pcx!);
  await first.getByLabel("연식 시작").fill(from);
  await first.getByLabel("연식 끝").fill(to);
  const content = page.getByRole("textbox", { name: "설명" });
  await content.click();
  await page.keyboard.type("볼트까지 다 있습니다.");
  await page.getByRole("button", { name: "등록" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test("a rider turns on fits-my-garage on /market/parts and sees only the part that fits their bike", async ({
  page,
  visit,
}) => {
  const tag = uniqueNickname("핏").slice(-6);
  const fits = `PCX 신형 사이드 커버 ${tag}`;
  const old = `PCX 구형 사이드 커버 ${tag}`;

  // A visitor is told how the filter works rather than given a box that does nothing.
  await visit("/market/parts");
  const filters = page.getByRole("search", { name: "검색 조건" });
  await expect(filters.getByRole("link", { name: "로그인" })).toBeVisible();
  await expect(filters.getByRole("checkbox", { name: "내 차고에 맞는 것만" })).toHaveCount(0);

  // A seller names the models and years each part fits; the page lists them, linking to the model.
  await signedInMember(page, { nickname: uniqueNickname("판매") });
  await writeFittingPart(page, fits, "2021", "");
  const fitted = page.getByRole("region", { name: "맞는 차종" });
  await expect(fitted.getByRole("link", { name: "혼다 PCX 125 · 2021년식부터" })).toHaveAttribute(
    "href",
    /^\/motorcycle\/\d+$/,
  );
  await writeFittingPart(page, old, "2015", "2017");
  await expect(
    page
      .getByRole("region", { name: "맞는 차종" })
      .getByRole("link", { name: "혼다 PCX 125 · 2015–2017년식" }),
  ).toBeVisible();
  await signOut(page);

  // 지영 rides a 2021 PCX 125 (the demo garage): with the filter on, only the part for the new PCX is left.
  await signIn(page, "jiyoung@demo.motomate.kr", "Demo-Ride-2026!");
  await expect(page.getByRole("button", { name: "로그아웃" }).first()).toBeVisible();
  await visit(`/market/parts?q=${encodeURIComponent(tag)}`);
  const listings = page.getByRole("list", { name: "매물 목록" });
  await expect(listings.getByRole("link", { name: new RegExp(fits) })).toBeVisible();
  await expect(listings.getByRole("link", { name: new RegExp(old) })).toBeVisible();
  await page.getByRole("checkbox", { name: "내 차고에 맞는 것만" }).check();
  await page.getByRole("button", { name: "조건 적용" }).click();
  await expect(page).toHaveURL(/[?&]fit=1/);
  await expect(page.getByRole("status").filter({ hasText: "혼다 PCX 125 2021" })).toBeVisible();
  await expect(listings.getByRole("link", { name: new RegExp(fits) })).toBeVisible();
  await expect(listings.getByRole("link", { name: new RegExp(old) })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "내 차고에 맞는 것만" })).toBeChecked();

  // Keyword alerts can be limited the same way.
  await visit("/my/market?tab=keywords");
  await page.getByLabel("키워드", { exact: true }).fill(`커버${tag}`);
  await page.getByRole("checkbox", { name: "내 차고에 맞는 부품·용품만 알림" }).check();
  await page.getByRole("button", { name: "키워드 저장" }).click();
  await expect(page.getByRole("status").filter({ hasText: "키워드를 저장했습니다." })).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "키워드 알림" })
      .getByRole("listitem")
      .filter({ hasText: `커버${tag}` }),
  ).toContainText("내 차고에 맞는 것만");
});
