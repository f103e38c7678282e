import { gazetteer, type GazetteerArea } from "./gazetteer-data";

export type { GazetteerArea } from "./gazetteer-data";

/**
 * Search over the built-in gazetteer, with no vendor key and no I/O, so the browser can use it too.
 *
 * A query is split into words ("서울 영등포", "seoul yeongdeungpo"); each word must match a name of the area or of
 * the areas it lies in (its 시/도, and the city of a non-autonomous 구). Names are compared without spaces,
 * punctuation or case, and loosely about a trailing 시/군/구/동/도 ("영등포동" and "영등포" both find 영등포구,
 * "yeongdeungpo" finds "Yeongdeungpo-gu").
 */

export interface SearchAreasOptions {
  /** How many areas to return at most; 10 unless told. */
  limit?: number;
}

const EXACT = 0;
/** Equal once the query's suffix is dropped ("영등포동" for 영등포구). */
const STEM_EXACT = 0.5;
const PREFIX = 1;
/** Only the areas around it matched ("서울" for 영등포구): after the prefix matches, before the substring ones. */
const CONTEXT_ONLY = 1.5;
const SUBSTRING = 2;

interface AreaKeys {
  /** Normalised forms of the area's own names. */
  own: string[];
  /** Normalised forms of the names of the areas it lies in. */
  context: string[];
}

/** Older or longer names people still type for a 시/도. */
const sidoAliases: Record<string, readonly string[]> = {
  gangwon: ["강원도", "Gangwon-do"],
  jeonbuk: ["전라북도", "Jeollabuk-do"],
  jeju: ["제주도", "Jeju Special Self-Governing Province"],
  sejong: ["세종시", "Sejong City"],
};

const hangul = /[\uac00-\ud7a3]/;
const koreanSuffix = /[시군구동도]$/;
const englishSuffix = /[-\s](si|gun|gu|dong|do|eup|myeon)$/i;
const suffixWords = new Set(["시", "군", "구", "동", "도", "si", "gun", "gu", "dong", "do", "eup", "myeon"]);

function normalize(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** `text` without its administrative suffix: "영등포구" → "영등포", "Yeongdeungpo-gu" → "Yeongdeungpo". */
function stem(text: string): string {
  const trimmed = text.trim();
  if (englishSuffix.test(trimmed)) return trimmed.replace(englishSuffix, "");
  if (trimmed.length > 1 && hangul.test(trimmed) && koreanSuffix.test(trimmed)) return trimmed.slice(0, -1);
  return trimmed;
}

/** The normalised forms of a name: as written and without its suffix. */
function forms(name: string): string[] {
  return [...new Set([normalize(name), normalize(stem(name))])].filter((form) => form !== "");
}

function nameForms(names: readonly string[]): string[] {
  return [...new Set(names.flatMap(forms))];
}

const byCode = new Map(gazetteer.map((area) => [area.code, area]));

/** The own and surrounding names of a 시/도: full and short, Korean and English, and the aliases. */
function sidoNames(sido: GazetteerArea): string[] {
  return [sido.ko, sido.koShort, sido.en, sido.enShort, ...(sidoAliases[sido.code] ?? [])];
}

const byParentAndName = new Map(gazetteer.map((area) => [`${area.parent ?? ""}/${area.koShort}`, area]));

/** For a non-autonomous 구 ("성남시 분당구"), the city it belongs to. */
function cityOf(area: GazetteerArea): GazetteerArea | undefined {
  const [city, district] = area.koShort.split(" ");
  return district === undefined ? undefined : byParentAndName.get(`${area.parent ?? ""}/${city}`);
}

function keysOf(area: GazetteerArea): AreaKeys {
  if (area.level === "sido") return { own: nameForms(sidoNames(area)), context: [] };
  const sido = area.parent === undefined ? undefined : byCode.get(area.parent);
  const city = cityOf(area);
  // The area's own word ("분당구", "Bundang-gu") and its whole names written without spaces.
  const ownWord = area.koShort.split(" ").at(-1)!;
  const ownEnglish = area.enShort.split(",")[0]!;
  const whole = [area.ko, area.koShort, area.en, area.enShort];
  if (sido) whole.push(`${sido.koShort}${area.koShort}`, `${sido.enShort}${area.enShort}`);
  const context = [...(sido ? sidoNames(sido) : []), ...(city ? [city.koShort, city.enShort] : [])];
  return { own: nameForms([ownWord, ownEnglish, ...whole]), context: nameForms(context) };
}

const index: readonly { area: GazetteerArea; order: number; keys: AreaKeys }[] = gazetteer.map(
  (area, order) => ({ area, order, keys: keysOf(area) }),
);

/** Splits a query into words, joining a separated suffix to the word before it ("영등포 구", "gangnam gu"). */
function queryWords(query: string): string[][] {
  const words: string[] = [];
  for (const part of query.normalize("NFKC").split(/[\s,]+/)) {
    if (part === "") continue;
    const previous = words.at(-1);
    if (previous !== undefined && suffixWords.has(part.toLowerCase())) {
      words[words.length - 1] = hangul.test(part) ? `${previous}${part}` : `${previous}-${part}`;
    } else {
      words.push(part);
    }
  }
  return words.map(forms).filter((wordForms) => wordForms.length > 0);
}

/** The best rank of a word's forms (as typed, then without suffix) against the keys, or undefined for none. */
function rankIn(wordForms: readonly string[], keys: readonly string[]): number | undefined {
  let best: number | undefined;
  for (const key of keys) {
    wordForms.forEach((form, position) => {
      let rank =
        key === form ? EXACT : key.startsWith(form) ? PREFIX : key.includes(form) ? SUBSTRING : undefined;
      // "Jeju-do" is the 시/도 exactly, and 제주시 only once the suffix is dropped.
      if (rank === EXACT && position > 0) rank = STEM_EXACT;
      if (rank !== undefined && (best === undefined || rank < best)) best = rank;
    });
    if (best === EXACT) return best;
  }
  return best;
}

/** How well some words match an area (lower is better), or undefined when they do not. */
function rankWords(words: readonly string[][], keys: AreaKeys): number | undefined {
  let worst = EXACT;
  let ownMatched = false;
  for (const word of words) {
    const own = rankIn(word, keys.own);
    const context = rankIn(word, keys.context);
    if (own === undefined && context === undefined) return undefined;
    // A word counts for the area itself unless it matches the surrounding areas better ("서울" in "서울 영등포").
    if (own !== undefined && (context === undefined || own <= context)) {
      ownMatched = true;
      worst = Math.max(worst, own);
    } else {
      worst = Math.max(worst, context!);
    }
  }
  return ownMatched ? worst : CONTEXT_ONLY;
}

/** The better of matching word by word and matching the whole query as one name ("Gangwon State"). */
function rankArea(
  words: readonly string[][],
  whole: readonly string[][],
  keys: AreaKeys,
): number | undefined {
  const byWord = rankWords(words, keys);
  const byWhole = whole.length === 0 ? undefined : rankWords(whole, keys);
  if (byWord === undefined) return byWhole;
  return byWhole === undefined ? byWord : Math.min(byWord, byWhole);
}

/**
 * Areas matching `query`, best first: an exact match of a name, then a name starting with the query, then the
 * areas inside a 시/도 or city the query names ("서울" → 서울특별시, then its 구), then a name containing the query;
 * a 시/군/구 comes before its 시/도 when both match equally well ("제주" → 제주시, 제주특별자치도), while a 시/도
 * comes before other 시/군/구 that match as well as it does ("광주" → 광주광역시, 경기도 광주시).
 */
export function searchAreas(query: string, options: SearchAreasOptions = {}): GazetteerArea[] {
  const limit = options.limit ?? 10;
  const words = queryWords(query);
  if (words.length === 0 || limit <= 0) return [];
  const whole = words.length > 1 ? [forms(query)] : [];
  const matches: { area: GazetteerArea; order: number; rank: number }[] = [];
  for (const { area, order, keys } of index) {
    const rank = rankArea(words, whole, keys);
    if (rank !== undefined) matches.push({ area, order, rank });
  }
  // Equal ranks: a 시/도 before an unrelated 시/군/구 ("광주" → 광주광역시, 경기도 광주시), but after its own ones.
  matches.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(a.area.level === "sigungu") - Number(b.area.level === "sigungu") ||
      a.order - b.order,
  );
  for (const sido of matches.filter((match) => match.area.level === "sido")) {
    const from = matches.indexOf(sido);
    let to = from;
    for (let i = from + 1; i < matches.length && matches[i]!.rank === sido.rank; i++) {
      if (matches[i]!.area.parent === sido.area.code) to = i;
    }
    if (to > from) matches.splice(to, 0, ...matches.splice(from, 1));
  }
  return matches.slice(0, limit).map((match) => match.area);
}

