import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { phoneJpeg } from "../../../app/services/uploads/test-images";
import { totp } from "../../setup/totp";
import { expect } from "../fixtures";
import { signedInMember } from "./seed";

export const STRONG_PASSWORD = "Saddle-Road-42!";

let counter = 0;
/** An address or number no other test uses in this run. */
export function uniqueEmail(label: string) {
  return `${label}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
}
export function uniquePhone() {
  return `010${String(Date.now() * 10 + (counter++ % 10)).slice(-8)}`;
}
export function uniqueNickname(label: string) {
  return `${label}${Date.now().toString(36).slice(-6)}${counter++}`.slice(0, 15);
}

function unescapeHtml(text: string) {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The newest message the local adapters "sent" to a recipient, read from the outbox page. */
export async function latestMessage(request: APIRequestContext, recipient: string): Promise<string> {
  let body: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get("/outbox")).text();
      const start = html.indexOf(`data-recipient="${recipient}"`);
      if (start < 0) return false;
      const pre = html.slice(start).match(/<pre[^>]*>([\s\S]*?)<\/pre>/);
      body = pre ? unescapeHtml(pre[1]!) : undefined;
      return Boolean(body);
    })
    .toBe(true);
  return body!;
}

/** Ticks the three required consent boxes of the sign-up form (or of the first-login page after a provider). */
export async function agreeToRequiredTerms(page: Page) {
  for (const label of [
    "[필수] 이용약관에 동의합니다",
    "[필수] 개인정보 수집·이용에 동의합니다",
    "[필수] 만 15세 이상입니다",
  ])
    await page.getByLabel(label, { exact: true }).check();
}

export async function signUpByEmail(page: Page, email: string, password = STRONG_PASSWORD) {
  await page.goto("/login/signup");
  await page.getByLabel("이메일", { exact: true }).fill(email);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  await agreeToRequiredTerms(page);
  await page.getByRole("button", { name: "가입하기" }).click();
}

/** A phone photo (EXIF with GPS) to upload as an avatar. */
export async function avatarPhoto() {
  return { name: "riding.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg() };
}

/**
 * Completes the first-login profile as an individual member: mobile verified with the code from the outbox, one
 * avatar, an activity area found by address search, a genre and an SNS link; then the welcome screen's button.
 */
export async function finishFirstLogin(
  page: Page,
  nickname: string,
  options: {
    phone?: string;
    /** Stop on the welcome page, before its button. */ stopAtWelcome?: boolean;
  } = {},
) {
  await expect(page).toHaveURL(/\/login\/new$/);
  const phone = options.phone ?? uniquePhone();
  const verified = page.getByText(/번호가 인증되었습니다\./);
  const mobileField = page.getByLabel("휴대폰 번호 *", { exact: true });
  // Wait for the page to show one or the other before deciding.
  await expect(verified.or(mobileField)).toBeVisible();
  if (!(await verified.isVisible())) {
    await mobileField.fill(phone);
    await page.getByRole("button", { name: "인증 코드 받기" }).click();
    await expect(page.getByText("인증 코드를 보냈습니다. 5분 안에 입력해 주세요.")).toBeVisible();
    const code = (await latestMessage(page.request, phone)).match(/\d{6}/)![0];
    await page.getByLabel("인증 코드", { exact: true }).fill(code);
    await page.getByRole("button", { name: "인증하기" }).click();
    await expect(verified).toBeVisible();
  }
  // Members who joined through a provider tick the consent boxes here.
  if (await page.getByLabel("[필수] 이용약관에 동의합니다", { exact: true }).count())
    await agreeToRequiredTerms(page);
  await page.getByLabel("닉네임 *").fill(nickname);
  await page.getByRole("button", { name: "중복 확인" }).click();
  await expect(page.getByText("사용할 수 있는 닉네임입니다.")).toBeVisible();
  await page.getByLabel("한 줄 소개 *").fill("주말마다 남해안을 달립니다");
  await page.getByLabel("생년월일 *").fill("1990-05-01");
  await page.getByLabel("라이딩 경력 (년) *").fill("5");
  await page.getByLabel("프로필 사진 *").setInputFiles(await avatarPhoto());
  await page.getByRole("group", { name: "관심 장르 *" }).getByRole("checkbox").first().check();
  await page.getByLabel("주소 1").fill("https://www.instagram.com/motomate_rider");
  await page.getByLabel("주소 검색").fill("영등포");
  await page.getByRole("button", { name: "검색", exact: true }).click();
  await page.getByRole("button", { name: "서울특별시 영등포구" }).click();
  await page.getByRole("button", { name: "이 위치 추가" }).click();
  await page.getByRole("button", { name: "프로필 저장" }).click();
  // The welcome page's own content, not only its address: the address changes before the page replaces the form.
  await expect(page.getByRole("heading", { name: "환영합니다", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "포인트 받고 시작하기" })).toBeVisible();
  await expect(page.getByRole("button", { name: "프로필 저장" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/login\/welcome$/);
  if (options.stopAtWelcome) return;
  await page.getByRole("button", { name: "포인트 받고 시작하기" }).click();
  await expect(page.getByRole("status").filter({ hasText: "가입 축하 포인트" })).toBeVisible();
  await page.getByRole("link", { name: "시작하기" }).click();
  await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
}

export async function signIn(page: Page, identifier: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("이메일 또는 휴대폰 번호").fill(identifier);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "로그아웃" }).first().click();
  await expect(page.getByRole("link", { name: "로그인" })).toBeVisible();
}

export { totp };

/** Turns on two-step verification from /setting/account (where administrators are sent first). */
export async function turnOnTwoFactor(page: Page) {
  if (!page.url().endsWith("/setting/account")) await page.goto("/setting/account");
  const twoFactor = page.getByRole("region", { name: "2단계 인증 (OTP)" });
  await twoFactor.getByLabel("비밀번호 확인").fill(STRONG_PASSWORD);
  await twoFactor.getByRole("button", { name: "2단계 인증 켜기" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("인증 앱의 6자리 코드").fill(totp(secret));
  await page.getByRole("button", { name: "등록 완료" }).click();
  await expect(page.getByRole("status")).toHaveText("2단계 인증을 켰습니다.");
}

/**
 * A seeded administrator (two-step verification on), signed in, in a browser context of its
 * own; `address` keeps its sign-in limits apart.
 */
export async function newAdmin(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({
    locale: "ko-KR",
    extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": address },
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  });
  const admin = await context.newPage();
  await signedInMember(admin, { role: "admin" });
  return admin;
}
