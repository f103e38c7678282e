import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { areaByCode } from "#app/services/location/address-search";
import { completeProfile, welcomeMember, type ProfileInput } from "#app/services/members/profile.server";
import { listFilterTable } from "#app/services/reference/filters.server";

/** The password of every demo account (listed in the README); demo data exists only on a fresh embedded database. */
export const DEMO_PASSWORD = "Demo-Ride-2026!";
export const DEMO_EMAIL_DOMAIN = "demo.motomate.kr";

interface DemoMember {
  email: string;
  phone: string;
  nickname: string;
  introduction: string;
  ridingYears: number;
  birthDate: string;
  areas: string[];
  color: string;
  business?: ProfileInput["business"];
}

const demoMembers: DemoMember[] = [
  {
    email: "minsu",
    phone: "01090000001",
    nickname: "한강라이더민수",
    introduction: "데모 계정 · 주말마다 한강과 북악을 달립니다",
    ridingYears: 6,
    birthDate: "1991-03-14",
    areas: ["seoul-yeongdeungpo", "seoul-mapo"],
    color: "#19786f",
  },
  {
    email: "jiyoung",
    phone: "01090000002",
    nickname: "스쿠터지영",
    introduction: "데모 계정 · 출퇴근은 스쿠터로, 주말엔 카페 투어",
    ridingYears: 3,
    birthDate: "1995-08-02",
    areas: ["seoul-gangnam"],
    color: "#b45309",
  },
  {
    email: "taeho",
    phone: "01090000003",
    nickname: "투어러태호",
    introduction: "데모 계정 · 어드벤처 바이크로 전국 일주 중",
    ridingYears: 12,
    birthDate: "1984-11-30",
    areas: ["seoul-songpa", "gyeonggi-hanam"],
    color: "#1d4ed8",
  },
  {
    email: "seoyeon",
    phone: "01090000004",
    nickname: "코칭서연",
    introduction: "데모 계정 · 초보 라이더 코칭 8년차",
    ridingYears: 8,
    birthDate: "1990-01-21",
    areas: ["seoul-nowon"],
    color: "#7c3aed",
  },
  {
    email: "garage",
    phone: "01090000005",
    nickname: "성수모토정비",
    introduction: "데모 계정 · 성수동 이륜차 전문 정비소",
    ridingYears: 20,
    birthDate: "1978-06-09",
    areas: ["seoul-seongdong"],
    color: "#be123c",
    business: {
      name: "성수모토정비(데모)",
      number: "2208162517",
      tel: "0234567890",
      typeCode: "",
      years: 15,
      days: ["mon", "tue", "wed", "thu", "fri", "sat"],
      opensAt: "h0900",
      closesAt: "h1900",
      introduction: "데모 업체입니다. 엔진오일부터 오버홀까지 정비합니다.",
      ownerName: "박정비",
      email: "garage@demo.motomate.kr",
      settlementPhone: "01090000005",
    },
  },
];

async function portrait(color: string) {
  return sharp({ create: { width: 256, height: 256, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * Fills an empty embedded database with a few demo members around Seoul (individual and business), so a fresh
 * clone has someone to look at. Does nothing when any member exists.
 */
export async function seedDemoMembers(runtime: Runtime): Promise<number> {
  const [{ n } = { n: 0 }] = await runtime.db.select({ n: count() }).from(member);
  if (n > 0) return 0;
  const [genres, businessTypes] = await Promise.all([
    listFilterTable(runtime.db, "motoGenre"),
    listFilterTable(runtime.db, "businessType"),
  ]);
  const headers = new Headers({ [CLIENT_IP_HEADER]: "127.0.0.1" });
  for (const [position, demo] of demoMembers.entries()) {
    const email = `${demo.email}@${DEMO_EMAIL_DOMAIN}`;
    await runtime.auth.api.signUpEmail({
      body: {
        email,
        password: DEMO_PASSWORD,
        name: demo.nickname,
        phoneNumber: demo.phone,
        phoneNumberVerified: true,
      },
      headers,
    });
    const [row] = await runtime.db.select({ id: member.id }).from(member).where(eq(member.email, email));
    const locations = demo.areas.map((code) => {
      const area = areaByCode(code)!;
      return { lat: area.lat, lng: area.lng, simpleAddress: area.koShort, areaCode: area.code };
    });
    await completeProfile(
      runtime,
      row!.id,
      {
        nickname: demo.nickname,
        introduction: demo.introduction,
        birthDate: demo.birthDate,
        ridingYears: demo.ridingYears,
        memberType: demo.business ? "business" : "individual",
        locations,
        genres: [genres[position % genres.length]!.code, genres[(position + 3) % genres.length]!.code],
        sns: [{ kind: "instagram", url: `https://www.instagram.com/motomate_demo_${demo.email}` }],
        business: demo.business ? { ...demo.business, typeCode: businessTypes[0]!.code } : undefined,
      },
      { avatars: [{ body: await portrait(demo.color), declaredType: "image/png" }], businessImages: [] },
    );
    await welcomeMember(runtime.db, runtime.clock, row!.id, runtime.config.welcomePoints);
  }
  return demoMembers.length;
}
