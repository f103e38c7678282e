import type { APIRequestContext, Page } from "@playwright/test";
import type { SeededMember } from "../../../app/services/testing/seed-members.server";
import { totp } from "../../setup/totp";
import { expect } from "../fixtures";

export type { SeededMember };

/**
 * A member made by the server's test seeding (POST /test/seed/member, open where the outbox page is): signed up
 * with the required consents, mobile verified, first-login profile saved and welcomed. An administrator also has
 * two-step verification on, and the answer carries the authenticator's secret.
 */
async function seedMember(
  request: APIRequestContext,
  input: { role?: "member" | "admin"; nickname?: string; memberType?: "individual" | "business" } = {},
): Promise<SeededMember> {
  const response = await request.post("/test/seed/member", {
    data: {
      role: input.role ?? "member",
      ...(input.nickname ? { nickname: input.nickname } : {}),
      ...(input.memberType ? { memberType: input.memberType } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SeededMember;
}

/** The authenticator codes used so far, per secret: the server accepts each code once. */
const usedCodes = new Map<string, Set<string>>();

/** The current authenticator code, waiting for the next one when this one was used already. */
async function freshCode(secret: string) {
  const used = usedCodes.get(secret) ?? new Set<string>();
  usedCodes.set(secret, used);
  let code = totp(secret);
  while (used.has(code)) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
    code = totp(secret);
  }
  used.add(code);
  return code;
}

/** Signs a seeded member in through the sign-in page (and an administrator through the two-step page). */
async function signInAs(page: Page, member: SeededMember) {
  await page.goto("/login");
  await page.getByLabel("이메일 또는 휴대폰 번호").fill(member.email);
  await page.getByLabel("비밀번호", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  if (member.totpSecret) {
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await page.getByLabel("인증 코드").fill(await freshCode(member.totpSecret));
    await page.getByRole("button", { name: "확인" }).click();
  }
  // Signed in once the next page is rendered with the member's header, however long the server takes.
  await expect(page.getByRole("button", { name: "로그아웃" }).first()).toBeVisible({ timeout: 20_000 });
}

/** A seeded member, signed in on this page. */
export async function signedInMember(
  page: Page,
  input: { role?: "member" | "admin"; nickname?: string; memberType?: "individual" | "business" } = {},
): Promise<SeededMember> {
  const member = await seedMember(page.request, input);
  await signInAs(page, member);
  return member;
}
