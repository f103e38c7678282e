import { OIDC_PORT } from "../../playwright.config";
import { expect, expectAccessible, test } from "./fixtures";
import {
  agreeToRequiredTerms,
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
    await expect(page).toHaveURL(/\/setting\/account$/);
    await expect(page.getByRole("status")).toHaveText("이메일 인증이 완료되었습니다.");
    await signOut(page);

    await signIn(page, email, "Wrong-Password-1");
    await expect(page.getByRole("alert")).toHaveText(
      "로그인에 실패했습니다. 입력한 정보를 다시 확인해 주세요.",
    );
    await expect(page.getByLabel("이메일 또는 휴대폰 번호")).toHaveValue(email);
    // The address stays the sign-in page's own (no "?index").
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/login");
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
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("비밀번호를 바꿨습니다");

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

  test("sign up by mobile number typed with hyphens, with the code from the outbox, then sign in with it", async ({
    page,
    request,
  }) => {
    const phone = uniquePhone();
    const [head, middle, tail] = [phone.slice(0, 3), phone.slice(3, 7), phone.slice(7)];
    await page.goto("/login/signup?method=phone");
    await page.getByLabel("휴대폰 번호 (숫자 11자리)").fill(`${head}-${middle}-${tail}`);
    await page.getByRole("button", { name: "인증 코드 받기" }).click();
    await expect(page.getByRole("status")).toHaveText("인증 코드를 보냈습니다. 5분 안에 입력해 주세요.");
    const code = (await latestMessage(request, phone)).match(/\d{6}/)![0];
    await page.getByLabel("인증 코드 (6자리)").fill(code);
    await page.getByLabel("비밀번호", { exact: true }).fill(STRONG_PASSWORD);
    await agreeToRequiredTerms(page);
    await page.getByRole("button", { name: "가입하기" }).click();
    await finishFirstLogin(page, uniqueNickname("폰"));
    await signOut(page);
    await signIn(page, `${head} ${middle} ${tail}`, STRONG_PASSWORD);
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
  });

  test("sign-up asks for each required consent on its own and keeps what was typed", async ({ page }) => {
    const email = uniqueEmail("consent");
    await page.goto("/login/signup");
    const consents = page.getByRole("group", { name: "약관 동의" });
    await expect(consents.getByRole("link", { name: "이용약관 보기 (새 창)" })).toHaveAttribute(
      "href",
      "/policy/terms",
    );
    await expect(consents.getByRole("link", { name: "개인정보처리방침 보기 (새 창)" })).toHaveAttribute(
      "href",
      "/policy/privacy",
    );
    await page.getByLabel("이메일", { exact: true }).fill(email);
    await page.getByLabel("비밀번호", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("[필수] 이용약관에 동의합니다").check();
    await page.getByLabel("[선택] 이벤트·혜택 알림(마케팅 정보) 수신에 동의합니다").check();
    await page.getByRole("button", { name: "가입하기" }).click();
    await expect(page.getByRole("alert")).toHaveText("필수 항목에 모두 동의해 주세요.");
    await expect(page.getByLabel("이메일", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("[필수] 이용약관에 동의합니다")).toBeChecked();
    await expect(page.getByLabel("[필수] 개인정보 수집·이용에 동의합니다")).not.toBeChecked();
    await expect(page.getByLabel("[선택] 이벤트·혜택 알림(마케팅 정보) 수신에 동의합니다")).toBeChecked();
    await expectAccessible(page);

    // "Agree to all" ticks every box; marketing stays optional.
    await page.getByLabel("전체 동의 (선택 항목 포함)").check();
    for (const box of await consents.getByRole("checkbox").all()) await expect(box).toBeChecked();
    await page.getByLabel("[선택] 이벤트·혜택 알림(마케팅 정보) 수신에 동의합니다").uncheck();
    await expect(page.getByLabel("전체 동의 (선택 항목 포함)")).not.toBeChecked();
    await page.getByLabel("비밀번호", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "가입하기" }).click();
    await expect(page).toHaveURL(/\/login\/new$/);
  });

  test("the English sign-up refuses missing consents in English", async ({ page }) => {
    // The first visit follows the browser's language (Korean here); from then on the address decides.
    await page.goto("/login/signup");
    await page.goto("/en/login/signup");
    await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("consent-en"));
    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("[Required] I am 15 or older").check();
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Please agree to all the required items.");
    await expect(page.getByLabel("[Required] I am 15 or older")).toBeChecked();
  });

  test("a password typed before the page's scripts have run is kept once they run", async ({ page }) => {
    // The client entry is held back until the password is typed, as on a slow phone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Its own waitUntil: the page is used before its scripts run, without waiting for them.
    await page.goto("/login", { waitUntil: "load" });
    await page.getByLabel("비밀번호", { exact: true }).fill("Typed-Early-77!");
    release();
    // Hydrated: the show-password toggle appears, and the typed password is still there.
    await expect(page.getByRole("button", { name: "비밀번호 보기" })).toBeVisible();
    await expect(page.getByLabel("비밀번호", { exact: true })).toHaveValue("Typed-Early-77!");
  });

  test("a password can be shown and hidden again from the keyboard", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("비밀번호", { exact: true });
    await password.fill("Secret-Throttle-1");
    const toggle = page.getByRole("button", { name: "비밀번호 보기" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await password.focus();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(password).toHaveAttribute("type", "text");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Space");
    await expect(password).toHaveAttribute("type", "password");
    await expect(password).toHaveValue("Secret-Throttle-1");
    await expectAccessible(page);
    await page.goto("/en/login/signup");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("the first-login page names the mobile number once and does not repeat the age rule", async ({
    page,
  }) => {
    await signUpByEmail(page, uniqueEmail("labels"));
    await expect(page).toHaveURL(/\/login\/new$/);
    await expect(page.getByText(/^휴대폰 번호/)).toHaveCount(1);
    await expect(page.getByText("만 15세 이상 가입할 수 있습니다.")).toBeVisible();
    await page.getByLabel("생년월일 *").fill("2020-01-01");
    await page.getByRole("button", { name: "프로필 저장" }).click();
    await expect(page.getByRole("alert")).toContainText("만 15세 이상만 가입할 수 있습니다.");
    await expect(page.getByText("만 15세 이상 가입할 수 있습니다.")).toHaveCount(0);
  });

  test("the welcome points come from the welcome page's button, which works without JavaScript", async ({
    page,
    browser,
  }) => {
    await signUpByEmail(page, uniqueEmail("welcome"));
    await finishFirstLogin(page, uniqueNickname("환영"), { stopAtWelcome: true });
    await expect(page.getByText("가입 축하 포인트 3,000P를 드립니다.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "가입 축하 포인트" })).toHaveCount(0);
    // Opening the page again grants nothing.
    await page.reload();
    await expect(page.getByRole("button", { name: "포인트 받고 시작하기" })).toBeVisible();

    const plain = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": "198.51.100.252" },
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    });
    const noScript = await plain.newPage();
    await noScript.goto("/login/welcome");
    await noScript.getByRole("button", { name: "포인트 받고 시작하기" }).click();
    await expect(noScript.getByRole("status")).toHaveText("가입 축하 포인트 3,000P를 드렸습니다.");
    await noScript.getByRole("link", { name: "시작하기" }).click();
    await expect(noScript).toHaveURL(/:\d+\/$/);
    await plain.close();

    await page.goto("/my/point");
    await expect(page.getByTestId("point-balance")).toHaveText("3,000P");
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
    await expect(page).toHaveURL(/\/login$/);
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

    // A redirect that a browser would read as another site goes home instead; odd characters do not break it.
    const origin = new URL(page.url()).origin;
    for (const target of ["/%09/evil.example", "/%5C/evil.example", "%E2%80%A8", "/%EA%B2%80%EC%83%89%0A"]) {
      const response = await page.goto(`/login?redirectTo=${target}`);
      expect(response?.status(), target).toBeLessThan(500);
      expect(new URL(page.url()).origin).toBe(origin);
    }
    await page.goto("/login?redirectTo=/%09/evil.example");
    await expect(page).toHaveURL(`${origin}/`);
  });
});

test.describe.serial("external sign-in through a local OpenID provider", () => {
  const setIdentity = async (identity: Record<string, unknown>) => {
    // The local provider's control port is the one after its own (see support/oidc-provider.ts).
    const response = await fetch(`http://127.0.0.1:${OIDC_PORT + 1}/identity`, {
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
    await expect(page).toHaveURL(/\/setting\/account$/);
    await expect(page.getByRole("status")).toHaveText("외부 계정을 연결했습니다.");
    const linked = page.getByRole("region", { name: "연결된 외부 계정" });
    await expect(linked.getByText("Local OpenID", { exact: true })).toBeVisible();
    await signOut(page);

    // The provider's return goes only to a path of this site.
    const origin = new URL(page.url()).origin;
    await page.goto("/login?redirectTo=/%09/evil.example");
    await page.getByRole("button", { name: "Local OpenID로 계속하기" }).click();
    await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
    await expect(page).toHaveURL(`${origin}/`);
    await page.goto("/setting/account");
    await expect(page.getByText(`${nickname} 님으로 로그인했습니다.`)).toBeVisible();

    // The identity can be unlinked because a password remains; the password cannot be the last one removed.
    await linked.getByRole("button", { name: "연결 해제" }).click();
    await page
      .getByRole("alertdialog", { name: "Local OpenID 연결을 해제할까요?" })
      .getByRole("button", { name: "연결 해제" })
      .click();
    await expect(page.getByRole("status")).toHaveText("연결을 해제했습니다.");
  });

  test("a rider who joins through the provider ticks the consent boxes on the first-login page", async ({
    page,
  }) => {
    const nickname = uniqueNickname("idp");
    await setIdentity({
      sub: `new-${nickname}`,
      email: uniqueEmail("newidp"),
      email_verified: true,
      name: "New",
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Local OpenID로 계속하기" }).click();
    await expect(page).toHaveURL(/\/login\/new$/);
    await expect(page.getByRole("group", { name: "약관 동의" })).toBeVisible();
    await page.getByRole("button", { name: "프로필 저장" }).click();
    await expect(page.getByRole("alert")).toContainText("필수 항목에 모두 동의해 주세요.");
    await finishFirstLogin(page, nickname);
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
