import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { RichTextEditor } from "#app/components/editor/RichTextEditor";
import { useLeaveGuard } from "#app/components/editor/leave-guard";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { FormAlert } from "#app/components/ui/fields";
import { DistrictSelect, type DistrictOptions } from "./DistrictSelect";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { LocalLink, useT } from "#app/i18n/react";
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
}

/** What the market write page's loader answers. */
export interface ListingFormData extends DistrictOptions {
  mode: "create" | "edit";
  listingId: number | null;
  kind: MarketKind | null;
  kinds: MarketKind[];
  categories: { id: number; name: string }[];
  vehicleCount: number;
  modelYearMax: number;
  values: ListingFormValues;
  token: string;
  pageTitle: string;
}

export type ListingActionData =
  | {
      step: "kind";
      kind: MarketKind | null;
      categories: { id: number; name: string }[];
      values: Record<string, string>;
    }
  | { error: { code: string; message: string }; values: Record<string, string> }
  | { lastResult: SubmissionResult<string[]>; values: Record<string, string>; error?: undefined };

/** Which field a refusal of the service belongs to, so that it shows next to it. */
const fieldOfError: Record<string, keyof ListingFormValues | "kind"> = {
  kind_invalid: "kind",
  kind_family: "kind",
  category_required: "categoryId",
  title_required: "title",
  title_length: "title",
  content_required: "content",
  content_length: "content",
  content_too_large: "content",
  content_too_deep: "content",
  too_many_images: "content",
  youtube_already_registered: "content",
  price_invalid: "price",
  trade_method_required: "tradeDirect",
  area_invalid: "areaCode",
  model_required: "modelName",
  model_year_invalid: "modelYear",
  mileage_invalid: "mileageKm",
  displacement_invalid: "displacementCc",
  displacement_kind: "displacementCc",
};

const inputClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

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
  };
}

/** The write and edit form of market listings: kind, type, price, trade, area, vehicle information, description. */
export function ListingForm({ data, result }: { data: ListingFormData; result?: ListingActionData }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [dirty, setDirty] = useState(false);
  const submitted = useRef(false);
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
  const leaveGuard = useLeaveGuard(dirty, submitted);

  useEffect(() => {
    if (failure) submitted.current = false;
  }, [failure]);

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
    <section className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-extrabold">{data.pageTitle}</h1>
      <Form
        method="post"
        id={form.id}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          form.onSubmit(event);
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (event.defaultPrevented || submitter?.name === "intent") return;
          if (busy) {
            event.preventDefault();
            return;
          }
          submitted.current = true;
        }}
        onInput={() => setDirty(true)}
        onChange={() => setDirty(true)}
      >
        {failure && !refusedField ? <FormAlert error={failure.error} /> : null}
        <input type="hidden" name="token" value={data.token} />
        {data.listingId ? <input type="hidden" name="id" value={data.listingId} /> : null}

        <div className="space-y-1">
          <label htmlFor={`${id}-kind`} className="block text-sm font-semibold">
            {t("marketForm.kind")}
          </label>
          <div className="flex flex-wrap gap-2">
            <select
              id={`${id}-kind`}
              name="kind"
              defaultValue={kind ?? ""}
              required
              aria-invalid={errorOf("kind") ? true : undefined}
              aria-describedby={errorOf("kind") ? `${id}-kind-error` : undefined}
              onChange={(event) => {
                if (!hydrated || data.mode === "edit") return;
                const next = event.target.value;
                navigate(next ? `?kind=${encodeURIComponent(next)}` : "?", {
                  replace: true,
                  preventScrollReset: true,
                });
              }}
              className={`${inputClass} flex-1`}
            >
              <option value="">{t("marketForm.kindPlaceholder")}</option>
              {data.kinds.map((item) => (
                <option key={item} value={item}>
                  {t(`market.kind.${item}`)}
                </option>
              ))}
            </select>
            {hydrated && data.mode === "create" ? null : (
              <button
                type="submit"
                name="intent"
                value="kind"
                className="min-h-11 rounded-lg border border-subtle px-3 text-sm font-semibold"
              >
                {t("marketForm.changeKind")}
              </button>
            )}
          </div>
          <FieldError id={`${id}-kind-error`} message={errorOf("kind")} />
          {vehicle ? (
            <p className="text-muted text-xs">{t("marketForm.vehicleLimit", { count: data.vehicleCount })}</p>
          ) : null}
          {vehicle && data.mode === "create" && data.vehicleCount >= VEHICLE_LISTING_LIMIT ? (
            <p role="status" className="text-sm text-rose-700 dark:text-rose-300">
              {t("marketError.listing_limit")}
            </p>
          ) : null}
        </div>

        <div className="space-y-1">
          <label htmlFor={`${id}-categoryId`} className="block text-sm font-semibold">
            {t("marketForm.category")}
          </label>
          <select
            key={kind ?? ""}
            id={`${id}-categoryId`}
            name="categoryId"
            defaultValue={values.categoryId}
            required
            disabled={!kind}
            aria-invalid={errorOf("categoryId") ? true : undefined}
            aria-describedby={errorOf("categoryId") ? `${id}-categoryId-error` : undefined}
            className={`${inputClass} disabled:opacity-60`}
          >
            <option value="">{t("marketForm.categoryPlaceholder")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-categoryId-error`} message={errorOf("categoryId")} />
        </div>

        {input("title", "marketForm.title", {
          maxLength: ARTICLE_TITLE_MAX,
          required: true,
          autoComplete: "off",
        })}

        <div className="grid gap-4 sm:grid-cols-2">
          {input(
            "price",
            "marketForm.price",
            { inputMode: "numeric", required: true },
            "marketForm.priceHint",
          )}
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
            className={inputClass}
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
          </fieldset>
        ) : null}

        <div className="space-y-1">
          <RichTextEditor
            name="content"
            label={t("marketForm.content")}
            defaultValue={values.content}
            error={errorOf("content")}
            required
            onChange={() => setDirty(true)}
          />
          <p className="text-muted text-xs">{t("marketForm.contentHint")}</p>
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <LocalLink
            to={cancelTo}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
          >
            {t("marketForm.cancel")}
          </LocalLink>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-6 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
          >
            {busy
              ? t("editor.submitting")
              : t(data.mode === "edit" ? "marketForm.save" : "marketForm.submit")}
          </button>
        </div>
      </Form>
      {leaveGuard}
    </section>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {message}
    </p>
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
        className={inputClass}
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
