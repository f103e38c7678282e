import { expect, expectAccessible, test } from "./fixtures";
import { signedInMember } from "./support/seed";
import {
  finishFirstLogin,
  signIn,
  signOut,
  signUpByEmail,
  turnOnTwoFactor,
  uniqueNickname,
} from "./support/auth";

test("the settings menu, and a 1:1 inquiry answered by an administrator with two-step verification", async ({
  page,
  browser,
}) => {
  // The administrator signs up and turns on two-step verification in the browser: that is what this test shows.
  test.slow();
  await signedInMember(page);
  await page.goto("/setting");
  await expectAccessible(page);
  for (const entry of [
    "내 프로필",
    "로그인 및 보안",
    "숨긴 회원",
    "1:1 문의",
    "이용약관",
    "개인정보처리방침",
  ]) {
    await expect(page.getByRole("main").getByRole("link", { name: entry, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^버전 /)).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "1:1 문의" }).click();
  await page.getByRole("button", { name: "문의 보내기" }).click();
  await expect(page.getByRole("alert")).toHaveText("제목을 입력해 주세요.");
  const title = `포인트 문의 ${Date.now()}`;
  await page.getByLabel("제목").fill(title);
  await page.getByLabel("내용").fill("가입 축하 포인트는 어디서 확인하나요?");
  await page.getByRole("button", { name: "문의 보내기" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "문의를 보냈습니다. 답변은 이 페이지에서 확인할 수 있습니다.",
  );
  await expect(page.getByText("답변 대기 중")).toBeVisible();
  // A member is not an administrator.
  expect((await page.goto("/admin/inquiry"))?.status()).toBe(404);

  const adminContext = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": "198.51.100.253" },
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  });
  const admin = await adminContext.newPage();
  await signUpByEmail(admin, "admin@motomate.test");
  await finishFirstLogin(admin, uniqueNickname("관리"));
  // An administrator must turn on two-step verification first.
  await admin.goto("/admin/inquiry");
  await expect(admin).toHaveURL(/\/setting\/account$/);
  await expect(
    admin.getByText(
      "운영진 계정(관리자, 모더레이터, 재무 담당자)은 2단계 인증을 켜야 관리 기능을 쓸 수 있습니다.",
    ),
  ).toBeVisible();
  await turnOnTwoFactor(admin);

  await admin.goto("/admin/inquiry");
  const item = admin.getByRole("listitem").filter({ hasText: title });
  await item.getByLabel("답변").fill("마이 > 포인트에서 확인할 수 있습니다.");
  await item.getByRole("button", { name: "답변 등록" }).click();
  await expect(admin.getByRole("status")).toHaveText("답변을 등록했습니다.");
  await adminContext.close();

  await page.goto("/setting/inquiry");
  await expect(page.getByTestId("inquiry-answer").first()).toHaveText(
    "마이 > 포인트에서 확인할 수 있습니다.",
  );
  await signOut(page);
});

test("every settings entry of the spec works, and those of areas not built yet say so", async ({
  page,
  visit,
  request,
}) => {
  await signIn(page, "minsu@demo.motomate.kr", "Demo-Ride-2026!");
  await expect(page.getByRole("button", { name: "로그아웃" }).first()).toBeVisible();
  await visit("/setting");
  const main = page.getByRole("main");
  for (const entry of [
    "스킬 관리",
    "알림 설정",
    "숨긴 회원",
    "1:1 문의",
    "이용약관",
    "개인정보처리방침",
    "구매 내역",
  ])
    await expect(main.getByRole("link", { name: entry, exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: "스킬 관리", exact: true })).toHaveAttribute(
    "href",
    "/my/skill",
  );
  await expect(main.getByRole("link", { name: "구매 내역", exact: true })).toHaveAttribute(
    "href",
    "/setting/purchases",
  );
  await expect(main.getByRole("link", { name: "출금 계좌", exact: true })).toHaveAttribute(
    "href",
    "/settlement/account",
  );
  await expect(main.getByRole("link", { name: "출금 비밀번호", exact: true })).toHaveAttribute(
    "href",
    "/setting/security",
  );
  await expect(main.getByText("평일 10:00–18:00 (점심 12:00–13:00, 주말·공휴일 휴무)")).toBeVisible();
  await expect(main.getByRole("link", { name: "이메일 help@motomate.kr" })).toHaveAttribute(
    "href",
    "mailto:help@motomate.kr",
  );
  const { id } = (await (await request.get("/builds/latest.json")).json()) as { id: string };
  await expect(page.getByTestId("setting-version")).toHaveText(
    new RegExp(`^버전 ${id} \\(\\d{4}\\.\\d{2}\\.\\d{2} 빌드\\)$`),
  );

  await main.getByRole("combobox", { name: "화면 모드" }).selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await main.getByRole("link", { name: "English로 보기" }).click();
  await expect(page).toHaveURL(/\/en\/setting$/);
  await expect(
    page.getByRole("main").getByRole("link", { name: "Skill management", exact: true }),
  ).toHaveAttribute("href", "/en/my/skill");
  await expect(page.getByTestId("setting-version")).toHaveText(
    new RegExp(`^Version ${id} \\(built [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\)$`),
  );
});
