import { brand } from "./define";

const spec = (model: string) => `https://www.sym-global.com/product/${model}`;

const commuter = {
  displacementCc: 125,
  cylinderCount: 1,
  cooling: "air",
  engineType: "4-stroke SOHC single",
  transmission: "cvt",
} as const;

export const sym = brand({ slug: "sym", nameEn: "SYM", nameKo: "에스와이엠" }, [
  {
    slug: "joymax-z-plus-300",
    nameEn: "Joymax Z+ 300",
    nameKo: "조이맥스 Z+ 300",
    category: "scooter",
    years: [2019, 2020, 2021, 2022, 2023, 2024, 2025],
    specUrl: spec("joymax-z-plus-300"),
    specs: {
      displacementCc: 278,
      seatHeightMm: 747,
      tankSizeL: 12,
      cylinderCount: 1,
      cooling: "liquid",
      engineType: "4-stroke SOHC 4-valve single",
      transmission: "cvt",
      abs: true,
      frontSuspension: "Telescopic fork",
      rearSuspension: "Twin shock",
      lighting: "LED",
    },
  },
  {
    slug: "cruisym-300",
    nameEn: "Cruisym 300",
    nameKo: "크루심 300",
    category: "scooter",
    years: [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025],
    specUrl: spec("cruisym-300"),
    specs: {
      displacementCc: 278,
      cylinderCount: 1,
      cooling: "liquid",
      engineType: "4-stroke SOHC 4-valve single",
      transmission: "cvt",
      abs: true,
      frontSuspension: "Telescopic fork",
      rearSuspension: "Twin shock",
    },
  },
  {
    slug: "jet-14-125",
    nameEn: "Jet 14 125",
    nameKo: "제트 14 125",
    category: "scooter",
    years: [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025],
    specUrl: spec("jet-14-125"),
    specs: { ...commuter },
  },
  {
    slug: "fiddle-iii-125",
    nameEn: "Fiddle III 125",
    nameKo: "피들 III 125",
    category: "scooter",
    years: [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025],
    specUrl: spec("fiddle-iii-125"),
    specs: { ...commuter },
  },
  {
    slug: "symphony-st-125",
    nameEn: "Symphony ST 125",
    nameKo: "심포니 ST 125",
    category: "scooter",
    years: [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025],
    specUrl: spec("symphony-st-125"),
    specs: { ...commuter },
  },
]);
