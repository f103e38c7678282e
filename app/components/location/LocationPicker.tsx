import "leaflet/dist/leaflet.css";
import { useEffect, useId, useRef, useState } from "react";
import { notifyError } from "#app/shell/toasts";
import { useLanguage, useT } from "#app/i18n/react";
import { stillMapOptions } from "#app/components/map/still-map";

export interface PickedLocation {
  lat: number;
  lng: number;
  simpleAddress: string;
  areaCode?: string;
}

interface AddressResult {
  label: string;
  simpleAddress: string;
  lat: number;
  lng: number;
  code?: string;
}

/** Spec defaults: the map opens on Yeongdeungpo-gu; geolocation is precise, 5 s, never cached. */
const DEFAULT_LOCATION = { lat: 37.526618, lng: 126.919666 };
const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

/**
 * Chooses 1–3 activity locations by address search, the device's position or a draggable map marker. The chosen
 * locations are submitted as hidden fields.
 */
export function LocationPicker({
  initial,
  max,
  tileUrl,
  attribution,
  invalid,
}: {
  initial: PickedLocation[];
  max: number;
  tileUrl: string;
  attribution: string;
  invalid?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const [locations, setLocations] = useState<PickedLocation[]>(initial);
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<AddressResult[] | undefined>();
  const [searchError, setSearchError] = useState<string | undefined>();
  const [candidate, setCandidate] = useState<PickedLocation | undefined>();
  const mapElement = useRef<HTMLDivElement>(null);
  const mapApi = useRef<{ moveTo: (lat: number, lng: number) => void } | null>(null);

  async function reverse(lat: number, lng: number) {
    const response = await fetch(`/api/address/reverse?lat=${lat}&lng=${lng}&lang=${language}`);
    if (!response.ok) return;
    const area = (await response.json()) as AddressResult;
    setCandidate({ lat, lng, simpleAddress: area.simpleAddress, areaCode: area.code });
  }

  useEffect(() => {
    let disposed = false;
    let cleanup: (() => void) | undefined;
    void import("leaflet").then((leaflet) => {
      if (disposed || !mapElement.current) return;
      const L = leaflet.default ?? leaflet;
      const start = initial[0] ?? DEFAULT_LOCATION;
      const map = L.map(mapElement.current, {
        scrollWheelZoom: true,
        dragging: true,
        ...stillMapOptions(),
      }).setView([start.lat, start.lng], 13);
      L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
      const marker = L.marker([start.lat, start.lng], {
        draggable: true,
        keyboard: true,
        title: t("profileForm.mapLabel"),
        icon: L.divIcon({
          className: "",
          html: '<div class="location-marker"></div>',
          iconSize: [29, 42],
          iconAnchor: [14, 42],
        }),
      }).addTo(map);
      marker.on("dragend", () => {
        const position = marker.getLatLng();
        void reverse(position.lat, position.lng);
      });
      // A tap or click on the map moves the marker there too (easier than dragging on a phone).
      map.on("click", (event: { latlng: { lat: number; lng: number } }) => {
        marker.setLatLng(event.latlng);
        void reverse(event.latlng.lat, event.latlng.lng);
      });
      mapApi.current = {
        moveTo(lat, lng) {
          marker.setLatLng([lat, lng]);
          map.setView([lat, lng], 13);
        },
      };
      cleanup = () => map.remove();
    });
    return () => {
      disposed = true;
      cleanup?.();
    };
    // The map is created once; later positions move the marker through mapApi.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function search() {
    setSearchError(undefined);
    const response = await fetch(`/api/address?q=${encodeURIComponent(query)}&lang=${language}`);
    const body = (await response.json()) as { items?: AddressResult[]; error?: { message: string } };
    if (!response.ok) {
      setResults([]);
      setSearchError(body.error?.message);
      return;
    }
    setResults(body.items ?? []);
  }

  function choose(result: AddressResult) {
    setCandidate({
      lat: result.lat,
      lng: result.lng,
      simpleAddress: result.simpleAddress,
      areaCode: result.code,
    });
    mapApi.current?.moveTo(result.lat, result.lng);
    setResults(undefined);
  }

  function useCurrentLocation() {
    if (!("geolocation" in navigator)) {
      notifyError(t("profileForm.geolocationUnsupported"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude } = position.coords;
        mapApi.current?.moveTo(latitude, longitude);
        void reverse(latitude, longitude);
      },
      // A failure (denied, timeout) is ignored: the member can still search or drag the marker.
      () => undefined,
      GEOLOCATION_OPTIONS,
    );
  }

  return (
    <fieldset className="min-w-0 space-y-3" aria-invalid={invalid || undefined}>
      <legend className="text-sm font-semibold">{t("profileForm.locations")} *</legend>
      <p className="text-muted text-xs">{t("profileForm.locationsHint")}</p>
      <div className="flex gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          {t("profileForm.addressSearch")}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          placeholder={t("profileForm.addressPlaceholder")}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void search();
            }
          }}
          className="surface min-h-11 min-w-0 flex-1 rounded-lg border border-subtle px-3"
        />
        <button
          type="button"
          onClick={() => void search()}
          className="min-h-11 rounded-lg border border-subtle px-3"
        >
          {t("profileForm.search")}
        </button>
      </div>
      {searchError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {searchError}
        </p>
      ) : null}
      {results && results.length > 0 ? (
        <ul className="rounded-lg border border-subtle" aria-label={t("profileForm.addressSearch")}>
          {results.map((result) => (
            <li key={`${result.label}-${result.lat}`}>
              <button
                type="button"
                onClick={() => choose(result)}
                className="block w-full px-3 py-2 text-left hover:bg-[var(--surface-muted)]"
              >
                {result.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        onClick={useCurrentLocation}
        className="min-h-11 rounded-lg border border-subtle px-3 text-sm"
      >
        {t("profileForm.useCurrentLocation")}
      </button>
      <div
        ref={mapElement}
        role="application"
        aria-label={t("profileForm.mapLabel")}
        className="h-64 w-full overflow-hidden rounded-lg border border-subtle md:h-[30rem]"
      />
      {candidate ? (
        <div className="flex items-center justify-between gap-2 rounded-lg border border-subtle px-3 py-2 text-sm">
          <span data-testid="location-candidate">{candidate.simpleAddress}</span>
          <button
            type="button"
            disabled={locations.length >= max}
            onClick={() => {
              setLocations((current) => [...current, candidate].slice(0, max));
              setCandidate(undefined);
            }}
            className="min-h-9 rounded-md bg-primary px-3 font-semibold text-white disabled:opacity-50"
          >
            {t("profileForm.addLocation")}
          </button>
        </div>
      ) : null}
      <ol className="space-y-1">
        {locations.map((location, index) => (
          <li
            key={`${location.lat}-${location.lng}-${index}`}
            className="flex items-center justify-between rounded-lg surface-muted px-3 py-2 text-sm"
          >
            <span>
              {index + 1}. {location.simpleAddress}
            </span>
            <button
              type="button"
              onClick={() => setLocations((current) => current.filter((_, i) => i !== index))}
              className="text-link underline"
            >
              {t("profileForm.removeLocation")}
            </button>
            <input type="hidden" name="locationLat" value={location.lat} />
            <input type="hidden" name="locationLng" value={location.lng} />
            <input type="hidden" name="locationAddress" value={location.simpleAddress} />
            <input type="hidden" name="locationCode" value={location.areaCode ?? ""} />
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
