import { describe, expect, it } from "vitest";
import {
  clusterPoints,
  customOverlayOptions,
  infoWindowOptions,
  mapDefaults,
  mapErrors,
  markerOptions,
  zoomFromLevel,
} from "./map-objects";

const seoul = { lat: 37.526618, lng: 126.919666 };

describe("map objects", () => {
  it("apply the spec's defaults", () => {
    expect(mapDefaults).toMatchObject({
      width: "40rem",
      height: "30rem",
      level: 3,
      draggable: true,
      scrollwheel: true,
    });
    expect(markerOptions({ ...seoul, image: { src: "/marker.png" } }).image).toEqual({
      src: "/marker.png",
      width: 29,
      height: 42,
    });
    expect(infoWindowOptions({ ...seoul, content: "영등포" })).toMatchObject({
      range: 500,
      removable: false,
    });
    expect(customOverlayOptions({ ...seoul, content: "x" })).toMatchObject({
      xAnchor: 0.5,
      yAnchor: 0.5,
      clickable: false,
      visible: true,
    });
    expect(zoomFromLevel(3)).toBe(17);
  });

  it("raise the spec's errors when data is missing", () => {
    expect(() => markerOptions({ title: "no position" })).toThrow(mapErrors.noMarkerPosition);
    expect(() => markerOptions({ ...seoul, image: { src: " " } })).toThrow(
      "이미지 경로가 존재하지 않습니다.",
    );
    expect(() => infoWindowOptions({ content: "x" })).toThrow(mapErrors.noInfoWindowPosition);
    expect(() => customOverlayOptions({ lat: Number.NaN, lng: 1, content: "x" })).toThrow(
      mapErrors.noOverlayPosition,
    );
    expect(() => clusterPoints([], 10)).toThrow("클러스터 할 입력값이 없습니다.");
  });

  it("cluster nearby points and keep distant ones apart", () => {
    const points = [
      { id: "a", lat: 37.5266, lng: 126.9197 },
      { id: "b", lat: 37.528, lng: 126.9215 },
      { id: "c", lat: 35.1796, lng: 129.0756 },
    ];
    const far = clusterPoints(points, 7);
    expect(far.filter((item) => item.kind === "cluster")).toEqual([expect.objectContaining({ count: 2 })]);
    expect(far.filter((item) => item.kind === "point")).toHaveLength(1);
    expect(clusterPoints(points, 18).every((item) => item.kind === "point")).toBe(true);
  });
});
