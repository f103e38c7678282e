import type { Browser } from "@playwright/test";
import { totp } from "../setup/totp";
import { expect, expectAccessible, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { seededMeeting, signedInMember } from "./support/seed";

/** A member signed in in a browser context of their own (their own address behind the local proxy). */
async function memberPage(browser: Browser, address: string, role: "member" | "admin", label: string) {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  const member = await signedInMember(page, { role, nickname: uniqueNickname(label) });
  return { page, member };
}

test("after a paid meeting ended the requester asks for a refund, an administrator grants part of it, and the purchase history shows it", async ({
  page,
  browser,
  visit,
}) => {
  const requester = await signedInMember(page, { nickname: uniqueNickname("rider") });
  const expert = await memberPage(browser, "192.0.2.61", "member", "expert");
  const meeting = await seededMeeting(page.request, {
    requesterId: requester.id,
    providerId: expert.member.id,
    kind: "pickup",
    paidAndEnded: 30_000,
  });

  // 1. The requester finds the paid meeting among the sent ones, with its payment, and asks for a refund.
  await visit("/my/meeting?tab=pickup&side=sent");
  const payment = page.getByTestId("meeting-payment");
  await expect(payment).toContainText("결제 완료");
  await expect(payment).toContainText("30,000원 결제");
  await payment.getByRole("link", { name: "환불 요청" }).click();
  await expect(page).toHaveURL(new RegExp(`/my/meeting/${meeting.id}/refund$`));
  await expect(page.getByRole("heading", { level: 1, name: "환불 요청" })).toBeVisible();
  await expectAccessible(page);

  const reason = page.getByLabel("환불 사유");
  const send = page.getByRole("button", { name: "환불 요청 보내기" });
  await send.click();
  await expect(page.getByText("환불 사유를 적어 주세요.")).toBeVisible();
  await reason.fill("픽업 시간이 한 시간 늦어 일정의 절반을 놓쳤어요.");
  await expect(page.getByText(/^\d+\/200자$/)).toHaveText("28/200자");
  await send.click();
  await expect(page.getByText("환불 요청을 보냈습니다. 관리자가 검토한 뒤 알려 드립니다.")).toBeVisible();
  await expect(page).toHaveURL(/\/my\/meeting\?tab=pickup&side=sent$/);
  await expect(page.getByTestId("meeting-payment")).toContainText("환불 요청 중");

  // The expert sees the meeting's payment too, waiting on the request.
  await expert.page.goto("/my/meeting?tab=pickup&side=received");
  await expect(expert.page.getByTestId("meeting-payment")).toContainText("환불 요청 중");

  // 2. An administrator re-enters the authenticator code and grants 12,000원 of the 30,000원.
  const admin = await memberPage(browser, "192.0.2.62", "admin", "admin");
  await admin.page.goto("/admin/refunds");
  await expect(admin.page).toHaveURL(/\/admin\/step-up\?redirectTo=%2Fadmin%2Frefunds$/);
  await admin.page
    .getByLabel("인증 앱의 6자리 코드")
    .fill(totp(admin.member.totpSecret!, Date.now() + 30_000));
  await admin.page.getByRole("button", { name: "확인" }).click();
  await expect(admin.page).toHaveURL(/\/admin\/refunds$/);
  await expect(admin.page.getByRole("heading", { level: 1, name: "환불 요청 관리" })).toBeVisible();
  await expect(
    admin.page.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "환불 관리" }),
  ).toHaveAttribute("aria-current", "page");
  const item = admin.page.getByTestId("refund-request").filter({ hasText: requester.nickname });
  await expect(item).toContainText("검토 중");
  await expect(item).toContainText("픽업 시간이 한 시간 늦어 일정의 절반을 놓쳤어요.");
  await expect(item).toContainText("30,000원");
  await expectAccessible(admin.page);

  await item.getByLabel("부분 환불", { exact: true }).check();
  await item.getByLabel("부분 환불 금액(원)").fill("30000");
  await item.getByLabel("처리 사유").fill("일정의 일부만 진행되어 비율에 맞춰 환불합니다.");
  await item.getByRole("button", { name: "결정하기" }).click();
  await admin.page.getByRole("alertdialog").getByRole("button", { name: "결정하기" }).click();
  await expect(item.getByRole("alert")).toHaveText(
    "부분 환불 금액은 1원 이상, 환불 가능 금액보다 적게 입력해 주세요.",
  );
  await expect(item.getByLabel("처리 사유")).toHaveValue("일정의 일부만 진행되어 비율에 맞춰 환불합니다.");

  await item.getByLabel("부분 환불", { exact: true }).check();
  await item.getByLabel("부분 환불 금액(원)").fill("12000");
  await item.getByRole("button", { name: "결정하기" }).click();
  await admin.page.getByRole("alertdialog").getByRole("button", { name: "결정하기" }).click();
  await expect(admin.page.getByText("환불 요청을 처리했습니다.")).toBeVisible();
  await expect(item).toContainText("부분 환불 · 12,000원");
  await expect(item.getByRole("button", { name: "결정하기" })).toHaveCount(0);

  // 3. The requester's purchase history shows the payment with the part refunded.
  await visit("/setting");
  await page.getByRole("link", { name: "구매 내역" }).click();
  await expect(page).toHaveURL(/\/setting\/purchases$/);
  const purchase = page.getByTestId("purchase");
  await expect(purchase).toHaveCount(1);
  await expect(purchase).toContainText("부분 환불");
  await expect(purchase.getByTestId("purchase-charged")).toHaveText("30,000원");
  await expect(purchase.getByTestId("purchase-refunded")).toHaveText("12,000원");
  await expect(purchase).toContainText(/12,000원 · /);
  await expect(purchase.getByRole("link", { name: "영수증 보기" })).toHaveAttribute(
    "href",
    /^\/pay\/local\/receipt\//,
  );
  await expectAccessible(page);

  await visit("/en/setting/purchases");
  await expect(page.getByTestId("purchase")).toContainText("Partly refunded");
  await expect(page.getByTestId("purchase-refunded")).toHaveText("12,000 won");
});
