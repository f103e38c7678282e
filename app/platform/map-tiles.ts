/**
 * The app's own map tiles: a light grid served by /map-tiles (app/routes/map-tile.ts), the default tile template,
 * so that maps work offline, on a fresh machine and in tests. MAP_TILE_URL opts into a real tile server.
 */
export const LOCAL_TILE_TEMPLATE = "/map-tiles/{z}/{x}/{y}.svg";

/** The attribution of OpenStreetMap's tiles, the usual MAP_TILE_URL. */
export const OSM_ATTRIBUTION = "© OpenStreetMap contributors";
