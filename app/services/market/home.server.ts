import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { cachedReference } from "#app/services/reference/cache.server";
import { memberTradeAreas } from "./areas.server";
import { HOME_NEAR_RADIUS_KM, marketListQuery, toMarketListRow, type MarketListRow } from "./list.server";

/** How many listings the home page shows. */
const HOME_LISTINGS = 6;

export interface HomeListings {
  /** Near the member's main area; false for the latest anywhere (visitors, members without an area). */
  near: boolean;
  rows: MarketListRow[];
}

const none = new Set<string>();

/**
 * The home page's market section. A member with a main area sees the latest open listings within
 * HOME_NEAR_RADIUS_KM of it, without sellers they hid (two statements). Everybody else sees the latest open listings
 * anywhere, held in memory for the reference data's 30 seconds: the same rows for every visitor, so the busiest
 * page asks the database for them twice a minute at most, and a new listing reaches it within half a minute.
 */
export async function homeListings(db: Database, reader: Actor | null): Promise<HomeListings> {
  const main = reader ? (await memberTradeAreas(db, reader.id))[0] : undefined;
  if (!reader || !main) {
    const rows = await cachedReference(db, "market:home-latest", async () =>
      (await marketListQuery(db, { kind: "total", sort: "latest" }, { limit: HOME_LISTINGS })).map((row) =>
        toMarketListRow(row, none),
      ),
    );
    return { near: false, rows };
  }
  const rows = await marketListQuery(
    db,
    {
      kind: "total",
      sort: "latest",
      near: { lat: main.latitude, lng: main.longitude, radiusKm: HOME_NEAR_RADIUS_KM },
    },
    { limit: HOME_LISTINGS, withoutSellersHiddenBy: reader.id },
  );
  return { near: true, rows: rows.map((row) => toMarketListRow(row, none)) };
}
