export const filterTableNames = [
  "adsType",
  "meetingType",
  "meetingStatus",
  "meetingPaymentStatus",
  "marketStatus",
  "point",
  "motoGenre",
  "businessType",
  "businessHours",
  "pickupItem",
  "repairSkill",
  "rescueSkill",
  "couponFilter",
  "integratedAlarmType",
  "paymentStatus",
] as const;

export type FilterTableName = (typeof filterTableNames)[number];

/** One row of a filter table: a stable code (never shown) and its labels. Order in the array is the display order. */
export interface FilterSeed {
  code: string;
  ko: string;
  en: string;
}

/** Product areas; a menu item links only when its area has shipped. */
export type Area =
  | "home"
  | "board"
  | "guestbook"
  | "market"
  | "review"
  | "specCompare"
  | "meeting"
  | "search"
  | "announce"
  | "faq"
  | "event"
  | "point"
  | "my"
  | "setting"
  | "settlement"
  | "policy";

export interface MenuItemSeed {
  code: string;
  ko: string;
  en: string;
  /** Korean-locale path, e.g. "/board/free"; the English path is derived by prefixing /en. */
  path: string;
  area: Area;
}

export interface MenuCategorySeed {
  /** menuGroup: joins the category to its items. */
  group: string;
  ko: string;
  en: string;
  items: MenuItemSeed[];
}
