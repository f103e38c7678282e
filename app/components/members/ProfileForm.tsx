import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { LocationPicker } from "#app/components/location/LocationPicker";
import { useLanguage, useT } from "#app/i18n/react";
import { LOCATIONS_MAX, snsKinds, weekdays } from "#app/services/members/profile-rules";
import { ProfileChoices } from "./ProfileChoices";

type Option = { code: string; label: string };

/** The profile form of the first login and of editing: fields, activity areas and the refusals of the last save. */
export function ProfileForm({
  values,
  problems,
  options,
  map,
  editing = false,
  children,
}: {
  values: Record<string, string[]>;
  problems: Record<string, string>;
  options: { genres: Option[]; businessTypes: Option[]; businessHours: Option[] };
  map: { tileUrl: string; attribution: string };
  editing?: boolean;
  /** Shown above the fields (a problem with something outside this form). */
  children?: ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const locations = (values.locationAddress ?? [])
    .map((simpleAddress, index) => ({
      simpleAddress,
      lat: Number(values.locationLat?.[index]),
      lng: Number(values.locationLng?.[index]),
      areaCode: values.locationCode?.[index] || undefined,
    }))
    .filter((location) => Number.isFinite(location.lat));
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-5" noValidate>
      {problems.form ? <FormAlert error={{ code: "save_failed", message: problems.form }} /> : null}
      {Object.keys(problems).length > 0 && !problems.form ? (
        <FormAlert
          error={{ code: "invalid", message: t("profileForm.fixErrors"), reasons: Object.values(problems) }}
        />
      ) : null}
      {children}
      <ProfileChoices
        values={values}
        problems={problems}
        memberType={values.memberType?.[0] ?? "individual"}
        genres={options.genres}
        businessTypes={options.businessTypes}
        businessHours={options.businessHours}
        snsKinds={[...snsKinds]}
        weekdays={[...weekdays]}
        editing={editing}
      />
      <LocationPicker
        key={language}
        initial={locations}
        max={LOCATIONS_MAX}
        tileUrl={map.tileUrl}
        attribution={map.attribution}
        invalid={Boolean(problems.locations)}
      />
      {problems.locations ? (
        <p className="text-sm text-rose-700 dark:text-rose-300">{problems.locations}</p>
      ) : null}
      <SubmitButton name="intent" value="save">
        {t("profileForm.submit")}
      </SubmitButton>
    </Form>
  );
}
