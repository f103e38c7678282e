/** The app's own tiles: a light grid served by /map-tiles, so that the map works offline and in tests. */
export const LOCAL_TILE_TEMPLATE = "/map-tiles/{z}/{x}/{y}.svg";

export interface TileSource {
  url: string;
  attribution: string;
}

/**
 * The tile adapter: a configured template (MAP_TILE_URL, any OSM-compatible server) when one was given, else the
 * app's own grid tiles.
 */
export function tileSource(configured: string | undefined, attribution: string): TileSource {
  return configured ? { url: configured, attribution } : { url: LOCAL_TILE_TEMPLATE, attribution: "" };
}
