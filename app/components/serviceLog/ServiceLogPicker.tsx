import { useId } from "react";
import { useLanguage, useT } from "#app/i18n/react";
import type { ServiceLogFormChoice } from "#app/services/service-log/listing-log.server";

/**
 * The listing form's choice of a garage bike whose service log the listing shows ("none" takes it off). Shown only
 * to a seller with bikes in the garage; without this field the link stays as it is.
 */
export function ServiceLogPicker({ choice, typed }: { choice: ServiceLogFormChoice; typed?: string }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const chosen = typed || (choice.attached === null ? "none" : String(choice.attached));
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {t("serviceLog.listing.choose")}
      </label>
      <select
        id={id}
        name="serviceLogBikeId"
        defaultValue={chosen}
        aria-describedby={`${id}-hint`}
        className="surface block min-h-11 w-full rounded-lg border border-subtle px-3"
      >
        <option value="none">{t("serviceLog.listing.chooseNone")}</option>
        {choice.bikes.map((bike) => (
          <option key={bike.id} value={bike.id}>
            {t("serviceLog.listing.bikeOption", {
              model:
                language === "ko"
                  ? `${bike.manufacturerKo} ${bike.nameKo}`
                  : `${bike.manufacturerEn} ${bike.nameEn}`,
              year: bike.year,
            })}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-muted text-xs">
        {t("serviceLog.listing.chooseHint")}
      </p>
    </div>
  );
}
