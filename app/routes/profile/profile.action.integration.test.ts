import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blind, filterOption, member, memberProfile, pin } from "#app/db/schema";
import { translate } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import { completeProfile } from "#app/services/members/profile.server";
import { jpeg } from "#app/services/uploads/test-images";
import {
  callAction,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as memberProfilePage from "./member";
import * as myProfilePage from "./mine";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

describe("/profile (editing one's own profile)", () => {
  let genre: string;
  const profile = (nickname: string) => ({
    nickname,
    introduction: "주말 라이더",
    birthDate: "1990-05-01",
    ridingYears: 4,
    memberType: "individual" as const,
    locations: [{ lat: 37.5266, lng: 126.9197, simpleAddress: "영등포구", areaCode: "seoul-yeongdeungpo" }],
    genres: [genre],
    sns: [{ kind: "instagram", url: "https://www.instagram.com/rider" }],
  });
  const form = (nickname: string, introduction: string) => ({
    nickname,
    introduction,
    birthDate: "1990-05-01",
    ridingYears: "4",
    memberType: "individual",
    locationAddress: "영등포구",
    locationLat: "37.5266",
    locationLng: "126.9197",
    locationCode: "seoul-yeongdeungpo",
    genre,
    snsKind: "instagram",
    snsUrl: "https://www.instagram.com/rider",
  });
  const introductionOf = async (who: SignedInMember) =>
    (
      await runtime.db
        .select({ introduction: memberProfile.introduction })
        .from(memberProfile)
        .where(eq(memberProfile.userId, who.id))
    )[0]?.introduction;

  beforeAll(async () => {
    const [row] = await runtime.db
      .select({ code: filterOption.code })
      .from(filterOption)
      .where(eq(filterOption.tableName, "motoGenre"));
    genre = row!.code;
  });

  it("saves the signed-in member's own profile, and nobody else's", async () => {
    const { other, adminWithoutTwoFactor, firstLogin } = callers;
    const owner = await signUpMember(runtime, { profileComplete: false });
    await runtime.db
      .update(member)
      .set({ phoneNumber: "01055501234", phoneNumberVerified: true })
      .where(eq(member.id, owner.id));
    await completeProfile(runtime, owner.id, profile("프로필라이더"), {
      avatars: [{ body: await jpeg(64, 64), declaredType: "image/jpeg" }],
      businessImages: [],
    });
    await runtime.db.update(member).set({ onboarding: "welcomed" }).where(eq(member.id, owner.id));
    const save = (as: SignedInMember | null, introduction: string) =>
      callAction(myProfilePage.action, { path: "/profile", form: form("프로필라이더", introduction), as });

    expect((await save(null, "방문자")).outcome).toBe("sign-in");
    expect((await save(firstLogin, "가입 중")).outcome).toBe("first-login");
    expect((await save(adminWithoutTwoFactor, "관리자")).outcome).toBe("two-step");
    // Another member's save is about their own profile (and refused here: the nickname is taken).
    expect((await save(other, "남의 소개")).outcome).toBe("invalid");
    expect(await introductionOf(owner)).toBe("주말 라이더");
    expect(await introductionOf(other)).toBeUndefined();

    expect((await save(owner, "평일에도 달립니다")).outcome).toBe("done");
    expect(await introductionOf(owner)).toBe("평일에도 달립니다");
  });

  it("reads the form by its schema: numbers that are not whole numbers are refused before the service, typed values kept", async () => {
    const owner = await signUpMember(runtime);
    const before = await introductionOf(owner);
    for (const ridingYears of ["3.5", "1e1", "셋", "-2"]) {
      const answer = await callAction(myProfilePage.action, {
        path: "/profile",
        form: { ...form("스키마라이더", "새 소개"), ridingYears, snsUrl: "https://example" },
        as: owner,
      });
      expect(answer.status, ridingYears).toBe(400);
      const body = answer.data as { problems: Record<string, string>; values: Record<string, string[]> };
      expect(body.problems).toEqual({
        ridingYears: translate("ko", "profileForm.error.riding_years_invalid"),
        sns: translate("ko", "profileForm.error.sns_url_invalid"),
      });
      expect(body.values.ridingYears).toEqual([ridingYears]);
      expect(body.values.introduction).toEqual(["새 소개"]);
    }
    expect(await introductionOf(owner)).toBe(before);
  });
});

describe("/profile/:id (hiding and pinning a member)", () => {
  it("hides and pins for the signed-in member only", async () => {
    const { owner, other, adminWithoutTwoFactor, firstLogin } = callers;
    const target = await signUpMember(runtime);
    const act = (as: SignedInMember | null, intent: "blind" | "pin") =>
      callAction(memberProfilePage.action, {
        path: `/profile/${target.id}`,
        params: { id: target.id },
        form: { intent },
        as,
      });
    const relationsOf = async (who: SignedInMember) => ({
      hidden: (
        await runtime.db
          .select()
          .from(blind)
          .where(and(eq(blind.userId, who.id), eq(blind.blindUserId, target.id)))
      ).length,
      pinned: (
        await runtime.db
          .select()
          .from(pin)
          .where(and(eq(pin.userId, who.id), eq(pin.pinUserId, target.id)))
      ).length,
    });

    for (const intent of ["blind", "pin"] as const) {
      expect((await act(null, intent)).outcome).toBe("sign-in");
      expect((await act(firstLogin, intent)).outcome).toBe("first-login");
      expect((await act(adminWithoutTwoFactor, intent)).outcome).toBe("two-step");
    }
    expect(await relationsOf(adminWithoutTwoFactor)).toEqual({ hidden: 0, pinned: 0 });
    expect(await relationsOf(firstLogin)).toEqual({ hidden: 0, pinned: 0 });

    expect((await act(owner, "blind")).outcome).toBe("done");
    expect((await act(other, "pin")).outcome).toBe("done");
    expect(await relationsOf(owner)).toEqual({ hidden: 1, pinned: 0 });
    expect(await relationsOf(other)).toEqual({ hidden: 0, pinned: 1 });
  });
});
