import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Field, type SchemaField } from "#app/components/ui/Field";
import { SubmitButton } from "#app/components/ui/fields";
import { LocalLink, useT } from "#app/i18n/react";
import type { GarageBikeView } from "./GarageBits";

const GARAGE_SCHEMA = () => import("#app/services/motorcycles/garage.schema");

/** The file input of a bike's photo (files are never sent back after a refusal; the member picks it again). */
function PhotoInput({ id, label, hint }: { id: string; label: string; hint: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name="photo"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        className="block w-full text-sm"
      />
      <p id={`${id}-hint`} className="text-muted text-xs">
        {hint}
      </p>
    </div>
  );
}

function FormMessages({ errors }: { errors: string[] | undefined }) {
  const messages = useMessages()(errors);
  if (messages.length === 0) return null;
  return (
    <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {messages.join(" ")}
    </p>
  );
}

/** Since when and odometer: the fields both forms share. */
function DetailFields({ fields, latestMonth }: { fields: Record<string, SchemaField>; latestMonth: string }) {
  const t = useT();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field
        label={t("garage.add.ownedSince")}
        hint={t("garage.add.ownedSinceHint")}
        field={fields.ownedSince}
        type="month"
        max={latestMonth}
        min="1900-01"
        placeholder="2024-03"
        required
      />
      <Field
        label={t("garage.add.odometer")}
        field={fields.odometerKm}
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
      />
    </div>
  );
}

/** Adds the chosen model in one of its catalogue years. Works without JavaScript (a plain multipart post). */
export function AddBikeForm({
  model,
  years,
  latestMonth,
  lastResult,
}: {
  model: string;
  years: { id: number; year: number }[];
  latestMonth: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  const [form, fields] = useSchemaForm(
    () => GARAGE_SCHEMA().then((schemas) => schemas.garageSchema(latestMonth)),
    { lastResult, defaultValue: { ownedSince: latestMonth } },
  );
  const all = fields as unknown as Record<string, SchemaField>;
  const yearField = all.motorcycleId!;
  const yearMessages = useMessages()(yearField.errors);
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="add" />
      <p className="font-semibold">
        {t("garage.add.chosen")}: {model}
      </p>
      <FormMessages errors={form.errors} />
      <div className="space-y-1">
        <label htmlFor={yearField.id} className="block text-sm font-semibold">
          {t("garage.add.year")}
        </label>
        <select
          id={yearField.id}
          name={yearField.name}
          defaultValue={yearField.defaultValue ?? String(years[0]?.id ?? "")}
          required
          aria-invalid={yearMessages.length > 0 || undefined}
          aria-describedby={yearMessages.length > 0 ? yearField.errorId : undefined}
          className="surface block min-h-11 w-full rounded-lg border border-subtle px-3"
        >
          {years.map((year) => (
            <option key={year.id} value={year.id}>
              {t("garage.year", { year: year.year })}
            </option>
          ))}
        </select>
        {yearMessages.length > 0 ? (
          <p id={yearField.errorId} role="alert" className="text-sm text-rose-700">
            {yearMessages.join(" ")}
          </p>
        ) : null}
      </div>
      <DetailFields fields={all} latestMonth={latestMonth} />
      <PhotoInput id="garage-add-photo" label={t("garage.add.photo")} hint={t("garage.add.photoHint")} />
      <SubmitButton>{t("garage.add.submit")}</SubmitButton>
    </Form>
  );
}

/** Changes since when, the odometer and the photo of one bike of the member's garage. */
export function EditBikeForm({
  bike,
  name,
  latestMonth,
  lastResult,
}: {
  bike: GarageBikeView;
  name: string;
  latestMonth: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  const [form, fields] = useSchemaForm(
    () => GARAGE_SCHEMA().then((schemas) => schemas.garageSchema(latestMonth)),
    {
      lastResult,
      defaultValue: {
        ownedSince: bike.ownedSince.slice(0, 7),
        odometerKm: bike.odometerKm === null ? undefined : String(bike.odometerKm),
      },
    },
  );
  const all = fields as unknown as Record<string, SchemaField>;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-3 rounded-lg border border-subtle p-3"
      aria-label={t("garage.edit.title", { model: name })}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="bikeId" value={bike.id} />
      <FormMessages errors={form.errors} />
      <DetailFields fields={all} latestMonth={latestMonth} />
      <PhotoInput
        id={`garage-photo-${bike.id}`}
        label={t("garage.edit.photo")}
        hint={t("garage.add.photoHint")}
      />
      {bike.photo ? (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="removePhoto" className="size-5" />
          {t("garage.edit.removePhoto")}
        </label>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <LocalLink
          to="/my/garage"
          className="surface inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
        >
          {t("garage.edit.cancel")}
        </LocalLink>
        <SubmitButton>{t("garage.edit.submit")}</SubmitButton>
      </div>
    </Form>
  );
}
