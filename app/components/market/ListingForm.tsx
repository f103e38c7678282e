import type { SubmissionResult } from "@conform-to/react";
import { useId, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { RichTextEditor } from "#app/components/editor/RichTextEditor";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import {
  CategoryPicker,
  FieldError,
  fieldClass,
  KindPicker,
  titleAndContentOfError,
  useWriteGuard,
  WriteActions,
  WriteFormFrame,
} from "#app/components/posts/PostForm";
import { FormAlert } from "#app/components/ui/fields";
import { DistrictSelect, type DistrictOptions } from "./DistrictSelect";
import type { FitManufacturerOption } from "#app/services/market/fits.server";
import { useT } from "#app/i18n/react";
import type { MessageKey } from "#app/i18n";
import { ARTICLE_TITLE_MAX } from "#app/services/board/kinds";
import {
  isVehicleKind,
  listingPath,
  vehiclePaperworks,
  VEHICLE_LISTING_LIMIT,
  type MarketKind,
  type VehiclePaperworkCode,
} from "#app/services/market/kinds";
import { splitPart } from "#app/components/ui/split-component";
import type { ServiceLogFormChoice } from "#app/services/service-log/listing-log.server";

// Only vehicle listings take a frame number (ADR 070): the field's code comes after the first load.
const FrameNumberInput = await splitPart(() =>
  import("#app/components/theft/FrameNumberInput").then((module) => module.FrameNumberInput),
);

// The choice of a garage bike's service log (ADR 071): only sellers with bikes in their garage get it.
const ServiceLogPicker = await splitPart(() =>
  import("#app/components/serviceLog/ServiceLogPicker").then((module) => module.ServiceLogPicker),
);

export interface ListingFormValues {
  categoryId: string;
  title: string;
  content: string;
  price: string;
  negotiable: boolean;
  tradeDirect: boolean;
  tradeDelivery: boolean;
  areaCode: string;
  modelName: string;
  modelYear: string;
  mileageKm: string;
  displacementCc: string;
  colour: string;
  accidentHistory: string;
  paperwork: VehiclePaperworkCode[];
  tuned: boolean;
  frameNumber: string;
  /** The models it fits, as `fitsText` writes them (parts and gear). */
  fits: string;
}

/** What the market write page's loader answers. */
export interface ListingFormData extends DistrictOptions {
  mode: "create" | "edit";
  listingId: number | null;
  kind: MarketKind | null;
  kinds: MarketKind[];
  categories: { id: number; name: string }[];
  /** The catalogue's models for the fit picker (empty unless the kind may be parts or gear). */
  fitModels: FitManufacturerOption[];
  vehicleCount: number;
  modelYearMax: number;
  values: ListingFormValues;
  /** The last four characters of the listing's stored frame number, when editing one that has it. */
  frameNumberTail?: string | null;
  token: string;
  pageTitle: string;
  serviceLog: ServiceLogFormChoice | null;
}

export type ListingActionData =
  | {
      step: "kind";
      kind: MarketKind | null;
      categories: { id: number; name: string }[];
      fitModels?: FitManufacturerOption[];
      values: Record<string, string>;
    }
  | { error: { code: string; message: string }; values: Record<string, string> }
  | { lastResult: SubmissionResult<string[]>; values: Record<string, string>; error?: undefined };

// Only parts and gear name the models they fit: the picker's code loads after the first load (ADR 045, ADR 072).
const FitPicker = await splitPart(() =>
  import("#app/components/partsFit/FitPicker").then((module) => module.FitPicker),
);

/** Which field a refusal of the service belongs to, so that it shows next to it. */
const fieldOfError: Record<string, keyof ListingFormValues | "kind"> = {
  kind_invalid: "kind",
  kind_family: "kind",
  category_required: "categoryId",
  ...titleAndContentOfError,
  price_invalid: "price",
  trade_method_required: "tradeDirect",
  area_invalid: "areaCode",
  model_required: "modelName",
  model_year_invalid: "modelYear",
  mileage_invalid: "mileageKm",
  displacement_invalid: "displacementCc",
  displacement_kind: "displacementCc",
  frame_number_invalid: "frameNumber",
  frame_number_letters: "frameNumber",
  fit_limit: "fits",
  fit_model_unknown: "fits",
  fit_duplicate: "fits",
  fit_years_invalid: "fits",
  fit_years_outside: "fits",
};

function echoedValues(echoed: Record<string, string>): ListingFormValues {
  const on = (name: string) => echoed[name] === "on";
  return {
    categoryId: echoed.categoryId ?? "",
    title: echoed.title ?? "",
    content: echoed.content ?? "",
    price: echoed.price ?? "",
    negotiable: on("negotiable"),
    tradeDirect: on("tradeDirect"),
    tradeDelivery: on("tradeDelivery"),
    areaCode: echoed.areaCode ?? "",
    modelName: echoed.modelName ?? "",
    modelYear: echoed.modelYear ?? "",
    mileageKm: echoed.mileageKm ?? "",
    displacementCc: echoed.displacementCc ?? "",
    colour: echoed.colour ?? "",
    accidentHistory: echoed.accidentHistory ?? "",
    paperwork: (echoed.paperwork ?? "")
      .split(",")
      .filter((code): code is VehiclePaperworkCode =>
        (vehiclePaperworks as readonly string[]).includes(code),
      ),
    tuned: on("tuned"),
    frameNumber: echoed.frameNumber ?? "",
    fits: echoed.fits ?? "",
  };
}

/** The write and edit form of market listings: kind, type, price, trade, area, vehicle information, description. */
export function ListingForm({ data, result }: { data: ListingFormData; result?: ListingActionData }) {
  const t = useT();
  const id = useId();
  const navigation = useNavigation();
  const step = result && "step" in result ? result : undefined;
  const failure = result && "error" in result && result.error ? result : undefined;
  const [form, fields] = useSchemaForm(
    () =>
      import("#app/services/market/listing.schema").then((module) => module.listingSchema(data.modelYearMax)),
    { lastResult: result && "lastResult" in result ? result.lastResult : undefined },
  );
  const messages = useMessages();
  const kind = step ? step.kind : data.kind;
  const categories = step ? step.categories : data.categories;
  const values = result?.values ? echoedValues(result.values) : data.values;
  const refusedField = failure ? fieldOfError[failure.error.code] : undefined;
  const errorOf = (name: keyof ListingFormValues | "kind") =>
    messages((fields as Record<string, { errors?: string[] }>)[name]?.errors)[0] ??
    (refusedField === name ? failure?.error.message : undefined);
  const busy = navigation.state === "submitting";
  const vehicle = kind !== null && isVehicleKind(kind);
  const guard = useWriteGuard(busy, failure);

  const input = (
    name: keyof ListingFormValues,
    label: MessageKey,
    props: Record<string, unknown> = {},
    hint?: MessageKey,
  ) => (
    <TextInput
      id={`${id}-${name}`}
      name={name}
      label={t(label)}
      hint={hint ? t(hint) : undefined}
      defaultValue={String(values[name] ?? "")}
      error={errorOf(name)}
      {...props}
    />
  );

  const cancelTo =
    data.mode === "edit" && data.listingId && kind
      ? listingPath(kind, data.listingId)
      : `/market/${kind ?? "total"}`;

  return (
    <WriteFormFrame title={data.pageTitle} form={form} guard={guard}>
      {failure && !refusedField ? <FormAlert error={failure.error} /> : null}
      <input type="hidden" name="token" value={data.token} />
      {data.listingId ? <input type="hidden" name="id" value={data.listingId} /> : null}

      <KindPicker
        id={`${id}-kind`}
        label={t("marketForm.kind")}
        placeholder={t("marketForm.kindPlaceholder")}
        changeLabel={t("marketForm.changeKind")}
        intent="kind"
        kinds={data.kinds.map((item) => ({ value: item, label: t(`market.kind.${item}`) }))}
        value={kind}
        error={errorOf("kind")}
        reloadsOnChoice={data.mode === "create"}
      >
        {vehicle ? (
          <p className="text-muted text-xs">{t("marketForm.vehicleLimit", { count: data.vehicleCount })}</p>
        ) : null}
        {vehicle && data.mode === "create" && data.vehicleCount >= VEHICLE_LISTING_LIMIT ? (
          <p role="status" className="text-sm text-rose-700 dark:text-rose-300">
            {t("marketError.listing_limit")}
          </p>
        ) : null}
      </KindPicker>

      <CategoryPicker
        id={`${id}-categoryId`}
        kind={kind}
        label={t("marketForm.category")}
        placeholder={t("marketForm.categoryPlaceholder")}
        categories={categories}
        value={values.categoryId}
        error={errorOf("categoryId")}
      />

      {input("title", "marketForm.title", {
        maxLength: ARTICLE_TITLE_MAX,
        required: true,
        autoComplete: "off",
      })}

      <div className="grid gap-4 sm:grid-cols-2">
        {input("price", "marketForm.price", { inputMode: "numeric", required: true }, "marketForm.priceHint")}
        <div className="space-y-2 pt-6">
          <Check name="negotiable" label={t("marketForm.negotiable")} checked={values.negotiable} />
        </div>
      </div>

      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">{t("marketForm.tradeMethods")}</legend>
        <div className="flex flex-wrap gap-4">
          <Check name="tradeDirect" label={t("marketForm.direct")} checked={values.tradeDirect} />
          <Check name="tradeDelivery" label={t("marketForm.delivery")} checked={values.tradeDelivery} />
        </div>
        <FieldError id={`${id}-trade-error`} message={errorOf("tradeDirect")} />
      </fieldset>

      <div className="space-y-1">
        <label htmlFor={`${id}-areaCode`} className="block text-sm font-semibold">
          {t("marketForm.area")}
        </label>
        <DistrictSelect
          options={data}
          emptyLabel={t("marketForm.areaPlaceholder")}
          id={`${id}-areaCode`}
          name="areaCode"
          defaultValue={values.areaCode}
          required
          aria-invalid={errorOf("areaCode") ? true : undefined}
          aria-describedby={`${id}-areaCode-hint${errorOf("areaCode") ? ` ${id}-areaCode-error` : ""}`}
          className={fieldClass}
        />
        <p id={`${id}-areaCode-hint`} className="text-muted text-xs">
          {t("marketForm.areaHint")}
        </p>
        <FieldError id={`${id}-areaCode-error`} message={errorOf("areaCode")} />
      </div>

      {vehicle ? (
        <fieldset className="space-y-3 rounded-xl border border-subtle p-4">
          <legend className="px-1 text-sm font-bold">{t("marketForm.vehicle")}</legend>
          {input(
            "modelName",
            "marketForm.modelName",
            { maxLength: 50, required: true },
            "marketForm.modelNameHint",
          )}
          <div className="grid gap-3 sm:grid-cols-3">
            {input("modelYear", "marketForm.modelYear", { inputMode: "numeric" })}
            {input("mileageKm", "marketForm.mileageKm", { inputMode: "numeric" })}
            {input("displacementCc", "marketForm.displacementCc", { inputMode: "numeric" })}
          </div>
          {input("colour", "marketForm.colour", { maxLength: 20 })}
          {input(
            "accidentHistory",
            "marketForm.accidentHistory",
            { maxLength: 500 },
            "marketForm.accidentHistoryHint",
          )}
          <fieldset className="space-y-1">
            <legend className="text-sm font-semibold">{t("marketForm.paperwork")}</legend>
            <div className="flex flex-wrap gap-4">
              {vehiclePaperworks.map((code) => (
                <Check
                  key={code}
                  name="paperwork"
                  value={code}
                  label={t(`market.listing.paper.${code}`)}
                  checked={values.paperwork.includes(code)}
                />
              ))}
            </div>
          </fieldset>
          <Check name="tuned" label={t("marketForm.tuned")} checked={values.tuned} />
          <FrameNumberInput
            id={`${id}-frameNumber`}
            defaultValue={values.frameNumber}
            storedTail={data.frameNumberTail ?? null}
            error={errorOf("frameNumber")}
          />
          {data.serviceLog ? (
            <ServiceLogPicker choice={data.serviceLog} typed={result?.values?.serviceLogBikeId} />
          ) : null}
        </fieldset>
      ) : null}

      <FitPicker
        kind={kind}
        models={step?.fitModels?.length ? step.fitModels : data.fitModels}
        value={values.fits}
        yearMax={data.modelYearMax}
        errors={form.allErrors}
        refusal={errorOf("fits")}
      />

      <div className="space-y-1">
        <RichTextEditor
          name="content"
          label={t("marketForm.content")}
          defaultValue={values.content}
          error={errorOf("content")}
          required
          onChange={guard.markDirty}
        />
        <p className="text-muted text-xs">{t("marketForm.contentHint")}</p>
      </div>

      <WriteActions
        cancelTo={cancelTo}
        cancelLabel={t("marketForm.cancel")}
        submitLabel={t(data.mode === "edit" ? "marketForm.save" : "marketForm.submit")}
        busy={busy}
      />
    </WriteFormFrame>
  );
}

function TextInput({
  id,
  label,
  hint,
  error,
  ...props
}: { id: string; label: string; hint?: string; error?: string; name: string; defaultValue: string } & Record<
  string,
  unknown
>): ReactNode {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={fieldClass}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function Check({
  name,
  label,
  checked,
  value,
}: {
  name: string;
  label: string;
  checked: boolean;
  value?: string;
}) {
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="size-5 accent-[var(--color-primary)]"
      />
      {label}
    </label>
  );
}
