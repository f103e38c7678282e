import Supercluster from "supercluster";

/** Map defaults of the product (spec section 9). */
export const mapDefaults = {
  width: "40rem",
  height: "30rem",
  level: 3,
  draggable: true,
  scrollwheel: true,
  markerImageSize: [29, 42] as const,
  infoWindowRange: 500,
};

/** The errors the map objects raise when their data is missing (spec section 5). */
export const mapErrors = {
  noClusterInput: "클러스터 할 입력값이 없습니다.",
  noMarkerPosition: "마커 위치가 존재하지 않습니다.",
  noInfoWindowPosition: "인포윈도우 위치가 존재하지 않습니다.",
  noOverlayPosition: "커스텀 오버레이 위치가 존재하지 않습니다.",
  noImagePath: "이미지 경로가 존재하지 않습니다.",
} as const;

class MapObjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MapObjectError";
  }
}

export interface LatLng {
  lat: number;
  lng: number;
}

function hasPosition<T extends Partial<LatLng>>(value: T): value is T & LatLng {
  return Number.isFinite(value.lat) && Number.isFinite(value.lng);
}

/** Map levels count like Kakao's (1 is closest); Leaflet zooms count the other way. */
export function zoomFromLevel(level: number) {
  return Math.max(1, Math.min(19, 20 - level));
}

export interface MarkerInput extends Partial<LatLng> {
  title?: string;
  image?: { src: string; width?: number; height?: number };
  draggable?: boolean;
  clickable?: boolean;
  zIndex?: number;
  opacity?: number;
  /** A number or short text shown on the marker (the order of a list). */
  orderLabel?: string;
  labelBottomMargin?: number;
  infoWindow?: Omit<InfoWindowInput, "lat" | "lng">;
}

export function markerOptions(input: MarkerInput) {
  if (!hasPosition(input)) throw new MapObjectError(mapErrors.noMarkerPosition);
  if (input.image && !input.image.src?.trim()) throw new MapObjectError(mapErrors.noImagePath);
  return {
    lat: input.lat,
    lng: input.lng,
    title: input.title ?? "",
    image: input.image
      ? {
          src: input.image.src,
          width: input.image.width ?? mapDefaults.markerImageSize[0],
          height: input.image.height ?? mapDefaults.markerImageSize[1],
        }
      : undefined,
    draggable: input.draggable ?? false,
    clickable: input.clickable ?? false,
    zIndex: input.zIndex ?? 0,
    opacity: input.opacity ?? 1,
    orderLabel: input.orderLabel,
    labelBottomMargin: input.labelBottomMargin ?? 0,
    infoWindow: input.infoWindow
      ? infoWindowOptions({ ...input.infoWindow, lat: input.lat, lng: input.lng })
      : undefined,
  };
}

export interface InfoWindowInput extends Partial<LatLng> {
  content: string;
  visible?: boolean;
  removable?: boolean;
  /** Metres within which the window stays open when the map moves. */
  range?: number;
}

export function infoWindowOptions(input: InfoWindowInput) {
  if (!hasPosition(input)) throw new MapObjectError(mapErrors.noInfoWindowPosition);
  return {
    lat: input.lat,
    lng: input.lng,
    content: input.content,
    visible: input.visible ?? false,
    removable: input.removable ?? false,
    range: input.range ?? mapDefaults.infoWindowRange,
  };
}

export interface CustomOverlayInput extends Partial<LatLng> {
  content: string;
  xAnchor?: number;
  yAnchor?: number;
  clickable?: boolean;
  visible?: boolean;
}

export function customOverlayOptions(input: CustomOverlayInput) {
  if (!hasPosition(input)) throw new MapObjectError(mapErrors.noOverlayPosition);
  return {
    lat: input.lat,
    lng: input.lng,
    content: input.content,
    xAnchor: input.xAnchor ?? 0.5,
    yAnchor: input.yAnchor ?? 0.5,
    clickable: input.clickable ?? false,
    visible: input.visible ?? true,
  };
}

export interface ClusterPoint extends LatLng {
  id: string;
}

export type Clustered =
  { kind: "cluster"; lat: number; lng: number; count: number } | { kind: "point"; point: ClusterPoint };

/** Groups nearby points at a zoom (supercluster); refuses an empty input as the spec says. */
export function clusterPoints(points: ClusterPoint[], zoom: number, radius = 60): Clustered[] {
  if (points.length === 0) throw new MapObjectError(mapErrors.noClusterInput);
  const index = new Supercluster<ClusterPoint>({ radius, maxZoom: 18 });
  index.load(
    points.map((point) => ({
      type: "Feature" as const,
      properties: point,
      geometry: { type: "Point" as const, coordinates: [point.lng, point.lat] },
    })),
  );
  return index.getClusters([-180, -85, 180, 85], Math.round(zoom)).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties as ClusterPoint & { cluster?: boolean; point_count?: number };
    return properties.cluster
      ? { kind: "cluster" as const, lat, lng, count: properties.point_count ?? 0 }
      : { kind: "point" as const, point: properties };
  });
}
