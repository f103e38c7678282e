import { useEffect, useState } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { useLanguage, useT } from "#app/i18n/react";
import { notifyError } from "#app/shell/toasts";

/** The spec's geolocation: precise, 5 seconds at most, never a cached position. */
const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

export interface DevicePosition {
  latitude: number;
  longitude: number;
  /** The district the position falls in, once the address service has answered. */
  areaName: string | null;
}

const supported = () => "geolocation" in navigator;

/**
 * Asks the device where it is once: "locating" until it answers, then its position (and district), or null when it
 * cannot say (denied, timed out: the caller keeps its fallback). A device without geolocation is told so in a toast.
 */
export function useDevicePosition(): { locating: boolean; position: DevicePosition | null } {
  const t = useT();
  const language = useLanguage();
  const hydrated = useHydrated();
  const [answered, setAnswered] = useState(false);
  const [position, setPosition] = useState<DevicePosition | null>(null);

  useEffect(() => {
    if (!supported()) {
      notifyError(t("rescue.call.geolocationUnsupported"));
      return;
    }
    let disposed = false;
    navigator.geolocation.getCurrentPosition(
      (found) => {
        if (disposed) return;
        const { latitude, longitude } = found.coords;
        setPosition({ latitude, longitude, areaName: null });
        setAnswered(true);
        void fetch(`/api/address/reverse?lat=${latitude}&lng=${longitude}&lang=${language}`)
          .then((response) => (response.ok ? (response.json() as Promise<{ simpleAddress?: string }>) : null))
          .then((area) => {
            if (!disposed && area?.simpleAddress)
              setPosition({ latitude, longitude, areaName: area.simpleAddress });
          })
          .catch(() => undefined);
      },
      // A failure is not an error for the rider: the call goes from their main area instead.
      () => {
        if (!disposed) setAnswered(true);
      },
      GEOLOCATION_OPTIONS,
    );
    return () => {
      disposed = true;
    };
    // Asked once per page and language; the message function does not change what is asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  return { locating: !hydrated || (supported() && !answered), position };
}
