import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { signedInMember } from "./support/seed";

/** A VIN of this run only (ISO 3779 letters and digits), so that reruns on one database never match each other. */
function runVin(): string {
  const alphabet = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
  const tail = Array.from({ length: 8 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join(
    "",
  );
  return `KM4MJ5272${tail}`;
}

/** Another member, signed in in a browser context of their own (their own address behind the local proxy). */
async function memberPage(browser: Browser, address: string, label: string, role?: "admin") {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  await signedInMember(page, { nickname: uniqueNickname(label), ...(role ? { role } : {}) });
  return page;
}

test("a listing with a reported frame number is held, its seller told neutrally and the reporter notified", async ({
  page,
  browser,
  visit,
}) => {
  test.slow();
  const vin = runVin();
  const title = `PCX125 급매합니다 ${vin.slice(-4)}`;
  await signedInMember(page, { nickname: uniqueNickname("reporter") });

  // The rider reports the theft with the bike's frame number; a VIN with an O is refused with the rule.
  await visit("/board/write?kind=reportTheft");
  await expect(page.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  await page.getByLabel("카테고리").selectOption({ label: "도난 신고" });
  await page.getByRole("textbox", { name: "제목", exact: true }).fill("흰색 PCX 도난당했습니다");
  const content = page.getByRole("textbox", { name: "내용" });
  await content.click();
  await page.keyboard.type("어젯밤 성수동에서 도난당했습니다.");
  const reportNumber = page.getByLabel("차대번호");
  await reportNumber.fill(`${vin.slice(0, 16)}O`);
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(
    page.getByText("17자리 차대번호에는 I, O, Q가 쓰이지 않습니다.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "제목", exact: true })).toHaveValue(
    "흰색 PCX 도난당했습니다",
  );
  await reportNumber.fill(vin.replace(/(.{5})/, "$1-"));
  await page.getByRole("button", { name: "등록하기" }).click();
  await expect(page).toHaveURL(/\/board\/reportTheft\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "흰색 PCX 도난당했습니다" })).toBeVisible();
  await expect(page.getByText(`차대번호 끝자리 ${vin.slice(-4)}`)).toBeVisible();

  // Another member lists a scooter with the same number, typed in lower case with spaces.
  const seller = await memberPage(browser, "198.51.100.241", "seller");
  await seller.goto("/market/write?kind=under125Scooter");
  await expect(seller.getByRole("toolbar", { name: "서식 도구" })).toBeVisible();
  await seller.getByLabel("분류").selectOption({ label: "개인 판매" });
  await seller.getByRole("textbox", { name: "제목", exact: true }).fill(title);
  await seller.getByLabel("가격(원)").fill("1900000");
  await seller.getByLabel("거래 지역").selectOption({ index: 1 });
  await seller.getByLabel("모델명").fill("혼다 PCX125");
  await seller.getByLabel("배기량(cc)").fill("125");
  await seller.getByLabel("차대번호").fill(` ${vin.slice(0, 9).toLowerCase()} ${vin.slice(9)} `);
  const description = seller.getByRole("textbox", { name: "설명" });
  await description.click();
  await seller.keyboard.type("출퇴근용으로 타던 스쿠터입니다.");
  await seller.getByRole("button", { name: "등록" }).click();
  await expect(seller).toHaveURL(/\/market\/under125Scooter\/\d+$/);
  const listingPath = new URL(seller.url()).pathname;

  // The seller reads a neutral notice; nothing names the report or its writer.
  await expect(seller.getByText("확인이 필요해 잠시 비공개 처리되었습니다.", { exact: false })).toBeVisible();
  await expect(seller.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(seller.getByText(vin)).toHaveCount(0);
  // The edit form names only the last four characters of the stored number.
  await seller.goto(`/market/write?id=${listingPath.split("/").pop()}`);
  await expect(seller.getByText(`등록된 차대번호: 끝자리 ${vin.slice(-4)}`)).toBeVisible();
  await expect(seller.getByLabel("차대번호")).toHaveValue("");
  await seller.context().close();

  // The listing is in no list, and its page shows others a neutral unavailable state.
  await visit("/market/under125Scooter");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  await visit(listingPath);
  await expect(page.getByRole("heading", { level: 1, name: "지금은 볼 수 없는 매물입니다" })).toBeVisible();

  // The reporter is notified, and the notification opens their report.
  await visit("/my/alarm");
  const notice = page.getByText("신고하신 도난 차량과 차대번호가 같은 매물이 등록되어", { exact: false });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(/\/board\/reportTheft\/\d+$/);

  // An administrator reviews the hold and releases it: the listing is public again.
  const admin = await memberPage(browser, "198.51.100.242", "admin", "admin");
  await admin.goto("/admin/theft");
  await expect(admin.getByRole("heading", { level: 1, name: "도난 차량 확인" })).toBeVisible();
  const held = admin.getByRole("listitem").filter({ has: admin.getByRole("link", { name: title }) });
  await expect(held).toContainText(`차대번호 끝자리 ${vin.slice(-4)}`);
  await held.getByRole("button", { name: "공개로 되돌리기" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "공개로 되돌리기" }).click();
  await expect(admin.getByText("매물의 보류를 풀었습니다.")).toBeVisible();
  await expect(admin.getByRole("link", { name: title })).toHaveCount(0);
  await admin.context().close();
  await visit(listingPath);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});
