import type { ComponentProps } from "react";
import { useLanguage, useT } from "#app/i18n/react";

type Names = { ko: string; en: string };

export interface DistrictOptions {
  /** The member's own districts, offered first. */
  areas: { code: string; names: Names }[];
  /** Every 시/군/구, grouped by 시/도. */
  districts: { code: string; names: Names; districts: { code: string; names: Names }[] }[];
}

/** A 시/군/구 picker that works without JavaScript: the member's own districts first, then every one by 시/도. */
export function DistrictSelect({
  options,
  emptyLabel,
  ...select
}: { options: DistrictOptions; emptyLabel: string } & ComponentProps<"select">) {
  const t = useT();
  const language = useLanguage();
  return (
    <select {...select}>
      <option value="">{emptyLabel}</option>
      {options.areas.length > 0 ? (
        <optgroup label={t("market.list.area")}>
          {options.areas.map((area) => (
            <option key={`mine-${area.code}`} value={area.code}>
              {area.names[language]}
            </option>
          ))}
        </optgroup>
      ) : null}
      {options.districts.map((group) => (
        <optgroup key={group.code} label={group.names[language]}>
          {group.districts.map((district) => (
            <option key={district.code} value={district.code}>
              {district.names[language]}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
