import type { LoaderFunctionArgs } from "react-router";

/** A tile is the same forever: a day in the browser, a year in shared caches, never revalidated before. */
const CACHE_CONTROL = "public, max-age=86400, s-maxage=31536000, immutable";

const tileNumber = (value: string | undefined, max: number) => {
  const match = /^(\d{1,7})(?:\.svg)?$/.exec(value ?? "");
  const number = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(number) && number >= 0 && number <= max ? number : null;
};

/** The SVG of one 256-pixel tile: a light ground, a fine grid and a stronger edge, so that pans and zooms read. */
export function gridTile(z: number, x: number, y: number) {
  const lines = [32, 64, 96, 128, 160, 192, 224]
    .map(
      (at) => `<path d="M${at} 0V256M0 ${at}H256" stroke="#e2e8f0" stroke-width="${at === 128 ? 1 : 0.5}"/>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<rect width="256" height="256" fill="#f8fafc"/>${lines}` +
    `<path d="M0 0.5H256M0.5 0V256" stroke="#cbd5e1"/>` +
    `<text x="6" y="16" font-family="sans-serif" font-size="10" fill="#94a3b8">${z}/${x}/${y}</text></svg>`
  );
}

/**
 * /map-tiles/{z}/{x}/{y}.svg: the app's own map tiles when no tile server is configured, so that maps work offline
 * and in tests. Coordinates outside the zoom's grid are a 404.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const z = tileNumber(params.z, 19);
  const size = z === null ? 0 : 2 ** z - 1;
  const x = tileNumber(params.x, size);
  const y = tileNumber(params.y ?? params["y.svg"], size);
  if (z === null || x === null || y === null) return new Response(null, { status: 404 });
  return new Response(gridTile(z, x, y), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
