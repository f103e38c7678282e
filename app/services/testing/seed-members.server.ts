import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { member } from "#app/db/schema";
import { totp } from "#app/platform/auth/totp";
import { latestOutboxMessage } from "#app/platform/messaging/outbox.server";
import type { Runtime } from "#app/platform/runtime.server";
import {
  confirmTwoFactor,
  signOut,
  signUpWithEmail,
  startTwoFactor,
  type AuthDeps,
} from "#app/services/auth/accounts.server";
import { promoteToAdmin } from "#app/services/auth/admin.server";
import { areaByCode } from "#app/services/location/address-search";
import { sendProfileMobileCode, verifyProfileMobile } from "#app/services/members/mobile.server";
import { completeProfile, welcomeMember } from "#app/services/members/profile.server";
import { listFilterTable } from "#app/services/reference/filters.server";

export interface SeedMemberInput {
  role: "member" | "admin";
  /** A nickname of the member's own; a unique one otherwise. */
  nickname?: string;
  /** A business member (a repair shop with a valid, unique registration number) instead of an individual. */
  memberType?: "individual" | "business";
  /** Keep the sign-up's session and answer its cookie, instead of ending it for the test to sign in itself. */
  signedIn?: boolean;
}

/** What a test needs to act as the member: the credentials, and an administrator's authenticator secret. */
export interface SeededMember {
  id: string;
  email: string;
  password: string;
  phone: string;
  nickname: string;
  role: "member" | "admin";
  /** The base32 secret of an administrator's authenticator (two-step verification is on). */
  totpSecret?: string;
  /** The session cookie of a member seeded signed in (an administrator's has passed two-step verification). */
  session?: { name: string; value: string };
}

function sessionCookie(headers: Headers) {
  const pair = headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((cookie) => cookie.includes("session_token="));
  if (!pair) throw new Error("Sign-up set no session cookie");
  return pair;
}

/** A registration number with a valid check digit (see isValidBusinessNumber), random enough to be unique. */
function businessNumber() {
  const digits = [...String(randomInt(100_000_000, 1_000_000_000))].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((total, weight, index) => total + weight * digits[index]!, 0);
  sum += Math.floor((digits[8]! * 5) / 10);
  return `${digits.join("")}${(10 - (sum % 10)) % 10}`;
}

/** A repair shop's business details, named after the member. */
function businessOf(nickname: string) {
  return {
    name: `${nickname} 모터스`,
    number: businessNumber(),
    tel: "0212345678",
    typeCode: "repairShop",
    years: 5,
    days: ["mon", "tue", "wed", "thu", "fri"],
    opensAt: "h0900",
    closesAt: "h1800",
    introduction: "",
    ownerName: "김정비",
    email: "shop@example.com",
    settlementPhone: "01012345678",
  };
}

function portrait() {
  const [r, g, b] = [randomInt(256), randomInt(256), randomInt(256)];
  return sharp({ create: { width: 256, height: 256, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/**
 * A member as a person would make one, through the same services the pages call: e-mail sign-up with the required
 * consents, the mobile number verified with the code the SMS outbox received, the first-login profile saved (photo,
 * area, genre, SNS link) and the welcome screen's completion. An administrator is then promoted (as ADMIN_EMAILS
 * would) and enrols an authenticator, so two-step verification is on. The sign-up's own session is ended, for the
 * test to sign in as the member would, or kept and answered when the member is wanted signed in. Development and tests only: the SMS code is read from the outbox.
 */
export async function seedMember(
  runtime: Runtime,
  input: SeedMemberInput,
  headers: Headers,
): Promise<SeededMember> {
  if (runtime.messaging.sms.kind !== "outbox")
    throw new Error("Seeding members needs the SMS outbox: the mobile code is read from it");
  const deps: AuthDeps = {
    auth: runtime.auth,
    db: runtime.db,
    clock: runtime.clock,
    messaging: runtime.messaging,
    config: runtime.config,
    storage: runtime.storage,
  };
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const email = `${input.role === "admin" ? "admin" : "rider"}.${tag}@example.com`;
  const password = `Seed-${randomBytes(6).toString("hex")}-Ride!`;
  // Not a word riders search for ("라이더" finds the demo riders only): seeded members stay out of search tests.
  const nickname = input.nickname ?? `시드${tag.slice(-8)}`;
  const phone = `010${String(randomInt(10_000_000, 100_000_000))}`;

  const signedUp = await signUpWithEmail(
    deps,
    { email, password, consents: { terms: true, privacy: true, age: true, marketing: false } },
    headers,
  );
  const session = new Headers(headers);
  session.set("cookie", sessionCookie(signedUp.headers));
  const [row] = await runtime.db.select({ id: member.id }).from(member).where(eq(member.email, email));
  const id = row!.id;

  await sendProfileMobileCode(deps, id, phone, headers);
  const message = await latestOutboxMessage(runtime.db, phone, "sms");
  const code = message?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error("No mobile code reached the outbox");
  await verifyProfileMobile(deps, id, phone, code);

  const genres = await listFilterTable(runtime.db, "motoGenre");
  const area = areaByCode("seoul-yeongdeungpo")!;
  await completeProfile(
    runtime,
    id,
    {
      nickname,
      introduction: "주말마다 남해안을 달립니다",
      birthDate: "1990-05-01",
      ridingYears: 5,
      memberType: input.memberType ?? "individual",
      ...(input.memberType === "business" ? { business: businessOf(nickname) } : {}),
      locations: [{ lat: area.lat, lng: area.lng, simpleAddress: area.koShort, areaCode: area.code }],
      genres: [genres[0]!.code],
      sns: [{ kind: "instagram", url: "https://www.instagram.com/motomate_rider" }],
    },
    { avatars: [{ body: await portrait(), declaredType: "image/png" }], businessImages: [] },
  );
  await welcomeMember(runtime.db, runtime.clock, id, runtime.config.welcomePoints);

  let totpSecret: string | undefined;
  if (input.role === "admin") {
    await promoteToAdmin(runtime.db, runtime.clock, email);
    const { totpURI } = await startTwoFactor(deps, password, session);
    totpSecret = new URL(totpURI).searchParams.get("secret") ?? undefined;
    if (!totpSecret) throw new Error("The authenticator address has no secret");
    const confirmed = await confirmTwoFactor(deps, totp(totpSecret), session);
    // Enrolment may replace the session; the one to end is the newest.
    if (confirmed.getSetCookie().some((line) => line.includes("session_token=")))
      session.set("cookie", sessionCookie(confirmed));
  }
  const seeded: SeededMember = { id, email, password, phone, nickname, role: input.role, totpSecret };
  if (input.signedIn) {
    const pair = session.get("cookie")!;
    const at = pair.indexOf("=");
    return { ...seeded, session: { name: pair.slice(0, at), value: pair.slice(at + 1) } };
  }
  await signOut(deps, session);
  return seeded;
}
