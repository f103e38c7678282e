import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  businessProfile,
  filterOption,
  member,
  memberAvatar,
  memberGenre,
  memberLocation,
  memberProfile,
  memberSns,
} from "#app/db/schema";
import { areaByCode, areaName, type AreaLanguage } from "#app/services/location/address-search";
import { DomainError } from "#app/services/errors";

function areaCenter(code: string | null) {
  const area = code ? areaByCode(code) : undefined;
  return area ? { lat: area.lat, lng: area.lng } : null;
}

/** A saved location's area in the reader's language; a row without a known code keeps the label it was saved with. */
function areaLabel(row: { simpleAddress: string; areaCode: string | null }, language: AreaLanguage) {
  const area = row.areaCode ? areaByCode(row.areaCode) : undefined;
  return area ? areaName(area, language) : row.simpleAddress;
}

export interface PublicProfile {
  id: string;
  nickname: string;
  /** The representative avatar, or null (initials are shown instead). */
  avatarUrl: string | null;
  introduction: string | null;
  ridingYears: number | null;
  genres: { code: string; label: { ko: string; en: string } }[];
  sns: { kind: string; url: string }[];
  /** The main activity area at district level only, in the reader's language; exact coordinates are never public. */
  area: string | null;
  /** The centre of that district (from the gazetteer), for a map that shows the area and nothing finer. */
  areaCenter: { lat: number; lng: number } | null;
  business: { name: string } | null;
  memberSince: Date;
}

/** What any signed-in member may see of another: never the mobile number, e-mail or exact coordinates. */
export async function publicProfile(
  db: Database,
  id: string,
  language: AreaLanguage,
): Promise<PublicProfile> {
  const [row] = await db
    .select({
      id: member.id,
      nickname: member.nickname,
      name: member.name,
      image: member.image,
      createdAt: member.createdAt,
      introduction: memberProfile.introduction,
      ridingYears: memberProfile.ridingYears,
      businessName: businessProfile.name,
    })
    .from(member)
    .leftJoin(memberProfile, eq(memberProfile.userId, member.id))
    .leftJoin(businessProfile, eq(businessProfile.userId, member.id))
    .where(and(eq(member.id, id), isNull(member.withdrawnAt)));
  if (!row) throw new DomainError("relations", "user_not_found");
  const [genres, sns, [main]] = await Promise.all([
    db
      .select({ code: memberGenre.genreCode, ko: filterOption.labelKo, en: filterOption.labelEn })
      .from(memberGenre)
      .innerJoin(
        filterOption,
        and(eq(filterOption.tableName, "motoGenre"), eq(filterOption.code, memberGenre.genreCode)),
      )
      .where(eq(memberGenre.userId, id))
      .orderBy(asc(filterOption.index)),
    db
      .select({ kind: memberSns.kind, url: memberSns.url })
      .from(memberSns)
      .where(eq(memberSns.userId, id))
      .orderBy(asc(memberSns.position)),
    db
      .select({ simpleAddress: memberLocation.simpleAddress, areaCode: memberLocation.areaCode })
      .from(memberLocation)
      .where(and(eq(memberLocation.userId, id), eq(memberLocation.isMain, true))),
  ]);
  return {
    id: row.id,
    nickname: row.nickname ?? row.name,
    avatarUrl: row.image,
    introduction: row.introduction,
    ridingYears: row.ridingYears,
    genres: genres.map((genre) => ({ code: genre.code, label: { ko: genre.ko, en: genre.en } })),
    sns,
    area: main ? areaLabel(main, language) : null,
    areaCenter: areaCenter(main?.areaCode ?? null),
    business: row.businessName ? { name: row.businessName } : null,
    memberSince: row.createdAt,
  };
}

/** The owner's view of their profile (spec: profile view with the main location's exact position). */
export async function ownProfileView(db: Database, id: string, language: AreaLanguage) {
  const [row] = await db
    .select({
      simpleAddress: memberLocation.simpleAddress,
      areaCode: memberLocation.areaCode,
      latitude: memberLocation.latitude,
      longitude: memberLocation.longitude,
    })
    .from(memberLocation)
    .where(and(eq(memberLocation.userId, id), eq(memberLocation.isMain, true)));
  const main = row
    ? { simple_address: areaLabel(row, language), latitude: row.latitude, longitude: row.longitude }
    : undefined;
  const avatars = await db
    .select({ url: memberAvatar.url, isRepresentative: memberAvatar.isRepresentative })
    .from(memberAvatar)
    .where(eq(memberAvatar.userId, id))
    .orderBy(asc(memberAvatar.position));
  return { id, mainLocation: main ?? null, avatars };
}

/** The saved profile as the edit form's fields (the same names the form posts), areas named in `language`. */
export async function profileFormValues(
  db: Database,
  id: string,
  language: AreaLanguage,
): Promise<Record<string, string[]>> {
  const [row] = await db
    .select({
      nickname: member.nickname,
      memberType: member.memberType,
      introduction: memberProfile.introduction,
      ridingYears: memberProfile.ridingYears,
      birthDate: memberProfile.birthDate,
    })
    .from(member)
    .leftJoin(memberProfile, eq(memberProfile.userId, member.id))
    .where(eq(member.id, id));
  const [locations, genres, sns, [shop]] = await Promise.all([
    db
      .select()
      .from(memberLocation)
      .where(eq(memberLocation.userId, id))
      .orderBy(asc(memberLocation.position)),
    db.select({ code: memberGenre.genreCode }).from(memberGenre).where(eq(memberGenre.userId, id)),
    db.select().from(memberSns).where(eq(memberSns.userId, id)).orderBy(asc(memberSns.position)),
    db.select().from(businessProfile).where(eq(businessProfile.userId, id)),
  ]);
  const one = (value: string | number | null | undefined) =>
    value === null || value === undefined ? [] : [String(value)];
  return {
    nickname: one(row?.nickname),
    memberType: one(row?.memberType),
    introduction: one(row?.introduction),
    ridingYears: one(row?.ridingYears),
    birthDate: one(row?.birthDate),
    locationLat: locations.map((l) => String(l.latitude)),
    locationLng: locations.map((l) => String(l.longitude)),
    locationAddress: locations.map((l) => areaLabel(l, language)),
    locationCode: locations.map((l) => l.areaCode ?? ""),
    genre: genres.map((g) => g.code),
    snsKind: sns.map((l) => l.kind),
    snsUrl: sns.map((l) => l.url),
    ...(shop
      ? {
          businessName: [shop.name],
          businessNumber: [shop.number],
          businessTel: [shop.tel],
          businessType: [shop.typeCode],
          businessYears: [String(shop.years)],
          businessDay: shop.days,
          opensAt: [shop.opensAt],
          closesAt: [shop.closesAt],
          businessIntro: [shop.introduction],
          ownerName: [shop.ownerName],
          businessEmail: [shop.email],
          settlementPhone: [shop.settlementPhone],
        }
      : {}),
  };
}
