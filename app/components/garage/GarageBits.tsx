import Bike from "lucide-react/icons/bike";
import type { Language } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";

/** A garage bike as pages show it (the loader's shape of `GarageBike`). */
export interface GarageBikeView {
  id: number;
  motorcycleId: number;
  year: number;
  nameEn: string;
  nameKo: string;
  manufacturerEn: string;
  manufacturerKo: string;
  ownedSince: string;
  odometerKm: number | null;
  photo: { url: string; thumbnailUrl: string } | null;
}

/** Manufacturer and model in the page's language: "혼다 포르자 350", "Honda Forza 350". */
export function bikeName(
  bike: Pick<GarageBikeView, "nameEn" | "nameKo" | "manufacturerEn" | "manufacturerKo">,
  language: Language,
) {
  return language === "ko"
    ? `${bike.manufacturerKo} ${bike.nameKo}`
    : `${bike.manufacturerEn} ${bike.nameEn}`;
}

/** "2024-03-01" → year and month numbers. */
function monthOf(day: string) {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** The bike's photo thumbnail, or a motorcycle icon where it has none. */
export function BikeThumbnail({ bike, size = "md" }: { bike: GarageBikeView; size?: "sm" | "md" }) {
  const t = useT();
  const language = useLanguage();
  const box = size === "sm" ? "size-14" : "size-20";
  if (!bike.photo) {
    return (
      <span
        className={`${box} surface-muted text-muted flex shrink-0 items-center justify-center rounded-lg`}
        aria-hidden="true"
      >
        <Bike className="size-7" />
      </span>
    );
  }
  return (
    <img
      src={bike.photo.thumbnailUrl}
      alt={t("garage.photoOf", { model: bikeName(bike, language) })}
      width={size === "sm" ? 56 : 80}
      height={size === "sm" ? 56 : 80}
      loading="lazy"
      className={`${box} shrink-0 rounded-lg object-cover`}
    />
  );
}

/** Name, model year, since when and odometer of a bike. */
export function BikeSummary({ bike }: { bike: GarageBikeView }) {
  const t = useT();
  const language = useLanguage();
  return (
    <div className="min-w-0 flex-1 space-y-0.5">
      <p className="font-semibold">{bikeName(bike, language)}</p>
      <p className="text-muted text-sm">
        {t("garage.year", { year: bike.year })}
        {" · "}
        {t("garage.since", { date: t("garage.month", monthOf(bike.ownedSince)) })}
        {bike.odometerKm !== null ? ` · ${t("garage.odometer", { km: bike.odometerKm })}` : null}
      </p>
    </div>
  );
}

/**
 * A member's garage as their profile shows it: model and year with photo thumbnails. `manage` links the member's own
 * garage page.
 */
export function GarageSection({ bikes, own }: { bikes: GarageBikeView[]; own: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="profile-garage" className="space-y-3" data-testid="profile-garage">
      <div className="flex items-center justify-between">
        <h2 id="profile-garage" className="text-lg font-bold">
          {t("garage.profileSection")}
        </h2>
        {own ? (
          <LocalLink to="/my/garage" className="text-link text-sm font-semibold underline">
            {t("garage.manage")}
          </LocalLink>
        ) : null}
      </div>
      {bikes.length === 0 ? (
        <p className="text-muted text-sm">{own ? t("garage.empty") : t("garage.emptyOther")}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {bikes.map((bike) => (
            <li key={bike.id} className="flex items-center gap-3 rounded-xl border border-subtle p-2">
              <BikeThumbnail bike={bike} size="sm" />
              <BikeSummary bike={bike} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
