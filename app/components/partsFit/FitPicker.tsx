import { useId } from "react";
import { useMessages } from "#app/components/forms/messages";
import { FieldError, fieldClass } from "#app/components/posts/PostForm";
import { useLanguage, useT } from "#app/i18n/react";
import { FIT_LIMIT, fitsOfText, isFitKind } from "#app/services/market/fits";
import type { FitManufacturerOption } from "#app/services/market/fits.server";

/** Empty rows offered beside the chosen ones; more can be added on the next edit (the form works without scripts). */
const SPARE_ROWS = 2;

/**
 * The listing form's "fits these models" rows (ADR 072): per row a model of the catalogue, grouped by manufacturer
 * with its catalogue years, and the model years it fits from and to. Plain form fields (`fits[i].modelId`, …), so it
 * works without JavaScript and with the keyboard alone; a row left without a model is not saved. Nothing for the
 * kinds that name no fits.
 */
export function FitPicker({
  kind,
  models,
  value,
  yearMax,
  errors,
  refusal,
}: {
  kind: string | null;
  models: FitManufacturerOption[];
  /** The chosen fits as `fitsText` writes them. */
  value: string;
  yearMax: number;
  /** The form schema's refusals by field name (its rows' are `fits[i].…`). */
  errors: Record<string, string[] | undefined>;
  /** The service's refusal of the fits, in words. */
  refusal?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const messages = useMessages();
  if (!isFitKind(kind)) return null;
  const error =
    refusal ??
    messages(
      Object.entries(errors).flatMap(([name, list]) => (name.startsWith("fits") ? (list ?? []) : [])),
    )[0];
  const chosen = fitsOfText(value);
  const rows = Math.min(FIT_LIMIT, Math.max(chosen.length + SPARE_ROWS, SPARE_ROWS + 1));
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="space-y-3 rounded-xl border border-subtle p-4"
      aria-describedby={`${id}-hint${error ? ` ${errorId}` : ""}`}
    >
      <legend className="px-1 text-sm font-bold">{t("partsFit.form.legend")}</legend>
      <p id={`${id}-hint`} className="text-muted text-xs">
        {t("partsFit.form.hint", { max: FIT_LIMIT })}
        {rows < FIT_LIMIT ? ` ${t("partsFit.form.moreLater")}` : null}
      </p>
      <FieldError id={errorId} message={error} />
      <ol className="space-y-3">
        {Array.from({ length: rows }, (_, index) => {
          const fit = chosen[index];
          const rowId = `${id}-${index}`;
          return (
            <li key={`${index}:${fit?.modelId ?? ""}:${fit?.yearFrom ?? ""}:${fit?.yearTo ?? ""}`}>
              <fieldset className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr]">
                <legend className="sr-only">{t("partsFit.form.row", { n: index + 1 })}</legend>
                <div className="space-y-1">
                  <label htmlFor={`${rowId}-model`} className="block text-xs font-semibold">
                    {t("partsFit.form.model")}
                  </label>
                  <select
                    id={`${rowId}-model`}
                    name={`fits[${index}].modelId`}
                    defaultValue={fit?.modelId ?? ""}
                    className={fieldClass}
                  >
                    <option value="">{t("partsFit.form.modelPlaceholder")}</option>
                    {models.map((maker) => (
                      <optgroup key={maker.en} label={maker[language]}>
                        {maker.models.map((model) => (
                          <option key={model.id} value={model.id}>
                            {t("partsFit.form.option", {
                              model: model[language],
                              from: model.firstYear,
                              to: model.lastYear,
                            })}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                </div>
                <YearInput
                  id={`${rowId}-from`}
                  name={`fits[${index}].yearFrom`}
                  label={t("partsFit.form.yearFrom")}
                  defaultValue={fit?.yearFrom ?? ""}
                  yearMax={yearMax}
                />
                <YearInput
                  id={`${rowId}-to`}
                  name={`fits[${index}].yearTo`}
                  label={t("partsFit.form.yearTo")}
                  defaultValue={fit?.yearTo ?? ""}
                  yearMax={yearMax}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

function YearInput({
  id,
  name,
  label,
  defaultValue,
  yearMax,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  yearMax: number;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={1900}
        max={yearMax}
        step={1}
        defaultValue={defaultValue}
        className={fieldClass}
      />
    </div>
  );
}
