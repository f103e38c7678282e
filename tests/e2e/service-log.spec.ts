import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { signedInMember } from "./support/seed";

/** Adds one service to the log page the member is on, and waits for the page to show it. */
async function addService(
  page: Page,
  entry: { day: string; work: string; km: string; cost: string; shop: string },
) {
  const form = page.getByRole("form", { name: "정비 기록 추가" });
  await form.getByLabel("정비일").fill(entry.day);
  await form.getByLabel("작업").selectOption({ label: entry.work });
  await form.getByLabel("주행거리(km, 선택)").fill(entry.km);
  await form.getByLabel("비용(원, 선택)").fill(entry.cost);
  await form.getByLabel("정비소(선택)").fill(entry.shop);
  await form.getByRole("button", { name: "추가" }).click();
  await expect(page.getByRole("status").filter({ hasText: "정비 기록을 추가했습니다." })).toBeVisible();
}

test("a rider logs services of a garage bike, attaches the log to a listing, and a visitor reads it there", async ({
  page,
  browser,
  visit,
}) => {
  test.slow();
  await signedInMember(page, { nickname: uniqueNickname("logger") });

  // The bike goes into the garage first.
  await visit("/my/garage?q=포르자");
  await page.getByRole("link", { name: "선택: 혼다 포르자 350" }).click();
  await page.getByLabel("주행거리(km, 선택)").fill("12000");
  await page.getByRole("button", { name: "차고에 추가" }).click();
  await expect(page.getByRole("status").filter({ hasText: "차고에 추가했습니다." })).toBeVisible();

  // Its log: empty, then two services; the oil change shows in the reminders.
  await page.getByRole("link", { name: "혼다 포르자 350 정비 기록" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "혼다 포르자 350 정비 기록" })).toBeVisible();
  await expect(page.getByText("아직 정비 기록이 없습니다.")).toBeVisible();
  await addService(page, {
    day: "2025-03-02",
    work: "엔진오일",
    km: "9500",
    cost: "48000",
    shop: "마포 바이크",
  });
  await addService(page, {
    day: "2025-09-14",
    work: "타이어",
    km: "11800",
    cost: "310000",
    shop: "합정 타이어",
  });
  const entries = page.getByRole("region", { name: "기록", exact: true });
  await expect(entries.locator("[data-service-entry]")).toHaveCount(2);
  await expect(entries).toContainText("358,000원");
  await expect(page.locator('[data-reminder="oil"] [data-reminder-state]')).not.toHaveText("기록 없음");

  // The listing form offers the garage bike; its log is attached.
  await visit("/market/write?kind=over125Scooter");
  await expect(page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  await page.getByLabel("분류").selectOption({ label: "개인 판매" });
  await page.getByRole("textbox", { name: "제목", exact: true }).fill("정비 기록 있는 포르자 350");
  await page.getByLabel("가격(원)").fill("5200000");
  await page.getByLabel("거래 지역").selectOption({ index: 1 });
  await page.getByLabel("모델명").fill("포르자 350");
  await page.getByLabel("배기량(cc)").fill("330");
  await page.getByLabel("정비 기록 첨부").selectOption({ index: 1 });
  const content = page.getByRole("textbox", { name: "설명" });
  await content.click();
  await page.keyboard.type("정비 기록을 첨부했습니다.");
  await page.getByRole("button", { name: "등록" }).click();
  await expect(page).toHaveURL(/\/market\/over125Scooter\/\d+$/);
  const listingUrl = page.url();

  // A visitor, signed in nowhere, reads the log on the listing.
  const visitorContext = await browser.newContext({ locale: "ko-KR" });
  const visitor = await visitorContext.newPage();
  await visitor.goto(listingUrl);
  const log = visitor.getByRole("region", { name: "정비 기록", exact: true });
  await expect(log).toBeVisible();
  await expect(log).toContainText("2건 · 비용 합계 358,000원");
  await expect(log.locator("[data-service-entry]")).toHaveCount(2);
  await expect(log.locator("[data-service-entry]").first()).toContainText("타이어");
  await expect(log).toContainText("합정 타이어");
  await expect(log).toContainText("9,500 km");
  await expect(log).toContainText("48,000원");
  await visitorContext.close();
});
