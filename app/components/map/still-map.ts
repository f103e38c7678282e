/**
 * Leaflet's options for a reader who asked for reduced motion: no fading popups and tiles, no animated zoom.
 * (A popup that is still fading in also reads as too faint to an accessibility check.) A module of its own: the
 * location picker of a profile form needs it, and not the clustering the map objects bring (ADR 045).
 */
export function stillMapOptions(): {
  fadeAnimation?: boolean;
  zoomAnimation?: boolean;
  markerZoomAnimation?: boolean;
} {
  if (typeof window === "undefined" || !window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    return {};
  return { fadeAnimation: false, zoomAnimation: false, markerZoomAnimation: false };
}
