import { describe, expect, it } from "vitest";
import { catalogueRows } from "./data";
import { describedSpecFields, koreanSpecText, specsIn } from "./spec-words";

/** Maker, engine and part names, and units: what a Korean page keeps in Latin letters. */
const names = new Set(
  [
    "BMW Motorrad EVO Paralever Telelever KYB Kayaba Showa SFF SFF-BP BPF WP Apex Xplor Öhlins NIX30 NPX",
    "STX40 TTX36 Sachs Marzocchi Pro-Link Uni-Trak Tri-Link Testastretta DVT Desmodue Desmosedici",
    "Stradale Superquadro Granturismo Milwaukee-Eight Revolution Max 1250T 975T Evolution LC8 LC8c LS410",
    "J-series TR-series Sherpa HPE UCE i-get eSP eSP+ Blue Core VVA Unicam CP2 CP3 ShiftCam SOHC DOHC OHV",
    "LED V4 V2 V형 L형 T-플레인 mm kW",
  ]
    .join(" ")
    .split(" "),
);

/** The words of a text written in Latin letters that are not names. */
const englishWords = (text: string) =>
  text.split(/[\s,()]+/).filter((word) => /\p{Script=Latin}/u.test(word) && !names.has(word));

describe("the catalogue's descriptive figures", () => {
  it("are all said in Korean on a Korean page, names kept", () => {
    const left = new Set<string>();
    for (const row of catalogueRows)
      for (const field of describedSpecFields) {
        const text = row.specs[field];
        if (text) for (const word of englishWords(koreanSpecText(text))) left.add(`${word} ← ${text}`);
      }
    expect([...left]).toEqual([]);
  });

  it("put each term in the words and the order Korean riders use", () => {
    expect(koreanSpecText("4-stroke SOHC 2-valve single (eSP)")).toBe("4행정 SOHC 2밸브 단기통 (eSP)");
    expect(koreanSpecText("Liquid-cooled parallel twin, DOHC, 4 valves per cylinder, 270° crank")).toBe(
      "수랭 병렬 2기통, DOHC, 기통당 4밸브, 270° 크랭크",
    );
    expect(koreanSpecText("41 mm telescopic fork")).toBe("41 mm 텔레스코픽 포크");
    expect(koreanSpecText("Showa SFF-BP 41 mm USD fork")).toBe("Showa SFF-BP 41 mm 도립식 포크");
    expect(koreanSpecText("Twin shocks, preload adjustable")).toBe("트윈 쇼크, 프리로드 조절식");
    expect(koreanSpecText("Pro-Link monoshock")).toBe("Pro-Link 모노쇼크");
    expect(koreanSpecText("halogen")).toBe("할로겐");
  });

  it("stay as the makers write them on an English page, and the coded figures are untouched", () => {
    const forza = catalogueRows.find((row) => row.specs.engineType?.includes("stroke"))!;
    expect(specsIn("en", forza.specs)).toBe(forza.specs);
    const korean = specsIn("ko", forza.specs);
    expect(korean.engineType).toBe(koreanSpecText(forza.specs.engineType!));
    expect(korean.engineType).not.toMatch(/stroke/);
    expect({ ...korean, ...Object.fromEntries(describedSpecFields.map((field) => [field, null])) }).toEqual({
      ...forza.specs,
      ...Object.fromEntries(describedSpecFields.map((field) => [field, null])),
    });
  });
});
