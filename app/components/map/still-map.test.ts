import { afterEach, describe, expect, it, vi } from "vitest";
import { stillMapOptions } from "./still-map";

describe("stillMapOptions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("turns Leaflet's animations off only for a reader who asked for reduced motion", () => {
    expect(stillMapOptions()).toEqual({});
    const prefers = (reduce: boolean) => ({
      matchMedia: (query: string) => ({ matches: reduce && query.includes("reduce") }),
    });
    vi.stubGlobal("window", prefers(false));
    expect(stillMapOptions()).toEqual({});
    vi.stubGlobal("window", prefers(true));
    expect(stillMapOptions()).toEqual({
      fadeAnimation: false,
      zoomAnimation: false,
      markerZoomAnimation: false,
    });
  });
});