/**
 * Areas a point can fall in: every 시/군/구 except the cities divided into 구 (their 구 are finer), and 세종, which
 * has no 시/군/구.
 */
const dividedCities = new Set(
  gazetteer.map((area) => cityOf(area)?.code).filter((code) => code !== undefined),
);
const pointAreas: readonly GazetteerArea[] = gazetteer.filter((area) =>
  area.level === "sido"
    ? !gazetteer.some((other) => other.parent === area.code)
    : !dividedCities.has(area.code),
);

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The 시/군/구 whose point is nearest to (lat, lng): for a city divided into 구, the 구; in 세종, 세종특별자치시.
 */
export function nearestArea(lat: number, lng: number): GazetteerArea {
  let nearest = pointAreas[0]!;
  let nearestKm = Infinity;
  for (const area of pointAreas) {
    const km = distanceKm(lat, lng, area.lat, area.lng);
    if (km < nearestKm) {
      nearest = area;
      nearestKm = km;
    }
  }
  return nearest;
}

export function areaByCode(code: string): GazetteerArea | undefined {
  return byCode.get(code);
}

export type AreaLanguage = "ko" | "en";

/** The name an area is shown by: a 시/군/구 within its 시/도 ("영등포구", "Yeongdeungpo-gu"), a 시/도 in full. */
export function areaName(area: GazetteerArea, language: AreaLanguage): string {
  if (area.level === "sido") return language === "ko" ? area.ko : area.en;
  return language === "ko" ? area.koShort : area.enShort;
}

/** Every name of an area in either language, as a picker may have shown it. */
const byName = new Map<string, GazetteerArea[]>();
for (const area of gazetteer) {
  for (const name of new Set([area.ko, area.koShort, area.en, area.enShort].map(normalize))) {
    byName.set(name, [...(byName.get(name) ?? []), area]);
  }
}

/**
 * The gazetteer area of a picked location: its code when it has one (undefined for a code the gazetteer does not
 * know); else the area whose Korean or English name it was saved with, the nearest of several ("중구" is in six
 * cities); else the area nearest to its position.
 */
export function areaOfLocation(location: {
  simpleAddress: string;
  lat: number;
  lng: number;
  areaCode?: string | null;
}): GazetteerArea | undefined {
  if (location.areaCode) return byCode.get(location.areaCode);
  const named = byName.get(normalize(location.simpleAddress)) ?? [];
  const nearestFirst = [...named].sort(
    (a, b) =>
      distanceKm(location.lat, location.lng, a.lat, a.lng) -
      distanceKm(location.lat, location.lng, b.lat, b.lng),
  );
  return nearestFirst[0] ?? nearestArea(location.lat, location.lng);
}
