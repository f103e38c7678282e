import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { seededCoupon, seededMeeting, signedInMember } from "./support/seed";

/**
 * A meeting's payment in its chat room (ADR 061), through the local gateway's window: the provider asks for an amount
 * from the plus controller, the requester pays it from the room's panel (with a coupon, or after a declined card),
 * both sides see it paid, and a cancelled reservation refunds it in full.
 */

/** A phone's screen: the plus controller is a sheet from the bottom there. */
const PHONE = { width: 390, height: 844 };

/** A member signed in in a browser context of their own (their own address behind the local proxy). */
async function memberPage(browser: Browser, address: string, label: string) {
  const context = await browser.newContext({
    locale: "ko-KR",
    viewport: PHONE,
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  const member = await signedInMember(page, { nickname: uniqueNickname(label) });
  return { page, id: member.id };
}

const messages = (page: Page) => page.getByRole("list", { name: "대화 내용" });

/** The meeting's controls: the composer's plus button opens them in a sheet. */
async function controls(page: Page) {
  const sheet = page.getByRole("dialog", { name: "만남 관리" });
  if (!(await sheet.isVisible())) await page.getByRole("button", { name: "만남 관리" }).click();
  await expect(sheet).toBeVisible();
  return sheet;
}

/** The provider sends the payment request from the plus controller. */
async function requestPayment(page: Page, amount: string, memo: string) {
  const sheet = await controls(page);
  await sheet.getByLabel("금액(원)").fill(amount);
  await sheet.getByLabel("메모").fill(memo);
  await sheet.getByRole("button", { name: "결제 요청 보내기" }).click();
  await expect(page.getByRole("status").filter({ hasText: "결제 요청을 보냈습니다." })).toBeVisible();
}

/**
 * Holds the room's read marks until the payment window is asked for (its page, or its route when the room's router
 * looks it up), then lets them finish while the window is on its way: a read mark landing during the step to the
 * window once left the room on screen at the window's address.
 */
async function readMarkLandingDuringPayment(page: Page) {
  let release: (() => void) | undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/chat\.data\?/, async (route) => {
    if ((route.request().postData() ?? "").includes("intent=read")) await released;
    await route.continue();
  });
  await page.route(/pay(%2F|\/)local(%2F|\/)checkout(\?|&)/, async (route) => {
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
}

/** A card's expiry three years ahead, as the window's field takes it (MM/YY). */
const expiry = () => `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;

test("a pickup provider asks 30,000 won, the rider pays with a coupon, both see it paid, and a cancelled reservation refunds it", async ({
  page,
  browser,
}) => {
  const rider = await signedInMember(page, { nickname: uniqueNickname("rider") });
  const carrier = await memberPage(browser, "192.0.2.41", "carrier");
  const meeting = await seededMeeting(page.request, {
    requesterId: rider.id,
    providerId: carrier.id,
    kind: "pickup",
    reserved: true,
  });
  await seededCoupon(page.request, {
    memberId: rider.id,
    name: "픽업 첫 이용 쿠폰",
    value: 5_000,
    meetingKinds: ["pickup"],
  });

  // The provider asks for 30,000 won; the field goes in pickup's 5,000-won steps.
  await carrier.page.goto(meeting.chatPath);
  await expect(carrier.page.getByTestId("payment-state")).toContainText("결제 요청 전");
  const sheet = await controls(carrier.page);
  const amount = sheet.getByLabel("금액(원)");
  await expect(amount).toHaveAttribute("step", "5000");
  await requestPayment(carrier.page, "30000", "헬멧 보관함 포함");
  await expect(messages(carrier.page)).toContainText("전문가가 30,000원 결제를 요청했습니다.");
  await expect(carrier.page.getByTestId("payment-state")).toContainText("결제 요청 30,000원");

  // The rider sees the request in the room and picks the coupon: the server's total follows the choice.
  await page.goto(meeting.chatPath);
  await expect(messages(page)).toContainText("전문가가 30,000원 결제를 요청했습니다.");
  const panel = page.getByRole("region", { name: "결제 요청" });
  await expect(panel).toContainText("요청 금액: 30,000원");
  const coupons = panel.getByRole("group", { name: "쿠폰" });
  await expect(coupons.getByRole("radio", { name: "쿠폰 사용 안 함" })).toBeChecked();
  await expect(panel.getByTestId("payment-total")).toHaveText("30,000원");
  await coupons.getByRole("radio", { name: "픽업 첫 이용 쿠폰: 5,000원 할인, 25,000원 결제" }).check();
  await expect(panel.getByTestId("payment-total")).toHaveText("25,000원");
  await expectAccessible(page);
  await panel.getByRole("button", { name: "25,000원 결제하기" }).click();

  // The local gateway's window charges what is left after the coupon.
  await expect(page).toHaveURL(/\/pay\/local\/checkout\?/);
  await expect(page.getByTestId("checkout-amount")).toHaveText("25,000원");
  await page.getByLabel("카드 번호").fill("4242 4242 4242 4242");
  await page.getByLabel("유효기간").fill(expiry());
  await page.getByRole("button", { name: "25,000원 결제하기" }).click();

  // Back in the room, both sides see the payment complete.
  await expect(page).toHaveURL(new RegExp(`/meeting/pickup/chat\\?room=${meeting.code}$`));
  await expect(messages(page)).toContainText("30,000원 결제가 완료되었습니다.");
  await expect(page.getByTestId("payment-state")).toContainText(
    "결제 완료 30,000원 · 카드 결제 25,000원 · 쿠폰 할인 5,000원 (픽업 첫 이용 쿠폰)",
  );
  await expect(page.getByRole("link", { name: "영수증 보기" })).toBeVisible();
  await expect(page.getByRole("region", { name: "결제 요청" })).toHaveCount(0);
  await expect(messages(carrier.page)).toContainText("30,000원 결제가 완료되었습니다.");
  await expect(carrier.page.getByTestId("payment-state")).toContainText("결제 완료 30,000원");
  await expect(carrier.page.getByTestId("payment-state")).not.toContainText("카드 결제");

  // The coupon box has the coupon as used on this payment.
  await page.goto("/my/coupon?tab=used");
  await expect(page.getByTestId("coupon").filter({ hasText: "픽업 첫 이용 쿠폰" })).toContainText(
    "5,000원 할인",
  );
  await expectAccessible(page);

  // The rider cancels the reservation: the payment is refunded in full, and both sides see it.
  await page.goto(meeting.chatPath);
  const riderSheet = await controls(page);
  await riderSheet.getByLabel("취소 사유").fill("일정이 바뀌었어요");
  await riderSheet.getByRole("button", { name: "예약 취소" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("결제한 금액은 전액 환불됩니다.");
  await confirm.getByRole("button", { name: "예약 취소" }).click();
  await expect(messages(page)).toContainText("25,000원 환불이 완료되었습니다.");
  await expect(page.getByTestId("payment-state")).toContainText("환불 완료 25,000원");
  await expect(messages(carrier.page)).toContainText("25,000원 환불이 완료되었습니다.");
  await expect(carrier.page.getByTestId("payment-state")).toContainText("환불 완료 25,000원");

  // The coupon came back to the box, and the purchase history shows the payment refunded, with its receipt.
  await page.goto("/my/coupon");
  await expect(page.getByTestId("coupon").filter({ hasText: "픽업 첫 이용 쿠폰" })).toHaveCount(1);
  await page.goto("/setting/purchases");
  const purchase = page.getByTestId("purchase");
  await expect(purchase).toHaveCount(1);
  await expect(purchase).toContainText("환불 완료");
  await expect(purchase.getByTestId("purchase-charged")).toHaveText("25,000원");
  await expect(purchase.getByTestId("purchase-refunded")).toHaveText("25,000원");
  await expect(purchase.getByRole("link", { name: "영수증 보기" })).toBeVisible();
  await expectAccessible(page);
});

test("a declined card shows the gateway's message in the room, in English too, and the rider pays again", async ({
  page,
  browser,
}) => {
  const rider = await signedInMember(page, { nickname: uniqueNickname("rider") });
  const carrier = await memberPage(browser, "192.0.2.42", "carrier");
  const meeting = await seededMeeting(page.request, {
    requesterId: rider.id,
    providerId: carrier.id,
    kind: "pickup",
  });
  await carrier.page.goto(meeting.chatPath);
  await requestPayment(carrier.page, "30000", "");

  await readMarkLandingDuringPayment(page);
  await page.goto(`/en${meeting.chatPath}`);
  const panel = page.getByRole("region", { name: "Payment request" });
  await expect(panel).toContainText("Requested amount: 30,000 won");
  await expect(panel).toContainText("None of your coupons applies to this payment.");
  await panel.getByRole("button", { name: "Pay 30,000 won" }).click();
  await expect(page).toHaveURL(/\/en\/pay\/local\/checkout\?/);
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry date").fill(expiry());
  await page.getByRole("button", { name: "Pay ₩30,000" }).click();

  // Back in the room with the gateway's own words, and the panel to try again.
  await expect(page).toHaveURL(new RegExp(`/en/meeting/pickup/chat\\?room=${meeting.code}$`));
  const again = page.getByRole("region", { name: "Payment request" });
  await expect(again).toContainText(
    "Your last payment did not go through: 한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
  );
  await expect(page.getByTestId("payment-state")).toContainText("Payment requested: 30,000 won");
  await expectAccessible(page);
  await again.getByRole("button", { name: "Pay 30,000 won" }).click();
  await expect(page).toHaveURL(/\/en\/pay\/local\/checkout\?/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill(expiry());
  await page.getByRole("button", { name: "Pay ₩30,000" }).click();

  await expect(page).toHaveURL(new RegExp(`/en/meeting/pickup/chat\\?room=${meeting.code}$`));
  await expect(page.getByTestId("payment-state")).toContainText(
    "Paid: 30,000 won · Charged to the card: 30,000 won",
  );
  await expect(messages(carrier.page)).toContainText("30,000원 결제가 완료되었습니다.");
});
