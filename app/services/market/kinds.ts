import type { VehiclePaperwork } from "#app/db/schema";

/**
 * The market's kinds (spec section 2, Market): `buy` holds wanted posts, the others sales; the four vehicle kinds
 * carry vehicle information and count towards the limit of vehicle sale listings. `total` lists them all together.
 */
export const marketKinds = [
  "buy",
  "gear",
  "parts",
  "deliveryGear",
  "over125Manual",
  "over125Scooter",
  "under125Manual",
  "under125Scooter",
] as const;
export type MarketKind = (typeof marketKinds)[number];
export type MarketListKind = MarketKind | "total";

export const vehicleKinds = [
  "over125Manual",
  "over125Scooter",
  "under125Manual",
  "under125Scooter",
] as const satisfies readonly MarketKind[];
export type VehicleKind = (typeof vehicleKinds)[number];

export function isMarketKind(value: unknown): value is MarketKind {
  return typeof value === "string" && (marketKinds as readonly string[]).includes(value);
}

export function isMarketListKind(value: unknown): value is MarketListKind {
  return value === "total" || isMarketKind(value);
}

export function isVehicleKind(value: unknown): value is VehicleKind {
  return typeof value === "string" && (vehicleKinds as readonly string[]).includes(value);
}

/** Wanted posts (구해요) go buying → bought; every other kind is a sale. */
export function isWantedKind(kind: MarketKind): kind is "buy" {
  return kind === "buy";
}

/**
 * Whether a listing takes price offers now: a negotiable sale with a price, while it is selling. Its page says
 * "price offers welcome" only then, never once it is reserved or sold.
 */
export function takesOffers(listing: {
  kind: MarketKind;
  status: string;
  negotiable: boolean;
  price: number;
}): boolean {
  return (
    !isWantedKind(listing.kind) && listing.status === "selling" && listing.negotiable && listing.price > 0
  );
}

/** The Korean-locale path of a listing's page. */
export function listingPath(kind: MarketKind, id: number): string {
  return `/market/${kind}/${id}`;
}

/** Most vehicle sale listings one member may have that are neither sold nor deleted (spec section 9). */
export const VEHICLE_LISTING_LIMIT = 3;
/** The highest asking price accepted, in won (10억). */
export const LISTING_PRICE_MAX = 1_000_000_000;
/** A listing may be bumped once this long after its creation or its last bump. */
export const BUMP_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const KEYWORD_LIMIT = 10;
export const KEYWORD_MIN = 2;
export const KEYWORD_MAX = 20;
export const REVIEW_COMMENT_MAX = 200;
export const OFFER_MESSAGE_MAX = 200;
/** A trade review is shown once both sides wrote, or this long after the sale. */
export const REVIEW_REVEAL_MS = 7 * 24 * 60 * 60 * 1000;

/** The paperwork a vehicle listing can name (the database's list; repeated here for the browser). */
export const vehiclePaperworks = [
  "registration",
  "scrapCertificate",
  "transferCertificate",
] as const satisfies readonly VehiclePaperwork[];
export type VehiclePaperworkCode = (typeof vehiclePaperworks)[number];
