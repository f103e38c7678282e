import { asc, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { memberLocation } from "#app/db/schema";
import {
  areaByCode,
  areaOfLocation,
  areaName,
  type GazetteerArea,
} from "#app/services/location/address-search";
import { gazetteer } from "#app/services/location/gazetteer-data";

/** A district's names in both languages, as pages show a listing's trade area. */
export interface AreaNames {
  ko: string;
  en: string;
}

/** The names of a 시/군/구 by its gazetteer code (with its 시/도, so that "중구" says which), or null. */
export function districtNames(code: string | null | undefined): AreaNames | null {
  const area = code ? areaByCode(code) : undefined;
  if (!area) return null;
  const parent = area.parent ? areaByCode(area.parent) : undefined;
  const named = (language: "ko" | "en") =>
    parent
      ? language === "ko"
        ? `${parent.koShort} ${area.koShort}`
        : `${area.enShort}, ${parent.enShort}`
      : areaName(area, language);
  return { ko: named("ko"), en: named("en") };
}

export interface MemberTradeArea {
  code: string;
  names: AreaNames;
  latitude: number;
  longitude: number;
  isMain: boolean;
}

/** A member's activity areas as trade areas (the district each lies in), the main one first. */
export async function memberTradeAreas(db: Database, memberId: string): Promise<MemberTradeArea[]> {
  const rows = await db
    .select()
    .from(memberLocation)
    .where(eq(memberLocation.userId, memberId))
    .orderBy(asc(memberLocation.position));
  const areas: MemberTradeArea[] = [];
  for (const row of rows) {
    const area = areaOfLocation({ ...row, lat: row.latitude, lng: row.longitude });
    const district = area?.level === "sigungu" ? area : undefined;
    if (!district || areas.some((known) => known.code === district.code)) continue;
    areas.push({
      code: district.code,
      names: districtNames(district.code)!,
      latitude: row.latitude,
      longitude: row.longitude,
      isMain: row.isMain,
    });
  }
  return areas.sort((a, b) => Number(b.isMain) - Number(a.isMain));
}

export interface DistrictGroup {
  code: string;
  names: AreaNames;
  districts: { code: string; names: AreaNames }[];
}

/** Every 시/군/구 grouped by its 시/도, in the gazetteer's official order, for the trade area picker. */
export function districtGroups(): DistrictGroup[] {
  const groups = new Map<string, DistrictGroup>();
  for (const area of gazetteer as readonly GazetteerArea[]) {
    if (area.level === "sido") {
      groups.set(area.code, { code: area.code, names: { ko: area.ko, en: area.en }, districts: [] });
      continue;
    }
    groups.get(area.parent!)?.districts.push({
      code: area.code,
      names: { ko: area.koShort, en: area.enShort },
    });
  }
  return [...groups.values()];
}
