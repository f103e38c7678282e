import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { areaByCode, distanceKm, nearestArea, searchAreas } from "./address-search";
import { gazetteer, type GazetteerArea } from "./gazetteer-data";

const sidos = gazetteer.filter((area) => area.level === "sido");
const sigungus = gazetteer.filter((area) => area.level === "sigungu");

function area(code: string): GazetteerArea {
  const found = areaByCode(code);
  expect(found, code).toBeDefined();
  return found!;
}

/** The 시/군/구 of a 시/도, without the non-autonomous 구 of its cities ("수원시 장안구"). */
function localGovernments(sido: string): GazetteerArea[] {
  return sigungus.filter((entry) => entry.parent === sido && !entry.koShort.includes(" "));
}

function codes(areas: readonly GazetteerArea[]): string[] {
  return areas.map((entry) => entry.code);
}

function expectNear(entry: GazetteerArea, lat: number, lng: number, tolerance = 0.05) {
  expect(Math.abs(entry.lat - lat), `${entry.ko} latitude`).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(entry.lng - lng), `${entry.ko} longitude`).toBeLessThanOrEqual(tolerance);
}

describe("gazetteer", () => {
  it("has the 17 시/도 under their current names", () => {
    expect(sidos).toHaveLength(17);
    expect(sidos.map((entry) => entry.ko)).toEqual([
      "서울특별시",
      "부산광역시",
      "대구광역시",
      "인천광역시",
      "광주광역시",
      "대전광역시",
      "울산광역시",
      "세종특별자치시",
      "경기도",
      "강원특별자치도",
      "충청북도",
      "충청남도",
      "전북특별자치도",
      "전라남도",
      "경상북도",
      "경상남도",
      "제주특별자치도",
    ]);
    for (const sido of sidos) expect(sido.parent).toBeUndefined();
  });

  it("gives every 시/군/구 a 시/도 that exists, and every area a unique ASCII code", () => {
    const sidoCodes = new Set(codes(sidos));
    for (const entry of sigungus) expect(sidoCodes.has(entry.parent ?? ""), entry.code).toBe(true);
    expect(new Set(codes(gazetteer)).size).toBe(gazetteer.length);
    for (const entry of gazetteer) expect(entry.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("names every area consistently", () => {
    for (const entry of sigungus) {
      const sido = area(entry.parent!);
      expect(entry.ko).toBe(`${sido.ko} ${entry.koShort}`);
      expect(entry.en).toBe(`${entry.enShort}, ${sido.en}`);
      expect(entry.koShort).toMatch(/^([가-힣]+시 )?[가-힣]+[시군구]$/);
      expect(entry.enShort).toMatch(/^[A-Z][a-z]+-(si|gun|gu)(, [A-Z][a-z]+-si)?$/);
    }
  });

  it("places every area inside South Korea", () => {
    for (const entry of gazetteer) {
      expect(entry.lat, entry.code).toBeGreaterThanOrEqual(33);
      expect(entry.lat, entry.code).toBeLessThanOrEqual(38.7);
      expect(entry.lng, entry.code).toBeGreaterThanOrEqual(124.5);
      expect(entry.lng, entry.code).toBeLessThanOrEqual(131.9);
    }
  });

  it("places every 시/군/구 near its 시/도 and a non-autonomous 구 near its city", () => {
    for (const entry of sigungus) {
      const sido = area(entry.parent!);
      expect(distanceKm(entry.lat, entry.lng, sido.lat, sido.lng), entry.code).toBeLessThan(250);
      const [city, district] = entry.koShort.split(" ");
      if (district === undefined) continue;
      const parentCity = sigungus.find((other) => other.parent === entry.parent && other.koShort === city);
      expect(parentCity, entry.code).toBeDefined();
      expect(distanceKm(entry.lat, entry.lng, parentCity!.lat, parentCity!.lng), entry.code).toBeLessThan(25);
    }
  });

  it("counts the 시/군/구 of each 시/도", () => {
    const counts = Object.fromEntries(sidos.map((sido) => [sido.code, localGovernments(sido.code).length]));
    expect(counts).toEqual({
      seoul: 25,
      busan: 16,
      daegu: 9,
      incheon: 10,
      gwangju: 5,
      daejeon: 5,
      ulsan: 5,
      sejong: 0,
      gyeonggi: 31,
      gangwon: 18,
      chungbuk: 11,
      chungnam: 15,
      jeonbuk: 14,
      jeonnam: 22,
      gyeongbuk: 22,
      gyeongnam: 18,
      jeju: 2,
    });
    // The 226 local governments plus 제주시 and 서귀포시, which are administrative cities.
    expect(sigungus.filter((entry) => !entry.koShort.includes(" "))).toHaveLength(228);
  });

  it("has Seoul's 25 구 and Busan's 15 구 and 기장군", () => {
    const seoul = localGovernments("seoul");
    expect(seoul).toHaveLength(25);
    expect(seoul.every((entry) => entry.koShort.endsWith("구"))).toBe(true);
    const busan = localGovernments("busan");
    expect(busan.filter((entry) => entry.koShort.endsWith("구"))).toHaveLength(15);
    expect(busan.filter((entry) => entry.koShort.endsWith("군")).map((entry) => entry.koShort)).toEqual([
      "기장군",
    ]);
  });

  it("lists the non-autonomous 구 of the large cities", () => {
    const districts = sigungus.filter((entry) => entry.koShort.includes(" ")).map((entry) => entry.ko);
    expect(districts).toEqual(
      expect.arrayContaining([
        "경기도 수원시 장안구",
        "경기도 성남시 분당구",
        "경기도 고양시 일산동구",
        "경기도 안산시 단원구",
        "경기도 안양시 동안구",
        "경기도 용인시 수지구",
        "경기도 부천시 오정구",
        "경상남도 창원시 성산구",
        "경상북도 포항시 남구",
        "충청북도 청주시 상당구",
        "충청남도 천안시 동남구",
        "전북특별자치도 전주시 완산구",
      ]),
    );
    expect(districts).toHaveLength(35);
    expect(area("daegu-gunwi").ko).toBe("대구광역시 군위군");
  });

  it("has coordinates close to where the areas are", () => {
    expectNear(area("seoul-yeongdeungpo"), 37.526, 126.896);
    expectNear(area("jeju-jeju"), 33.5, 126.53);
    expectNear(area("gyeongbuk-ulleung"), 37.48, 130.9);
    expectNear(area("seoul"), 37.5665, 126.978);
    expectNear(area("busan-haeundae"), 35.163, 129.164);
    expectNear(area("gangwon-goseong"), 38.38, 128.468);
    expectNear(area("gyeongnam-goseong"), 34.973, 128.322);
  });
});

describe("searchAreas", () => {
  it("returns nothing for an empty or blank query", () => {
    expect(searchAreas("")).toEqual([]);
    expect(searchAreas("   \t")).toEqual([]);
  });

  it("finds 영등포구 by its short name, with or without the suffix, in Korean and English", () => {
    for (const query of [
      "영등포",
      "영등포구",
      "영등포 구",
      "서울 영등포구",
      "서울특별시 영등포구",
      "서울영등포",
    ]) {
      expect(codes(searchAreas(query))[0], query).toBe("seoul-yeongdeungpo");
    }
    for (const query of ["Yeongdeungpo", "yeongdeungpo-gu", "seoul yeongdeungpo", "YEONGDEUNGPO GU, Seoul"]) {
      expect(codes(searchAreas(query))[0], query).toBe("seoul-yeongdeungpo");
    }
  });

  it("treats a trailing 동 loosely", () => {
    expect(codes(searchAreas("영등포동"))[0]).toBe("seoul-yeongdeungpo");
  });

  it("finds a non-autonomous 구 by its own name", () => {
    expect(codes(searchAreas("분당"))[0]).toBe("gyeonggi-seongnam-bundang");
    expect(codes(searchAreas("성남시 분당구"))).toEqual(["gyeonggi-seongnam-bundang"]);
    expect(codes(searchAreas("Bundang"))[0]).toBe("gyeonggi-seongnam-bundang");
    expect(codes(searchAreas("포항시 남구"))).toEqual(["gyeongbuk-pohang-nam"]);
  });

  it("finds 제주특별자치도 and 제주시 for 제주, the 시 first", () => {
    const results = codes(searchAreas("제주"));
    expect(results.slice(0, 2)).toEqual(["jeju-jeju", "jeju"]);
    expect(results).toContain("jeju-seogwipo");
  });

  it("lists a 시/도 before an unrelated 시/군/구 of the same name", () => {
    expect(codes(searchAreas("광주")).slice(0, 2)).toEqual(["gwangju", "gyeonggi-gwangju"]);
    expect(codes(searchAreas("광주시"))[0]).toBe("gyeonggi-gwangju");
    expect(codes(searchAreas("Jeju-do"))[0]).toBe("jeju");
  });

  it("ranks exact matches before prefix matches before substring matches", () => {
    const results = codes(searchAreas("중구"));
    expect(results.slice(0, 6)).toEqual([
      "seoul-jung",
      "busan-jung",
      "daegu-jung",
      "incheon-jung",
      "daejeon-jung",
      "ulsan-jung",
    ]);
    // 중랑구 starts with 중, 성남시 중원구 contains it.
    expect(results.indexOf("seoul-jungnang")).toBeLessThan(results.indexOf("gyeonggi-seongnam-jungwon"));
    expect(codes(searchAreas("남구")).indexOf("seoul-gangnam")).toBeGreaterThan(
      codes(searchAreas("남구")).indexOf("gyeonggi-namyangju"),
    );
  });

  it("lists a 시/도 before the areas inside it when the query names the 시/도", () => {
    const results = codes(searchAreas("서울", { limit: 30 }));
    expect(results[0]).toBe("seoul");
    expect(results.slice(1, 26).every((code) => code.startsWith("seoul-"))).toBe(true);
    expect(codes(searchAreas("강원도"))[0]).toBe("gangwon");
    expect(codes(searchAreas("daegu"))[0]).toBe("daegu");
  });

  it("narrows by the 시/도 named before the 시/군/구", () => {
    expect(codes(searchAreas("서울 중구"))[0]).toBe("seoul-jung");
    expect(codes(searchAreas("busan jung-gu"))[0]).toBe("busan-jung");
    expect(codes(searchAreas("강원 고성"))).toEqual(["gangwon-goseong"]);
  });

  it("respects the limit", () => {
    expect(searchAreas("구")).toHaveLength(10);
    expect(searchAreas("구", { limit: 3 })).toHaveLength(3);
    expect(searchAreas("영등포", { limit: 0 })).toEqual([]);
  });

  it("finds nothing for a name that is not there", () => {
    expect(searchAreas("없는지명xyz")).toEqual([]);
  });

  it("finds every area by its short Korean name within the first 10 results", () => {
    fc.assert(
      fc.property(fc.constantFrom(...gazetteer), (entry) => {
        expect(searchAreas(entry.koShort)).toContain(entry);
      }),
      { numRuns: gazetteer.length * 2 },
    );
  });

  it("finds every area by its full Korean and English names first", () => {
    for (const entry of gazetteer) {
      expect(searchAreas(entry.ko)[0], entry.ko).toBe(entry);
      expect(searchAreas(entry.en)[0], entry.en).toBe(entry);
    }
  });
});

describe("nearestArea", () => {
  it("puts the default location in 영등포구", () => {
    expect(nearestArea(37.526618, 126.919666).code).toBe("seoul-yeongdeungpo");
  });

  it("answers a 구 rather than the city it belongs to, and 세종 for Sejong", () => {
    expect(nearestArea(37.3595, 127.1052).code).toBe("gyeonggi-seongnam-bundang");
    expect(nearestArea(36.48, 127.289).code).toBe("sejong");
    expect(nearestArea(33.4996, 126.5312).code).toBe("jeju-jeju");
  });

  it("answers each area for its own point", () => {
    for (const entry of gazetteer) {
      const dividedCity = sigungus.some((other) => other.koShort.startsWith(`${entry.koShort} `));
      const hasChildren = sigungus.some((other) => other.parent === entry.code);
      if (dividedCity || hasChildren) continue;
      expect(nearestArea(entry.lat, entry.lng), entry.code).toBe(entry);
    }
  });
});
