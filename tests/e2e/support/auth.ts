import { createHmac } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "../fixtures";

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

export async function signUpByEmail(page: Page, email: string, password = STRONG_PASSWORD) {
  await page.goto("/login/signup");
  await page.getByLabel("이메일", { exact: true }).fill(email);
  await page.getByLabel("비밀번호", { exact: true }).fill(password);
  await page.getByRole("button", { name: "가입하기" }).click();
}

export async function finishFirstLogin(page: Page, nickname: string) {
  await expect(page).toHaveURL(/\/login\/new$/);
  await page.getByLabel("닉네임").fill(nickname);
  await page.getByRole("button", { name: "시작하기" }).click();
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

function base32Decode(input: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of input.replace(/=+$/, "").toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 code, as an authenticator app would show it. */
export function totp(secret: string, at = Date.now()) {
  const counterBuffer = Buffer.alloc(8);
  counterBuffer.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counterBuffer).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
