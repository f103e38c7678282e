import { expect, expectAccessible, test } from "./fixtures";
import { newAdmin, signIn } from "./support/auth";
import { signedInMember } from "./support/seed";

test("an administrator suspends a member, who is signed out and refused sign-in, and finds the acts on the audit log", async ({
  page,
  browser,
}) => {
  test.slow();
  const rider = await signedInMember(page);
  await page.goto("/my");
  await expect(page.getByRole("button", { name: "로그아웃" }).first()).toBeVisible();
  // A member is not an administrator: the console is not there for them.
  expect((await page.goto("/admin"))?.status()).toBe(404);
  expect((await page.goto(`/admin/members/${rider.id}`))?.status()).toBe(404);
  await page.goto("/my");

  const admin = await newAdmin(browser, "198.51.100.247");
  // The console is one of an administrator's settings.
  await admin.goto("/setting");
  await admin.getByRole("link", { name: "운영 콘솔" }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByRole("heading", { level: 1, name: "운영 콘솔" })).toBeVisible();
  await expect(admin.getByTestId("admin-queues").getByRole("link", { name: /실패한 작업/ })).toHaveAttribute(
    "href",
    "/admin/jobs",
  );
  await expectAccessible(admin);
  await admin.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "회원 관리" }).click();
  await expect(admin).toHaveURL(/\/admin\/members$/);
  await admin.getByLabel("닉네임, 이메일 또는 회원 ID").fill(rider.nickname);
  await admin.getByRole("button", { name: "찾기" }).click();
  await expect(admin).toHaveURL(/\/admin\/members\?q=/);
  await admin.getByRole("link", { name: new RegExp(rider.nickname) }).click();
  await expect(admin.getByRole("heading", { level: 1, name: rider.nickname })).toBeVisible();
  // The mobile number is masked.
  await expect(admin.getByText(/^010-\*\*\*\*-\d{4}$/)).toBeVisible();
  await expect(admin.getByText("로그인된 기기 1개")).toBeVisible();
  await expectAccessible(admin);

  // A suspension takes a period and a reason, and asks first.
  await admin.getByLabel("기간").selectOption("7");
  await admin.getByLabel("사유", { exact: true }).fill("거래 게시판 반복 도배");
  await admin.getByRole("button", { name: "이용 정지하기" }).click();
  await admin
    .getByRole("alertdialog", { name: "이 회원을 이용 정지할까요?" })
    .getByRole("button", { name: "이용 정지하기" })
    .click();
  await expect(admin.getByRole("status").filter({ hasText: "이용 정지했습니다." })).toBeVisible();
  await expect(admin.getByTestId("member-state")).toHaveText(/까지 이용 정지$/);
  await expect(admin.getByText("로그인된 기기 0개")).toBeVisible();

  // The member's open page is signed out on its next navigation, and the sign-in says until when.
  await page.goto("/my");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy$/);
  await signIn(page, rider.email, rider.password);
  await expect(page.getByRole("alert")).toContainText(
    /이용이 정지된 계정입니다\. \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}까지 로그인할 수 없습니다\./,
  );
  await expectAccessible(page);

  // The administrator lifts it; the member gets in again.
  await admin.getByLabel("사유", { exact: true }).fill("소명 확인, 재발 시 영구 정지");
  await admin.getByRole("button", { name: "정지 해제하기" }).click();
  await admin
    .getByRole("alertdialog", { name: "이용 정지를 해제할까요?" })
    .getByRole("button", { name: "정지 해제하기" })
    .click();
  await expect(admin.getByRole("status").filter({ hasText: "정지를 해제했습니다." })).toBeVisible();
  await expect(admin.getByTestId("member-sanctions")).toContainText("해제됨");
  await signIn(page, rider.email, rider.password);
  await expect(page.getByRole("button", { name: "로그아웃" }).first()).toBeVisible();

  // Both acts are on the audit log.
  await admin.goto(`/admin/audit?kind=member&subject=${rider.id}`);
  const acts = admin.getByTestId("audit-rows").getByRole("listitem");
  await expect(acts).toHaveCount(2);
  await expect(acts.filter({ hasText: "회원 이용 정지" })).toContainText("거래 게시판 반복 도배");
  await expect(acts.filter({ hasText: "회원 정지 해제" })).toContainText("소명 확인, 재발 시 영구 정지");
  await admin.context().close();
});
