import { expect, expectAccessible, test } from "./fixtures";

/**
 * The local payment gateway's window (ADR 059), opened as the local adapter's checkout address opens it. The success
 * and fail addresses here are any page of the site: what matters is what the window sends back to them.
 */

let orders = 0;

function checkout(language: "ko" | "en") {
  orders += 1;
  const prefix = language === "en" ? "/en" : "";
  const orderId = `e2e-${orders}-${Date.now().toString(36)}`;
  const query = new URLSearchParams({
    orderId,
    amount: "30000",
    orderName: "정비 상담 1회",
    customerName: "김라이더",
    successUrl: `${prefix}/faq?paid=1`,
    failUrl: `${prefix}/faq?failed=1`,
  });
  return { orderId, path: `${prefix}/pay/local/checkout?${query}` };
}

test("the local checkout shows the order, checks the card in the browser and pays from the keyboard", async ({
  page,
  visit,
}) => {
  const { orderId, path } = checkout("ko");
  await visit(path);
  await expect(page.getByRole("heading", { level: 1, name: "결제하기" })).toBeVisible();
  await expect(page.getByTestId("checkout-amount")).toHaveText("30,000원");
  await expect(page.getByText("4242 4242 4242 4242")).toBeVisible();

  const cardNumber = page.getByLabel("카드 번호");
  await cardNumber.fill("4242 4242 4242 4241");
  await page.getByLabel("유효기간").fill("12/30");
  await page.getByRole("button", { name: "30,000원 결제하기" }).click();
  await expect(page.getByText("카드 번호를 다시 확인해 주세요.")).toBeVisible();
  await expect(cardNumber).toHaveAttribute("aria-invalid", "true");
  await expect(cardNumber).toHaveValue("4242 4242 4242 4241");
  await expectAccessible(page);

  await cardNumber.fill("4242 4242 4242 4242");
  await cardNumber.press("Enter");
  await expect(page).toHaveURL(
    new RegExp(`/faq\\?paid=1&paymentKey=lgk_[\\w-]+&orderId=${orderId}&amount=30000$`),
  );
});

test("a customer who gives up and a declined card go back to the fail address, in English too", async ({
  page,
  visit,
}) => {
  const abandoned = checkout("ko");
  await visit(abandoned.path);
  await page.getByRole("button", { name: "결제 취소" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/faq\\?failed=1&code=PAY_PROCESS_CANCELED&message=[^&]+&orderId=${abandoned.orderId}$`),
  );

  // The language of the first visit is set now: the path decides from here on.
  const declined = checkout("en");
  await visit(declined.path);
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  await expect(page.getByTestId("checkout-amount")).toHaveText("₩30,000");
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry date").fill("12/30");
  await page.getByRole("button", { name: "Pay ₩30,000" }).click();
  await expect(page).toHaveURL(/\/en\/faq\?failed=1&code=REJECT_CARD_PAYMENT&message=[^&]+&orderId=/);
  expect(new URL(page.url()).searchParams.get("message")).toBe(
    "한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
  );
});
