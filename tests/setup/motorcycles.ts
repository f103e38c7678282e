import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { CatalogueRow, MotorcycleSpecs } from "#app/services/motorcycles/catalogue-row";
import { upsertModelYear } from "#app/services/motorcycles/catalogue.server";

const scooterSpecs: MotorcycleSpecs = {
  displacementCc: 330,
  peakPowerHp: 28.8,
  peakPowerPs: 29.2,
  maxTorqueNm: 31.5,
  seatHeightMm: 780,
  weightKg: 184,
  weightType: "wet",
  tankSizeL: 11.5,
  wheelBaseMm: 1510,
  cylinderCount: 1,
  cooling: "liquid",
  engineType: "4-stroke SOHC single",
  transmission: "cvt",
  gearCount: null,
  abs: true,
  tractionControl: true,
  frontTyre: "120/70-15",
  rearTyre: "140/70-14",
  frontSuspension: "Telescopic fork",
  rearSuspension: "Twin shock",
  lighting: "LED",
};

/** A few real model years for tests: Korean and English names, one scooter each of three makers and a naked bike. */
export const testCatalogue = {
  forza350: {
    manufacturer: { slug: "honda", nameEn: "Honda", nameKo: "혼다" },
    model: { slug: "forza-350", nameEn: "Forza 350", nameKo: "포르자 350", category: "scooter" },
    year: 2023,
    specs: scooterSpecs,
    specUrl: "https://www.honda.co.kr/motorcycle/forza350",
  },
  pcx125: {
    manufacturer: { slug: "honda", nameEn: "Honda", nameKo: "혼다" },
    model: { slug: "pcx-125", nameEn: "PCX 125", nameKo: "PCX 125", category: "scooter" },
    year: 2024,
    specs: {
      ...scooterSpecs,
      displacementCc: 125,
      peakPowerHp: 12.3,
      peakPowerPs: 12.5,
      maxTorqueNm: 11.8,
      seatHeightMm: 764,
      weightKg: 132,
      tankSizeL: 8.1,
      wheelBaseMm: 1313,
      tractionControl: false,
    },
    specUrl: "https://www.honda.co.kr/motorcycle/pcx125",
  },
  xmax300: {
    manufacturer: { slug: "yamaha", nameEn: "Yamaha", nameKo: "야마하" },
    model: { slug: "xmax-300", nameEn: "XMAX 300", nameKo: "엑스맥스 300", category: "scooter" },
    year: 2023,
    specs: {
      ...scooterSpecs,
      displacementCc: 292,
      peakPowerHp: 27.6,
      peakPowerPs: 28,
      maxTorqueNm: 29,
      seatHeightMm: 795,
      weightKg: 180,
    },
    specUrl: "https://www.yamaha-motor.eu/gb/en/products/motorcycles/scooter/xmax-300/",
  },
  mt07: {
    manufacturer: { slug: "yamaha", nameEn: "Yamaha", nameKo: "야마하" },
    model: { slug: "mt-07", nameEn: "MT-07", nameKo: "MT-07", category: "naked" },
    year: 2024,
    specs: {
      ...scooterSpecs,
      displacementCc: 689,
      peakPowerHp: 72.4,
      peakPowerPs: 73.4,
      maxTorqueNm: 67,
      seatHeightMm: 805,
      weightKg: 184,
      tankSizeL: 14,
      wheelBaseMm: 1400,
      cylinderCount: 2,
      engineType: "4-stroke DOHC parallel twin",
      transmission: "manual",
      gearCount: 6,
      tractionControl: false,
      frontTyre: "120/70ZR17",
      rearTyre: "180/55ZR17",
      frontSuspension: "Upside-down fork",
      rearSuspension: "Monoshock",
    },
    specUrl: "https://www.yamaha-motor.eu/gb/en/products/motorcycles/hyper-naked/mt-07/",
  },
} satisfies Record<string, CatalogueRow>;

export type TestMotorcycle = keyof typeof testCatalogue;

/** Puts one of the test model years (or any row) into the catalogue and answers its ids. */
export async function insertMotorcycle(
  db: Database,
  clock: Clock,
  row: TestMotorcycle | CatalogueRow = "forza350",
): Promise<{ id: number; modelId: number }> {
  const value = typeof row === "string" ? testCatalogue[row] : row;
  const { id, modelId } = await runInTransaction(db, clock, (uow) =>
    upsertModelYear(uow, value, "catalogue"),
  );
  return { id, modelId };
}

/** All the test model years, by name. */
export async function insertTestCatalogue(
  db: Database,
  clock: Clock,
): Promise<Record<TestMotorcycle, { id: number; modelId: number }>> {
  const ids = {} as Record<TestMotorcycle, { id: number; modelId: number }>;
  for (const name of Object.keys(testCatalogue) as TestMotorcycle[]) {
    ids[name] = await insertMotorcycle(db, clock, name);
  }
  return ids;
}
