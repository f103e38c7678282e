import { totp } from "../setup/totp";
import { expect, expectAccessible, test } from "./fixtures";
import { signedInMember } from "./support/seed";

test("a member registers the demo's repair coupon by its code and finds it among the usable coupons", async ({
  page,
  visit,
}) => {
  await signedInMember(page);
  await visit("/my");
  await page.getByRole("main").getByRole("link", { name: "쿠폰함" }).click();
  await expect(page).toHaveURL(/\/my\/coupon$/);
  await expect(page.getByText("사용할 수 있는 쿠폰이 없습니다.")).toBeVisible();

  const code = page.getByLabel("쿠폰 번호");
  const register = page.getByRole("button", { name: "등록하기" });
  // Nothing typed: the form says so before anything is sent.
  await register.click();
  await expect(page.getByText("쿠폰 번호를 입력해 주세요.")).toBeVisible();

  // A wrong code is refused, and what was typed stays to be corrected.
  await code.fill("repair-2025");
  await register.click();
  await expect(page.getByRole("alert")).toHaveText("쿠폰 번호를 확인해 주세요.");
  await expect(code).toHaveValue("repair-2025");

  await code.fill("repair-2026");
  await register.click();
  await expect(page.getByText("‘정비 첫 이용 쿠폰’ 쿠폰을 받았습니다.")).toBeVisible();
  const coupon = page.getByTestId("coupon");
  await expect(coupon).toHaveCount(1);
  await expect(coupon).toContainText("정비 첫 이용 쿠폰");
  await expect(coupon).toContainText("5,000원 할인");
  await expect(coupon).toContainText("20,000원 이상 결제 시");
  await expect(coupon).toContainText("발행: 모토메이트");
  await expect(page.getByTestId("coupon-count-usable")).toHaveText("1");

  // The same code again: one per member.
  await code.fill("REPAIR2026");
  await register.click();
  await expect(page.getByRole("alert")).toHaveText("이미 받은 쿠폰입니다.");
  await expect(code).toHaveValue("REPAIR2026");

  await page.getByRole("link", { name: /사용 완료/ }).click();
  await expect(page.getByText("사용한 쿠폰이 없습니다.")).toBeVisible();

  await visit("/en/my/coupon");
  await expect(page.getByTestId("coupon")).toContainText("5,000 won off");
});

test("an administrator re-enters the authenticator code, makes a coupon and sees it listed", async ({
  page,
}) => {
  const admin = await signedInMember(page, { role: "admin" });
  await page.goto("/admin/coupons");
  // Money pages want the code again; the seeding spent the current one, so the next step's code.
  await expect(page).toHaveURL(/\/admin\/step-up\?redirectTo=%2Fadmin%2Fcoupons$/);
  await page.getByLabel("인증 앱의 6자리 코드").fill(totp(admin.totpSecret!, Date.now() + 30_000));
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page).toHaveURL(/\/admin\/coupons$/);
  await expect(page.getByRole("heading", { level: 1, name: "쿠폰 관리" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "쿠폰 관리" }),
  ).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  const name = `코칭 10% ${Date.now().toString(36)}`;
  const form = page.getByRole("region", { name: "새 쿠폰" });
  await form.getByLabel("쿠폰 이름").fill(name);
  await form.getByLabel("비율 할인(%)").check();
  // Checked in the browser first: more than 100% is refused beside the field.
  await form.getByLabel("할인 값").fill("120");
  await form.getByLabel("라이딩 코칭").check();
  await form.getByRole("button", { name: "쿠폰 만들기" }).click();
  await expect(form.getByText("비율 할인은 1 ~ 100% 사이로 입력해 주세요.")).toBeVisible();
  await form.getByLabel("할인 값").fill("10");
  await form.getByLabel("최대 할인 금액(원)").fill("3000");
  await form.getByRole("button", { name: "쿠폰 만들기" }).click();
  await expect(page.getByRole("status").filter({ hasText: "쿠폰을 만들었습니다." })).toBeVisible();
  const made = page.getByTestId("console-coupon").filter({ hasText: name });
  await expect(made).toContainText("10% 할인 (최대 3,000원)");
  await expect(made).toContainText("적용 만남: 정비, 라이딩 코칭");
  await expect(made).toContainText("진행 중");
  await expectAccessible(page);
});
