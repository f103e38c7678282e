import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { LocationPicker } from "#app/components/location/LocationPicker";
import { useLanguage, useT } from "#app/i18n/react";
import { LOCATIONS_MAX, snsKinds, weekdays } from "#app/services/members/profile-rules";
import type { ProfileFormState } from "#app/services/members/profile.schema";
import { useSchemaCheck } from "#app/components/forms/schema-check";
import { useMessages } from "#app/components/forms/messages";
import { ProfileChoices } from "./ProfileChoices";

type Option = { code: string; label: string };

/** The profile form of the first login and of editing: fields, activity areas and the refusals of the last save. */
export function ProfileForm({
  values,
  problems,
  options,
  map,
  editing = false,
  today,
  state,
  children,
}: {
  values: Record<string, string[]>;
  problems: Record<string, string>;
  /** The server's Seoul date, for the birth-date rule the browser checks before sending. */
  today: string;
  /** What the page knows beyond the form (a photo to choose, the mobile number to verify first). */
  state?: ProfileFormState;
  options: { genres: Option[]; businessTypes: Option[]; businessHours: Option[] };
  map: { tileUrl: string; attribution: string };
  editing?: boolean;
  /** Shown above the fields (a problem with something outside this form). */
  children?: ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const messages = useMessages();
  const formRef = useRef<HTMLFormElement>(null);
  // The refusals of the browser's own check (the action's schema, run before sending); the server's otherwise.
  const [checked, setChecked] = useState<Record<string, string> | null>(null);
  const shown = checked ?? problems;
  useEffect(() => {
    if (checked) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checked]);
  const refusals = useSchemaCheck(
    () => import("#app/services/members/profile.schema").then((schemas) => schemas.profileSchema),
    (profileSchema) => profileSchema(today, state),
  );
  const check = (event: FormEvent<HTMLFormElement>) => {
    const refused = refusals(event);
    if (refused === "held") return;
    if (!refused) return setChecked(null);
    event.preventDefault();
    setChecked(
      Object.fromEntries(
        Object.entries(refused).flatMap(([field, errors]) => {
          const [message] = messages(errors ?? undefined);
          return message ? [[field, message]] : [];
        }),
      ),
    );
  };
  const locations = (values.locationAddress ?? [])
    .map((simpleAddress, index) => ({
      simpleAddress,
      lat: Number(values.locationLat?.[index]),
      lng: Number(values.locationLng?.[index]),
      areaCode: values.locationCode?.[index] || undefined,
    }))
    .filter((location) => Number.isFinite(location.lat));
  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="space-y-5"
      noValidate
      onSubmit={check}
    >
      {shown.form ? <FormAlert error={{ code: "save_failed", message: shown.form }} /> : null}
      {Object.keys(shown).length > 0 && !shown.form ? (
        <FormAlert
          error={{ code: "invalid", message: t("profileForm.fixErrors"), reasons: Object.values(shown) }}
        />
      ) : null}
      {children}
      <ProfileChoices
        values={values}
        problems={shown}
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
        invalid={Boolean(shown.locations)}
      />
      {shown.locations ? <p className="text-sm text-rose-700 dark:text-rose-300">{shown.locations}</p> : null}
      <SubmitButton name="intent" value="save">
        {t("profileForm.submit")}
      </SubmitButton>
    </Form>
  );
}
