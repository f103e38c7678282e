import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import type { Actor } from "#app/services/actor";
import { listCategories } from "#app/services/board/articles.server";
import type { MarketKind } from "#app/services/market/kinds";
import { createListing, type ListingInput } from "#app/services/market/listings.server";

/** A complete, valid listing input of a kind (a vehicle kind gets vehicle information), with overrides. */
export async function listingInput(
  db: Database,
  kind: MarketKind,
  overrides: Partial<ListingInput> = {},
): Promise<ListingInput> {
  const [category] = await listCategories(db, kind);
  const vehicle = kind.endsWith("Manual") || kind.endsWith("Scooter");
  return {
    kind,
    categoryId: category!.id,
    title: `${kind} 매물`,
    contentHtml: "<p>상태 좋습니다. 직거래 원해요.</p>",
    price: 150_000,
    negotiable: true,
    tradeDirect: true,
    tradeDelivery: false,
    areaCode: "seoul-yeongdeungpo",
    vehicle: vehicle
      ? {
          modelName: "포르자 350",
          modelYear: 2022,
          mileageKm: 12_000,
          displacementCc: kind.startsWith("under125") ? 125 : 330,
          colour: "흰색",
          accidentHistory: "",
          paperwork: ["registration"],
          tuned: false,
        }
      : null,
    ...overrides,
  };
}

/** Writes a listing of a kind for a seller and answers its id. */
export async function insertListing(
  db: Database,
  clock: Clock,
  seller: Actor,
  kind: MarketKind = "gear",
  overrides: Partial<ListingInput> = {},
): Promise<number> {
  const { id } = await createListing(db, clock, seller, await listingInput(db, kind, overrides));
  return id;
}
