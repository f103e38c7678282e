import type { Browser } from "@playwright/test";
import { totp } from "../setup/totp";
import { expect, expectAccessible, test } from "./fixtures";
import { uniqueNickname } from "./support/auth";
import { signedInMember } from "./support/seed";

/** An administrator signed in in a browser context of their own, past the step-up of the money pages. */
async function steppedUpAdmin(browser: Browser, address: string) {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
  });
  const page = await context.newPage();
  const admin = await signedInMember(page, { role: "admin", nickname: uniqueNickname("admin") });
  await page.goto("/admin/settlement");
  await expect(page).toHaveURL(/\/admin\/step-up\?redirectTo=%2Fadmin%2Fsettlement$/);
  await page.getByLabel("인증 앱의 6자리 코드").fill(totp(admin.totpSecret!, Date.now() + 30_000));
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page).toHaveURL(/\/admin\/settlement$/);
  return page;
}

test("a member sets the withdrawal password, gets wrong tries counted, then registers the withdrawal account, shown masked", async ({
  page,
  visit,
}) => {
  await signedInMember(page);

  // 1. The password, from the settings menu: six digits twice.
  await visit("/setting");
  await page.getByRole("main").getByRole("link", { name: "출금 비밀번호", exact: true }).click();
  await expect(page).toHaveURL(/\/setting\/security$/);
  await expect(page.getByRole("heading", { level: 2, name: "출금 비밀번호 설정" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("새 출금 비밀번호", { exact: true }).fill("135790");
  await page.getByLabel("새 출금 비밀번호 확인", { exact: true }).fill("135791");
  await page.getByRole("button", { name: "저장" }).click();
  await expect(page.getByText("두 비밀번호가 같지 않아요.")).toBeVisible();
  await page.getByLabel("새 출금 비밀번호 확인", { exact: true }).fill("135790");
  await page.getByRole("button", { name: "저장" }).click();
  await expect(page.getByText("출금 비밀번호를 저장했어요.")).toBeVisible();
  await expect(page.getByText("출금 비밀번호가 설정되어 있어요.")).toBeVisible();

  // 2. The account page asks for the password first; wrong tries are counted out of five.
  await visit("/settlement/account");
  await expect(page.getByText("아직 등록한 출금 계좌가 없어요.")).toBeVisible();
  await page.getByRole("link", { name: "출금 비밀번호 확인" }).click();
  await expect(page).toHaveURL(/\/settlement\/securityCheck\?redirectTo=%2Fsettlement%2Faccount$/);
  const password = page.getByLabel("출금 비밀번호", { exact: true });
  await password.fill("000000");
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page.getByRole("alert")).toHaveText("보안 비밀번호가 일치하지 않아요. (1/5)");
  await expectAccessible(page);
  await password.fill("111111");
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page.getByRole("alert")).toHaveText("보안 비밀번호가 일치하지 않아요. (2/5)");
  await password.fill("135790");
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page).toHaveURL(/\/settlement\/account$/);

  // 3. The account: the form checks before sending, then the numbers are kept masked.
  await expect(page.getByTestId("settlement-category")).toHaveText("개인");
  await page.getByLabel("은행").selectOption({ label: "신한은행" });
  await page.getByLabel("예금주").fill("Minsu");
  await page.getByLabel("계좌번호").fill("110-123-456789");
  await page.getByLabel("주민등록번호", { exact: true }).fill("900101-1234567");
  await page.getByRole("button", { name: "저장" }).click();
  await expect(page.getByText("예금주는 한글로 입력하세요.")).toBeVisible();
  await expect(page.getByText("주민등록번호 수집·이용에 동의해야 해요.")).toBeVisible();
  await page.getByLabel("예금주").fill("김민수");
  await page.getByRole("checkbox", { name: /주민등록번호 수집·이용에 동의합니다/ }).check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "저장" }).click();
  await expect(page.getByText("출금 계좌를 저장했어요.")).toBeVisible();
  const current = page.getByTestId("settlement-current");
  await expect(current).toContainText("신한은행 ********6789 (김민수)");
  await expect(current).toContainText("900101-1******");
  await expect(page.locator("body")).not.toContainText("110123456789");
  await expect(
    page.getByText("바꿀 때만 입력하세요. 비워 두면 등록된 계좌번호(********6789)를 그대로 써요."),
  ).toBeVisible();
});

test("five wrong tries lock the withdrawal password until an administrator unlocks it, and the member sets a new one", async ({
  page,
  browser,
  visit,
}) => {
  const rider = await signedInMember(page, { nickname: uniqueNickname("locked") });
  await visit("/setting/security");
  await page.getByLabel("새 출금 비밀번호", { exact: true }).fill("246802");
  await page.getByLabel("새 출금 비밀번호 확인", { exact: true }).fill("246802");
  await page.getByRole("button", { name: "저장" }).click();
  await expect(page.getByText("출금 비밀번호를 저장했어요.")).toBeVisible();

  await visit("/settlement/securityCheck?redirectTo=%2Fsetting%2Fsecurity");
  const password = page.getByLabel("출금 비밀번호", { exact: true });
  for (let tries = 1; tries < 5; tries++) {
    await password.fill("000000");
    await page.getByRole("button", { name: "확인" }).click();
    await expect(page.getByRole("alert")).toHaveText(`보안 비밀번호가 일치하지 않아요. (${tries}/5)`);
  }
  await password.fill("000000");
  await page.getByRole("button", { name: "확인" }).click();
  await expect(page.getByRole("alert").first()).toContainText("관리자에게 문의해 주세요.");
  await expect(page.getByRole("button", { name: "확인" })).toHaveCount(0);
  await visit("/setting/security");
  await expect(
    page.getByText("출금 비밀번호를 5회 잘못 입력해 잠겼어요. 관리자에게 문의해 주세요."),
  ).toBeVisible();

  const admin = await steppedUpAdmin(browser, "192.0.2.71");
  await expect(admin.getByRole("heading", { level: 1, name: "정산 정보" })).toBeVisible();
  await expect(
    admin.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "정산 정보 관리" }),
  ).toHaveAttribute("aria-current", "page");
  const locked = admin.getByTestId("locked-password").filter({ hasText: rider.nickname });
  await expect(locked).toBeVisible();
  await expectAccessible(admin);
  await locked.getByRole("button", { name: "잠금 해제" }).click();
  await admin
    .getByRole("alertdialog", { name: "출금 비밀번호 잠금을 해제할까요?" })
    .getByRole("button", { name: "잠금 해제" })
    .click();
  await expect(admin.getByRole("status").filter({ hasText: "잠금을 해제했어요." })).toBeVisible();
  await expect(admin.getByTestId("locked-password").filter({ hasText: rider.nickname })).toHaveCount(0);

  await visit("/setting/security");
  await expect(page.getByRole("heading", { level: 2, name: "출금 비밀번호 설정" })).toBeVisible();
});
