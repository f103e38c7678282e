import type { CategorySeed } from "#app/services/board/categories";
import type { MarketKind } from "./kinds";

const vehicle: CategorySeed[] = [
  { code: "individual", ko: "개인 판매", en: "Private Sale" },
  { code: "dealer", ko: "업체 판매", en: "Dealer Sale" },
  { code: "project", ko: "부품용·고장차", en: "Project / Non-runner" },
];

/** The types each market kind starts with; administrators may change them later, as the boards' categories. */
export const marketCategorySeeds: Record<MarketKind, CategorySeed[]> = {
  buy: [
    { code: "vehicle", ko: "차량", en: "Vehicles" },
    { code: "gear", ko: "안전장비", en: "Safety Gear" },
    { code: "parts", ko: "부품", en: "Parts" },
    { code: "other", ko: "기타", en: "Other" },
  ],
  gear: [
    { code: "helmet", ko: "헬멧", en: "Helmets" },
    { code: "jacket", ko: "재킷·슈트", en: "Jackets & Suits" },
    { code: "gloves", ko: "장갑", en: "Gloves" },
    { code: "boots", ko: "부츠", en: "Boots" },
    { code: "protector", ko: "보호대", en: "Protectors" },
    { code: "other", ko: "기타", en: "Other" },
  ],
  parts: [
    { code: "exhaust", ko: "배기", en: "Exhaust" },
    { code: "tire", ko: "타이어·휠", en: "Tyres & Wheels" },
    { code: "brake", ko: "브레이크", en: "Brakes" },
    { code: "electric", ko: "전장·등화", en: "Electrics & Lights" },
    { code: "body", ko: "외장·카울", en: "Body & Fairings" },
    { code: "luggage", ko: "탑박스·가방", en: "Luggage" },
    { code: "consumables", ko: "소모품", en: "Consumables" },
    { code: "other", ko: "기타", en: "Other" },
  ],
  deliveryGear: [
    { code: "box", ko: "배달통", en: "Delivery Boxes" },
    { code: "mount", ko: "거치대", en: "Phone Mounts" },
    { code: "winter", ko: "방한용품", en: "Winter Gear" },
    { code: "other", ko: "기타", en: "Other" },
  ],
  over125Manual: vehicle,
  over125Scooter: vehicle,
  under125Manual: vehicle,
  under125Scooter: vehicle,
};
