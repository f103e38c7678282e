import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import {
  clusterPoints,
  customOverlayOptions,
  mapDefaults,
  markerOptions,
  zoomFromLevel,
  type ClusterPoint,
  type CustomOverlayInput,
  type LatLng,
  type MarkerInput,
} from "./map-objects";
import { stillMapOptions } from "./still-map";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A Leaflet map with the product's objects: markers (optionally with an info window), custom overlays and clustered
 * points. The map script loads in the browser only; the server renders the sized, labelled box.
 */
export function MapView({
  center,
  level = mapDefaults.level,
  markers = [],
  overlays = [],
  cluster,
  tileUrl,
  attribution,
  label,
  className = "",
}: {
  center: LatLng;
  level?: number;
  markers?: MarkerInput[];
  overlays?: CustomOverlayInput[];
  cluster?: ClusterPoint[];
  tileUrl: string;
  attribution: string;
  label: string;
  className?: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  // Validate on every render so a missing position fails loudly, in the server render too.
  const markerSpecs = markers.map(markerOptions);
  const overlaySpecs = overlays.map(customOverlayOptions);
  const key = JSON.stringify([center, level, markerSpecs, overlaySpecs, cluster, tileUrl]);

  useEffect(() => {
    let disposed = false;
    let cleanup: (() => void) | undefined;
    void import("leaflet").then((leaflet) => {
      if (disposed || !element.current) return;
      const L = leaflet.default ?? leaflet;
      const map = L.map(element.current, {
        dragging: mapDefaults.draggable,
        scrollWheelZoom: mapDefaults.scrollwheel,
        ...stillMapOptions(),
      }).setView([center.lat, center.lng], zoomFromLevel(level));
      L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
      for (const spec of markerSpecs) {
        const icon = spec.image
          ? L.icon({
              iconUrl: spec.image.src,
              iconSize: [spec.image.width, spec.image.height],
              iconAnchor: [spec.image.width / 2, spec.image.height],
            })
          : L.divIcon({
              className: "",
              html: `<div class="location-marker"></div>`,
              iconSize: [29, 42],
              iconAnchor: [14, 42],
            });
        const marker = L.marker([spec.lat, spec.lng], {
          icon,
          title: spec.title,
          draggable: spec.draggable,
          interactive: spec.clickable || Boolean(spec.infoWindow),
          zIndexOffset: spec.zIndex,
          opacity: spec.opacity,
        }).addTo(map);
        if (spec.infoWindow) {
          marker.bindPopup(escape(spec.infoWindow.content), { closeButton: spec.infoWindow.removable });
          if (spec.infoWindow.visible) marker.openPopup();
        }
      }
      for (const spec of overlaySpecs) {
        if (!spec.visible) continue;
        L.marker([spec.lat, spec.lng], {
          interactive: spec.clickable,
          icon: L.divIcon({ className: "map-overlay", html: spec.content, iconAnchor: [0, 0] }),
        }).addTo(map);
      }
      if (cluster && cluster.length > 0) {
        const layer = L.layerGroup().addTo(map);
        const draw = () => {
          layer.clearLayers();
          for (const item of clusterPoints(cluster, map.getZoom())) {
            const position: [number, number] =
              item.kind === "cluster" ? [item.lat, item.lng] : [item.point.lat, item.point.lng];
            const html =
              item.kind === "cluster"
                ? `<span class="map-cluster">${item.count}</span>`
                : `<div class="location-marker"></div>`;
            L.marker(position, {
              icon: L.divIcon({ className: "", html, iconSize: [29, 42], iconAnchor: [14, 42] }),
            }).addTo(layer);
          }
        };
        map.on("zoomend", draw);
        draw();
      }
      cleanup = () => map.remove();
    });
    return () => {
      disposed = true;
      cleanup?.();
    };
    // The map is rebuilt when its inputs change (their serialised form is the key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <div
      ref={element}
      role="region"
      aria-label={label}
      className={`isolate h-64 w-full overflow-hidden rounded-lg border border-subtle md:h-[30rem] md:max-w-[40rem] ${className}`}
    />
  );
}
