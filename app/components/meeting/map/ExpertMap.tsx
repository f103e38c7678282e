import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import { mapDefaults, type LatLng } from "#app/components/map/map-objects";
import { stillMapOptions } from "#app/components/map/still-map";
import {
  avatarMarkerHtml,
  boundsOf,
  clusterExperts,
  clusterHtml,
  expertMarker,
  expertPopupHtml,
  type ExpertPin,
} from "./expert-markers";

export interface ExpertMapProps {
  origin: LatLng;
  pins: ExpertPin[];
  tileUrl: string;
  attribution: string;
  label: string;
  originLabel: string;
}

/**
 * The finder's map (loaded in the browser only, on demand): the experts' avatars at their districts, grouped by
 * supercluster as the reader zooms, each opening an info window with the card's summary and the request link.
 */
export default function ExpertMap({
  origin,
  pins,
  tileUrl,
  attribution,
  label,
  originLabel,
}: ExpertMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([origin, pins, tileUrl]);

  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, {
      dragging: mapDefaults.draggable,
      scrollWheelZoom: mapDefaults.scrollwheel,
      ...stillMapOptions(),
    });
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    L.circleMarker([origin.lat, origin.lng], { radius: 7, weight: 3, fillOpacity: 0.9 })
      .bindTooltip(originLabel)
      .addTo(map);
    if (pins.length === 0) map.setView([origin.lat, origin.lng], 13);
    else map.fitBounds(boundsOf(origin, pins), { padding: [32, 32], maxZoom: 15 });
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      if (pins.length === 0) return;
      for (const item of clusterExperts(pins, map.getZoom())) {
        if (item.kind === "cluster") {
          L.marker([item.lat, item.lng], {
            icon: L.divIcon({ className: "", html: clusterHtml(item.count), iconSize: [40, 40] }),
            keyboard: true,
            title: String(item.count),
          })
            .on("click", () => map.setView([item.lat, item.lng], Math.min(map.getZoom() + 2, 19)))
            .addTo(layer);
          continue;
        }
        const pin = item.pin!;
        const spec = expertMarker(pin);
        const popup = expertPopupHtml(pin);
        L.marker([spec.lat, spec.lng], {
          icon: L.divIcon({ className: "", html: avatarMarkerHtml(pin), iconSize: [40, 40] }),
          title: spec.title,
          keyboard: true,
        })
          .bindPopup(popup.html, { closeButton: popup.removable })
          .addTo(layer);
      }
    };
    map.on("zoomend", draw);
    draw();
    return () => {
      map.remove();
    };
    // The map is rebuilt when its inputs change (their serialised form is the key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <div
      ref={element}
      role="region"
      aria-label={label}
      className="isolate h-[30rem] w-full overflow-hidden rounded-lg border border-subtle md:w-[40rem]"
    />
  );
}
