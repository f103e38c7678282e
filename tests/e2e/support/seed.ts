import type { APIRequestContext, Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../../../app/i18n";
import type { SeededMeeting } from "../../../app/services/testing/seed-meetings.server";
import type { SeededMember } from "../../../app/services/testing/seed-members.server";
import { expect } from "../fixtures";

export type { SeededMember };

/**
 * A member made by the server's test seeding (POST /test/seed/member, open where the outbox page is): signed up
 * with the required consents, mobile verified, first-login profile saved and welcomed. An administrator also has
 * two-step verification on, and the answer carries the authenticator's secret. Signed in, the answer carries the
 * session cookie (an administrator's past two-step verification).
 */
async function seedMember(
  request: APIRequestContext,
  input: SeedInput & { signedIn?: boolean },
): Promise<{ member: SeededMember; origin: string }> {
  const response = await request.post("/test/seed/member", {
    data: {
      role: input.role ?? "member",
      ...(input.nickname ? { nickname: input.nickname } : {}),
      ...(input.memberType ? { memberType: input.memberType } : {}),
      ...(input.signedIn ? { signedIn: true } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { member: (await response.json()) as SeededMember, origin: new URL(response.url()).origin };
}

type SeedInput = { role?: "member" | "admin"; nickname?: string; memberType?: "individual" | "business" };

/**
 * A seeded member, signed in on this page's context with the session the seeding kept: what a test needs before
 * its own steps. Signing in through the pages is shown where it is the subject (auth.spec.ts, settings.spec.ts).
 */
export async function signedInMember(page: Page, input: SeedInput = {}): Promise<SeededMember> {
  const { member, origin } = await seedMember(page.request, { ...input, signedIn: true });
  const { name, value } = member.session!;
  // The language cookie too, as the Korean sign-in page would have left it: a member is not a first visitor.
  await page.context().addCookies([
    { name, value, url: origin, httpOnly: true, sameSite: "Lax" },
    { name: LOCALE_COOKIE, value: "ko", url: origin, sameSite: "Lax" },
  ]);
  return member;
}

/**
 * A meeting between two seeded members, as the rider's request of `kind` opens one (the provider gets a skill of the
 * kind); `reserved` has the provider set an appointment two hours ahead and confirm it; `paidAndEnded` (won) has the
 * requester pay that through the local gateway and the provider end the meeting after its appointment.
 */
export async function seededMeeting(
  request: APIRequestContext,
  input: { requesterId: string; providerId: string; kind: string; reserved?: boolean; paidAndEnded?: number },
): Promise<SeededMeeting> {
  const response = await request.post("/test/seed/meeting", { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SeededMeeting;
}

/** A coupon of `value` won off held by a seeded member (POST /test/seed/coupon): what a payment test pays with. */
export async function seededCoupon(
  request: APIRequestContext,
  input: { memberId: string; name: string; value: number; meetingKinds?: string[] },
): Promise<{ couponId: number; memberCouponId: number }> {
  const response = await request.post("/test/seed/coupon", { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { couponId: number; memberCouponId: number };
}
