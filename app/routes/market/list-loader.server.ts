import { languageFromPath, translate } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import type { SessionViewer } from "#app/platform/viewer.server";
import { actorOf } from "#app/services/actor";
import { districtNames, memberTradeAreas } from "#app/services/market/areas.server";
import type { MarketListKind } from "#app/services/market/kinds";
import { listMarket, type MarketListRow } from "#app/services/market/list.server";
import { garageFitFilter } from "#app/services/market/fits.server";
import { blindedMemberIds } from "#app/services/members/relations.server";
import { readListQuery } from "#app/shell/list-query.server";
import type { ListingCardRow } from "#app/components/market/ListingCard";

/** The distances a member may filter by around their main area, in kilometres. */
const NEAR_OPTIONS = [3, 5, 10, 20];

const wholeWon = (value: string | null) => (value && /^\d{1,10}$/.test(value) ? Number(value) : null);

/** A list row as a card shows it, with its district named on the server (the gazetteer stays here). */
export function cardRow(row: MarketListRow): ListingCardRow {
  return { ...row, area: districtNames(row.areaCode) };
}

/** What a market list page loads from its address: the kind, order, type and filters, and one page of listings. */
export async function loadMarketList(request: Request, kind: MarketListKind, viewer: SessionViewer | null) {
  const url = new URL(request.url);
  const search = url.searchParams;
  const { db, clock } = getRuntime();
  const { sort, category, categories, q, cursor } = await readListQuery(
    db,
    search,
    kind === "total" ? null : kind,
  );
  const areas = viewer ? await memberTradeAreas(db, viewer.id) : [];
  const main = areas.find((area) => area.isMain) ?? areas[0];
  const areaParam = search.get("area") ?? "";
  const nearKm = areaParam.startsWith("near:") ? Number(areaParam.slice(5)) : Number(search.get("near"));
  const near = main && NEAR_OPTIONS.includes(nearKm) ? nearKm : null;
  const area = near === null && districtNames(areaParam) ? areaParam : null;
  // The filter form marks its submits: an unticked "hide sold" box sends nothing, which then means "show".
  const hideClosed = search.has("f") ? search.get("hide") === "1" : search.get("all") !== "1";
  const filters = {
    hideClosed,
    priceMin: wholeWon(search.get("min")),
    priceMax: wholeWon(search.get("max")),
    area,
    near,
  };
  const fit = await garageFitFilter(db, kind, viewer?.id ?? null, search.get("fit") === "1");
  const blinded = await blindedMemberIds(db, viewer?.id);
  const page = await listMarket(db, actorOf(viewer), blinded, {
    kind,
    sort,
    categoryId: category?.id ?? null,
    hideClosed,
    priceMin: filters.priceMin,
    priceMax: filters.priceMax,
    areaCode: area,
    near: near !== null && main ? { lat: main.latitude, lng: main.longitude, radiusKm: near } : null,
    q,
    fitsGarageOf: fit.fitsGarageOf,
    cursor,
  });
  return {
    kind,
    sort,
    categories,
    category: category?.code ?? null,
    q,
    filters,
    fitFilter: fit.filter,
    // The member's districts, and the one the address names when it is not among them (a shared link).
    areas: [
      ...areas.map((item) => ({ code: item.code, names: item.names })),
      ...(area && !areas.some((item) => item.code === area)
        ? [{ code: area, names: districtNames(area)! }]
        : []),
    ],
    nearOptions: main ? NEAR_OPTIONS : [],
    page: { rows: page.rows.map(cardRow), nextCursor: page.nextCursor },
    paged: Boolean(cursor),
    now: clock.now().toISOString(),
    signedIn: Boolean(viewer),
    pageTitle: `${translate(languageFromPath(url.pathname), `market.kind.${kind}`)} · ${translate(languageFromPath(url.pathname), "market.title")}`,
  };
}
