import { expect, expectAccessible, test } from "./fixtures";
import {
  finishFirstLogin,
  latestMessage,
  signIn,
  signOut,
  signUpByEmail,
  STRONG_PASSWORD,
  totp,
  uniqueEmail,
  uniqueNickname,
  uniquePhone,
} from "./support/auth";

test.describe("accounts", () => {
  test("sign up by e-mail, sign out, sign in, and recover a forgotten password", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("mail");
    await signUpByEmail(page, email);
    await finishFirstLogin(page, uniqueNickname("메일"));
    const verification = (await latestMessage(request, email)).match(
      /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/,
    )![0];
    await page.goto(verification.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page).toHaveURL(/\/setting\/account\?done=verified$/);
    await expect(page.getByRole("status")).toHaveText("이메일 인증이 완료되었습니다.");
    await signOut(page);

    await signIn(page, email, "Wrong-Password-1");
    await expect(page.getByRole("alert")).toHaveText(
      "로그인에 실패했습니다. 입력한 정보를 다시 확인해 주세요.",
    );
    await expect(page.getByLabel("이메일 또는 휴대폰 번호")).toHaveValue(email);
    await expectAccessible(page);
    await signIn(page, email, STRONG_PASSWORD);
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
    await signOut(page);

    await page.goto("/login/forgot");
    await page.getByLabel("이메일 또는 휴대폰 번호").fill(email);
    await page.getByRole("button", { name: "재설정 안내 받기" }).click();
    await expect(page.getByRole("status")).toContainText("재설정 링크를 보냈습니다");
    const mail = await latestMessage(request, email);
    const link = mail.match(/https?:\/\/\S+\/login\/reset\?token=\S+/)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await page.getByLabel("새 비밀번호").fill("password");
    await page.getByRole("button", { name: "비밀번호 바꾸기" }).click();
    await expect(page.getByRole("alert")).toContainText("너무 흔한 비밀번호입니다.");
    await page.getByLabel("새 비밀번호").fill("Fresh-Throttle-77");
    await page.getByRole("button", { name: "비밀번호 바꾸기" }).click();
    await expect(page).toHaveURL(/\/login\?notice=reset$/);

    // The link is single-use.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await page.getByLabel("새 비밀번호").fill("Another-Throttle-78");
    await page.getByRole("button", { name: "비밀번호 바꾸기" }).click();
    await expect(page.getByRole("alert")).toContainText("링크가 만료되었거나 이미 사용되었습니다.");

    await signIn(page, email, STRONG_PASSWORD);
    await expect(page.getByRole("alert")).toBeVisible();
    await signIn(page, email, "Fresh-Throttle-77");
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
  });

  test("sign up by mobile number with the code from the outbox, then sign in with it", async ({
    page,
    request,
  }) => {
    const phone = uniquePhone();
    await page.goto("/login/signup?method=phone");
    await page.getByLabel("휴대폰 번호 (숫자 11자리)").fill(phone);
    await page.getByRole("button", { name: "인증 코드 받기" }).click();
    await expect(page.getByRole("status")).toHaveText("인증 코드를 보냈습니다. 5분 안에 입력해 주세요.");
    const code = (await latestMessage(request, phone)).match(/\d{6}/)![0];
    await page.getByLabel("인증 코드 (6자리)").fill(code);
    await page.getByLabel("비밀번호", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "가입하기" }).click();
    await finishFirstLogin(page, uniqueNickname("폰"));
    await signOut(page);
    await signIn(page, phone, STRONG_PASSWORD);
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
  });

  test("enrol two-factor with a QR code and use it to sign in", async ({ page }) => {
    const email = uniqueEmail("totp");
    await signUpByEmail(page, email);
    await finishFirstLogin(page, uniqueNickname("otp"));
    await page.goto("/setting/account");
    const twoFactor = page.getByRole("region", { name: "2단계 인증 (OTP)" });
    await twoFactor.getByLabel("비밀번호 확인").fill(STRONG_PASSWORD);
    await twoFactor.getByRole("button", { name: "2단계 인증 켜기" }).click();
    await expect(page.getByRole("img", { name: "인증 앱으로 찍을 QR 코드" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    const recovery = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((c) =>
      c.trim(),
    );
    expect(recovery).toHaveLength(10);
    await expectAccessible(page);
    await page.getByLabel("인증 앱의 6자리 코드").fill(totp(secret));
    await page.getByRole("button", { name: "등록 완료" }).click();
    await expect(page.getByRole("status")).toHaveText("2단계 인증을 켰습니다.");
    await signOut(page);

    await signIn(page, email, STRONG_PASSWORD);
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await page.getByLabel("인증 코드").fill("000000");
    await page.getByRole("button", { name: "확인" }).click();
    await expect(page.getByRole("alert")).toHaveText("인증 코드가 올바르지 않습니다.");
    await page.getByLabel("인증 코드").fill(totp(secret));
    await page.getByRole("button", { name: "확인" }).click();
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();

    // A recovery code works once in place of the app.
    await signOut(page);
    await signIn(page, email, STRONG_PASSWORD);
    await page.getByLabel("인증 코드").fill(recovery[0]!);
    await page.getByRole("button", { name: "확인" }).click();
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
  });

  test("withdraw the account; signing in again says it was withdrawn", async ({ page }) => {
    const email = uniqueEmail("bye");
    await signUpByEmail(page, email);
    await finishFirstLogin(page, uniqueNickname("탈퇴"));
    await page.goto("/login/withdrawal");
    await page.getByLabel("비밀번호 확인").fill(STRONG_PASSWORD);
    await page.getByLabel("위 내용을 확인했으며 탈퇴에 동의합니다.").check();
    await page.getByRole("button", { name: "탈퇴하기" }).click();
    await expect(page).toHaveURL(/\/login\?notice=withdrawn$/);
    await expect(page.getByRole("status")).toContainText("회원 탈퇴가 완료되었습니다.");
    await signIn(page, email, STRONG_PASSWORD);
    await expect(page.getByRole("alert")).toHaveText("이미 탈퇴한 계정입니다. 관리자에게 문의해 주세요.");
  });

  test("visitors are sent to sign in and come back afterwards", async ({ page }) => {
    const email = uniqueEmail("back");
    await signUpByEmail(page, email);
    await finishFirstLogin(page, uniqueNickname("back"));
    await signOut(page);
    await page.goto("/setting/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsetting%2Faccount$/);
    await page.getByLabel("이메일 또는 휴대폰 번호").fill(email);
    await page.getByLabel("비밀번호", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await expect(page).toHaveURL(/\/setting\/account$/);
  });
});

test.describe.serial("external sign-in through a local OpenID provider", () => {
  const setIdentity = async (identity: Record<string, unknown>) => {
    const response = await fetch("http://127.0.0.1:3212/identity", {
      method: "PUT",
      body: JSON.stringify(identity),
    });
    expect(response.status).toBe(204);
  };

  test("a signed-in member links the identity, then signs in with it", async ({ page }) => {
    const email = uniqueEmail("link");
    const nickname = uniqueNickname("link");
    await setIdentity({
      sub: `sub-${nickname}`,
      email: uniqueEmail("idp"),
      email_verified: true,
      name: "IdP Rider",
    });
    await signUpByEmail(page, email);
    await finishFirstLogin(page, nickname);
    await page.goto("/setting/account");
    await page.getByRole("button", { name: "Local OpenID 연결하기" }).click();
    await expect(page).toHaveURL(/\/setting\/account\?done=linked/);
    const linked = page.getByRole("region", { name: "연결된 외부 계정" });
    await expect(linked.getByText("Local OpenID", { exact: true })).toBeVisible();
    await signOut(page);

    await page.goto("/login");
    await page.getByRole("button", { name: "Local OpenID로 계속하기" }).click();
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
    await page.goto("/setting/account");
    await expect(page.getByText(`${nickname} 님으로 로그인했습니다.`)).toBeVisible();

    // The identity can be unlinked because a password remains; the password cannot be the last one removed.
    page.once("dialog", (dialog) => void dialog.accept());
    await linked.getByRole("button", { name: "연결 해제" }).click();
    await expect(page.getByRole("status")).toHaveText("연결을 해제했습니다.");
  });

  test("an external identity never silently takes over an account whose e-mail is not verified", async ({
    page,
  }) => {
    const email = uniqueEmail("victim");
    await signUpByEmail(page, email);
    await finishFirstLogin(page, uniqueNickname("vic"));
    await signOut(page);
    await setIdentity({ sub: `attacker-${Date.now()}`, email, email_verified: true, name: "Attacker" });
    await page.goto("/login");
    await page.getByRole("button", { name: "Local OpenID로 계속하기" }).click();
    await expect(page).toHaveURL(/\/login\?error=account_not_linked/);
    await expect(page.getByRole("alert")).toContainText("기존 방법으로 로그인한 뒤 설정에서 연결해 주세요.");
    await page.goto("/setting/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });
});
