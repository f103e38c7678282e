import {
  clusterPoints,
  infoWindowOptions,
  mapErrors,
  markerOptions,
  type Clustered,
  type LatLng,
} from "#app/components/map/map-objects";
import { initials } from "#app/components/ui/Avatar";

/** What the map shows of an expert: the card's summary at the district's point, never the expert's own. */
export interface ExpertPin {
  id: string;
  lat: number;
  lng: number;
  nickname: string;
  avatarUrl: string | null;
  /** One line under the nickname: district and distance. */
  summary: string;
  /** The score and response rate line. */
  detail: string;
  requestHref: string;
  requestLabel: string;
}

const MARKER_CLASS =
  "inline-flex size-10 items-center justify-center overflow-hidden rounded-full border-2 border-white bg-primary text-sm font-bold text-white shadow-md";
/** A cluster's badge: how many experts it holds. */
export const clusterHtml = (count: number) =>
  `<span class="inline-flex size-10 items-center justify-center rounded-full border-2 border-white bg-primary font-bold text-white shadow-md">${count}</span>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The avatar marker's markup: the picture in a round frame, or the initials when the expert has none. */
export function avatarMarkerHtml(pin: Pick<ExpertPin, "nickname" | "avatarUrl">, image?: { src: string }) {
  if (image !== undefined && !image.src.trim()) throw new Error(mapErrors.noImagePath);
  const src = image?.src ?? pin.avatarUrl;
  const face = src
    ? `<img src="${escapeHtml(src)}" alt="" width="40" height="40" class="size-full object-cover">`
    : escapeHtml(initials(pin.nickname));
  return `<span class="${MARKER_CLASS}" title="${escapeHtml(pin.nickname)}">` + `${face}</span>`;
}

/** The info window of an expert: the card's summary and the request link, every text escaped. */
export function expertPopupHtml(pin: ExpertPin) {
  const window = infoWindowOptions({
    lat: pin.lat,
    lng: pin.lng,
    content: pin.nickname,
    removable: true,
  });
  return {
    ...window,
    html:
      `<div class="space-y-1 text-sm"><strong>${escapeHtml(pin.nickname)}</strong>` +
      `<p>${escapeHtml(pin.summary)}</p><p>${escapeHtml(pin.detail)}</p>` +
      `<a class="font-semibold underline" href="${escapeHtml(pin.requestHref)}">${escapeHtml(pin.requestLabel)}</a></div>`,
  };
}

/** The marker of one expert, checked as the map objects check theirs (a missing position or image path fails). */
export function expertMarker(pin: Partial<ExpertPin> & Pick<ExpertPin, "nickname">) {
  return markerOptions({
    lat: pin.lat,
    lng: pin.lng,
    title: pin.nickname,
    clickable: true,
    image:
      pin.avatarUrl === undefined || pin.avatarUrl === null
        ? undefined
        : { src: pin.avatarUrl, width: 36, height: 36 },
  });
}

/** The experts grouped at a zoom: a cluster's count at its centre, or one expert's pin. */
export function clusterExperts(pins: ExpertPin[], zoom: number): (Clustered & { pin?: ExpertPin })[] {
  const byId = new Map(pins.map((pin) => [pin.id, pin]));
  return clusterPoints(
    pins.map((pin) => ({ id: pin.id, lat: pin.lat, lng: pin.lng })),
    zoom,
  ).map((item) => (item.kind === "point" ? { ...item, pin: byId.get(item.point.id) } : item));
}

/** The box that holds the origin and every pin, for the first view. */
export function boundsOf(origin: LatLng, pins: LatLng[]): [[number, number], [number, number]] {
  const lats = [origin.lat, ...pins.map((pin) => pin.lat)];
  const lngs = [origin.lng, ...pins.map((pin) => pin.lng)];
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}
