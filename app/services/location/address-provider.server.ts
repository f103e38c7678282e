import {
  AddressLookupError,
  AddressNotFoundError,
  type AddressLanguage,
  type AddressProvider,
  type AddressResult,
} from "#app/platform/address.server";
import { areaName, searchAreas } from "./address-search";
import { gazetteer, type GazetteerArea } from "./gazetteer-data";

/**
 * Address search behind an adapter: the built-in gazetteer by default (no vendor key), or Kakao Local when a REST
 * API key is configured:
 *
 *     GET {baseUrl}/v2/local/search/address.json?query={query}&size=10
 *     Authorization: KakaoAK {apiKey}
 *
 * answered with `{ documents: [{ address_name, x, y, address, road_address }], meta }`, where x is the longitude
 * and y the latitude, both as strings, and `address` / `road_address` carry `region_1depth_name` (시/도) and
 * `region_2depth_name` (시/군/구, "성남시 분당구" for a non-autonomous 구) or are null.
 */

/** Searches with `provider`, throwing AddressNotFoundError when nothing matches. */
export async function searchAddress(
  provider: AddressProvider,
  query: string,
  language: AddressLanguage,
): Promise<AddressResult[]> {
  const results = await provider.search(query, language);
  if (results.length === 0) throw new AddressNotFoundError();
  return results;
}

/** The built-in gazetteer: 시/도 and 시/군/구 only, located at their approximate centres. */
export function createGazetteerProvider(): AddressProvider {
  return {
    kind: "gazetteer",
    async search(query, language) {
      return searchAreas(query).map((area) => ({
        label: language === "ko" ? area.ko : area.en,
        simpleAddress: areaName(area, language),
        lat: area.lat,
        lng: area.lng,
        code: area.code,
      }));
    },
  };
}

export interface KakaoLocalProviderOptions {
  /** The Kakao REST API key. */
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** How long to wait for Kakao's answer. */
  timeoutMs?: number;
}

interface KakaoRegion {
  region_1depth_name?: unknown;
  region_2depth_name?: unknown;
}

interface KakaoDocument {
  address_name?: unknown;
  x?: unknown;
  y?: unknown;
  address?: KakaoRegion | null;
  road_address?: KakaoRegion | null;
}

const squash = (text: string) => text.replace(/\s+/g, "");

/** Older names Kakao may still return for a 시/도. */
const sidoAliases: Record<string, string> = { 강원도: "gangwon", 전라북도: "jeonbuk", 제주도: "jeju" };

/** The gazetteer area for Kakao's region names ("서울", "영등포구"; "경기", "성남시 분당구"; "세종특별자치시", ""). */
function areaForRegion(region1: string, region2: string): GazetteerArea | undefined {
  const name1 = squash(region1);
  const sido = gazetteer.find(
    (area) =>
      area.level === "sido" &&
      (squash(area.ko) === name1 || area.koShort === name1 || sidoAliases[name1] === area.code),
  );
  if (!sido) return undefined;
  const name2 = squash(region2);
  if (name2 === "") return sido;
  return gazetteer.find((area) => area.parent === sido.code && squash(area.koShort) === name2);
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** Kakao Local's address search. */
export function createKakaoLocalProvider({
  apiKey,
  baseUrl = "https://dapi.kakao.com",
  fetch = globalThis.fetch,
  timeoutMs = 5_000,
}: KakaoLocalProviderOptions): AddressProvider {
  const fail = (reason: string, cause?: unknown): AddressLookupError =>
    new AddressLookupError(
      `Address lookup failed: ${redact(reason, apiKey)}`,
      cause === undefined ? {} : { cause },
    );
  const endpoint = `${baseUrl.replace(/\/+$/, "")}/v2/local/search/address.json`;

  function toResult(document: KakaoDocument, language: AddressLanguage): AddressResult | undefined {
    const lng = Number.parseFloat(text(document.x));
    const lat = Number.parseFloat(text(document.y));
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
    const region = document.address ?? document.road_address ?? {};
    const region1 = text(region.region_1depth_name);
    const region2 = text(region.region_2depth_name);
    const area = areaForRegion(region1, region2);
    const label = text(document.address_name) || [region1, region2].filter(Boolean).join(" ");
    const simpleAddress = area ? areaName(area, language) : region2 || region1 || label;
    return { label, simpleAddress, lat, lng, ...(area ? { code: area.code } : {}) };
  }

  return {
    kind: "kakao",
    async search(query, language) {
      const trimmed = query.trim();
      if (trimmed === "") return [];
      let response: Response;
      let body: string;
      try {
        response = await fetch(`${endpoint}?query=${encodeURIComponent(trimmed)}&size=10`, {
          headers: { Authorization: `KakaoAK ${apiKey}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.text();
      } catch (error) {
        const timedOut = (error as { name?: unknown } | null)?.name === "TimeoutError";
        const reason = timedOut
          ? `Kakao did not answer within ${timeoutMs} ms`
          : `Kakao could not be reached (${error instanceof Error ? error.message : String(error)})`;
        throw fail(reason, error);
      }
      let answer: { documents?: unknown; errorType?: unknown } | null | undefined;
      try {
        answer = JSON.parse(body) as typeof answer;
      } catch (error) {
        if (response.ok) throw fail("Kakao answered with malformed JSON", error);
      }
      if (!response.ok) {
        const type = typeof answer?.errorType === "string" ? ` (${answer.errorType})` : "";
        throw fail(`Kakao answered HTTP ${response.status}${type}`);
      }
      const documents = answer?.documents;
      if (!Array.isArray(documents)) throw fail("Kakao answered without a documents list");
      return documents
        .filter((document): document is KakaoDocument => typeof document === "object" && document !== null)
        .map((document) => toResult(document, language))
        .filter((result) => result !== undefined);
    },
  };
}

/** Kakao when a key is configured, otherwise the built-in gazetteer. */
export function createAddressProvider({ kakaoApiKey }: { kakaoApiKey?: string } = {}): AddressProvider {
  const key = kakaoApiKey?.trim();
  return key ? createKakaoLocalProvider({ apiKey: key }) : createGazetteerProvider();
}

function redact(message: string, secret: string): string {
  return secret === "" ? message : message.split(secret).join("***");
}
