import type { SubmissionResult } from "@conform-to/react";
import { useId, useState, type ComponentProps } from "react";
import { Form, useNavigation } from "react-router";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Avatar } from "#app/components/ui/Avatar";
import { FormAlert } from "#app/components/ui/fields";
import type { MeetingKind } from "#app/db/schema";
import type { MessageKey } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import type { InspectionTarget } from "#app/services/inspection/inspections.server";
import { REQUEST_MEMO_MAX } from "#app/services/meetings/meeting/request.schema";
import { InspectionRequestBanner, useInspectionDefaults } from "#app/components/inspection/InspectionRequest";

export interface RequestExpert {
  skillId: number;
  nickname: string;
  avatarUrl: string | null;
  business: boolean;
  areaName: string;
  entries: string[];
  priceGuide: number | null;
}

/** What the request page's loader answers. */
export interface MeetingRequestData {
  kind: MeetingKind;
  expert: RequestExpert | null;
  /** Repair items or pickup items the expert offers (or every one, when they named none). */
  options: { code: string; label: string }[];
  /** The listing a repair request is an inspection of (ADR 069). */
  inspection?: InspectionTarget | null;
}

export type MeetingRequestActionData =
  | { error: { code: string; message: string }; values: Record<string, string> }
  | { lastResult: SubmissionResult<string[]>; values: Record<string, string>; error?: undefined };

const inputClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

/** The expert's card at the top of the form: who is asked, where, for what price. */
function ExpertSummary({ expert }: { expert: RequestExpert }) {
  const t = useT();
  const price =
    expert.priceGuide === null
      ? t("meeting.request.priceNone")
      : expert.priceGuide === 0
        ? t("meeting.request.priceFree")
        : t("meeting.request.priceWon", { price: expert.priceGuide });
  return (
    <section
      aria-label={t("meeting.request.expert")}
      className="flex gap-3 rounded-xl border border-subtle p-4"
    >
      <Avatar name={expert.nickname} src={expert.avatarUrl} size="lg" />
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-bold">
          {expert.nickname}
          {expert.business ? (
            <span className="rounded-md bg-primary px-2 py-0.5 text-xs text-white">
              {t("meeting.request.business")}
            </span>
          ) : null}
        </p>
        <dl className="text-muted grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt>{t("meeting.request.area")}</dt>
          <dd>{expert.areaName}</dd>
          {expert.entries.length > 0 ? (
            <>
              <dt>{t("meeting.request.skills")}</dt>
              <dd>{expert.entries.join(", ")}</dd>
            </>
          ) : null}
          <dt>{t("meeting.request.price")}</dt>
          <dd>{price}</dd>
        </dl>
      </div>
    </section>
  );
}

type Geo = "idle" | "locating" | "located" | "failed" | "unsupported";

/**
 * The location fields: a place in words and, from the browser's geolocation (high accuracy, 5 s, no cached
 * position), its coordinates. A failure only says so; the member can still type the place.
 */
function LocationFields({
  required,
  values,
  errorOf,
}: {
  required: boolean;
  values: Record<string, string>;
  errorOf: (name: string) => string | undefined;
}) {
  const t = useT();
  const id = useId();
  const [geo, setGeo] = useState<Geo>("idle");
  const [point, setPoint] = useState({ latitude: values.latitude ?? "", longitude: values.longitude ?? "" });
  const locate = () => {
    if (!("geolocation" in navigator)) {
      setGeo("unsupported");
      return;
    }
    setGeo("locating");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setPoint({
          latitude: position.coords.latitude.toFixed(6),
          longitude: position.coords.longitude.toFixed(6),
        });
        setGeo("located");
      },
      () => setGeo("failed"),
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
    );
  };
  const status: Partial<Record<Geo, MessageKey>> = {
    locating: "meeting.request.locating",
    located: "meeting.request.located",
    failed: "meeting.request.locationFailed",
    unsupported: "meeting.request.notSupportGeolocation",
  };
  const message = status[geo];
  const pointError = errorOf("latitude") ?? errorOf("longitude");
  return (
    <div className="space-y-2">
      <TextField
        name="locationName"
        label={t(required ? "meeting.request.rescueLocationName" : "meeting.request.locationName")}
        hint={t(required ? "meeting.request.rescueLocationHint" : "meeting.request.locationNameHint")}
        defaultValue={values.locationName ?? ""}
        error={errorOf("locationName")}
        required={required}
        maxLength={60}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={locate}
          disabled={geo === "locating"}
          className="min-h-11 rounded-lg border border-subtle px-3 text-sm font-semibold disabled:opacity-60"
        >
          {t("meeting.request.useMyLocation")}
        </button>
        <p role="status" className="text-muted text-sm">
          {message ? t(message) : null}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {(["latitude", "longitude"] as const).map((name) => (
          <div key={name} className="space-y-1">
            <label htmlFor={`${id}-${name}`} className="block text-xs font-semibold">
              {t(`meeting.request.${name}`)}
            </label>
            <input
              id={`${id}-${name}`}
              name={name}
              inputMode="decimal"
              value={point[name]}
              onChange={(event) => setPoint((current) => ({ ...current, [name]: event.target.value }))}
              required={required}
              aria-invalid={pointError ? true : undefined}
              className={inputClass}
            />
          </div>
        ))}
      </div>
      {pointError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {pointError}
        </p>
      ) : null}
    </div>
  );
}

function TextField({
  name,
  label,
  hint,
  error,
  multiline,
  ...props
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  multiline?: boolean;
} & ComponentProps<"input"> &
  Pick<ComponentProps<"textarea">, "rows">) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={props.rows ?? 3}
          defaultValue={props.defaultValue}
          required={props.required}
          maxLength={props.maxLength}
          className={`${inputClass} py-2`}
        />
      ) : (
        <input {...common} {...props} className={inputClass} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The kind-specific request form to one expert (/meeting/{kind}/request?skill=): it opens the meeting's chat. */
export function MeetingRequestForm({
  data,
  result,
}: {
  data: MeetingRequestData & { expert: RequestExpert };
  result?: MeetingRequestActionData;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(
    () =>
      import("#app/services/meetings/meeting/request.schema").then((module) => module.meetingRequestSchema()),
    { lastResult: result && "lastResult" in result ? result.lastResult : undefined },
  );
  const messages = useMessages();
  const inspectionDefaults = useInspectionDefaults(data.inspection, data.options);
  const values = result?.values ?? inspectionDefaults;
  const errorOf = (name: string) =>
    messages((fields as Record<string, { errors?: string[] }>)[name]?.errors)[0];
  const failure = result && "error" in result && result.error ? result.error : undefined;
  const { kind, expert, options } = data;
  const text = (name: string, label: MessageKey, props: Record<string, unknown> = {}) => (
    <TextField
      name={name}
      label={t(label)}
      defaultValue={values[name] ?? ""}
      error={errorOf(name)}
      {...props}
    />
  );
  const select = (name: string, label: MessageKey, placeholder: MessageKey) => (
    <div className="space-y-1">
      <label htmlFor={`${form.id}-${name}`} className="block text-sm font-semibold">
        {t(label)}
      </label>
      <select
        id={`${form.id}-${name}`}
        name={name}
        required
        defaultValue={values[name] ?? ""}
        aria-invalid={errorOf(name) ? true : undefined}
        className={inputClass}
      >
        <option value="">{t(placeholder)}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
      {errorOf(name) ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {errorOf(name)}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="mx-auto max-w-2xl space-y-5">
      <h1 className="text-2xl font-extrabold">
        {t("meeting.request.title", { kind: t(`meeting.kind.${kind}`) })}
      </h1>
      <ExpertSummary expert={expert} />
      {data.inspection ? <InspectionRequestBanner target={data.inspection} /> : null}
      <Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="space-y-5">
        <FormAlert error={failure} />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="skillId" value={expert.skillId} />
        <fieldset className="space-y-3 rounded-xl border border-subtle p-4">
          <legend className="px-1 text-sm font-bold">{t("meeting.request.kindFields")}</legend>
          {kind === "owner" ? (
            <>
              {text("model", "meeting.request.model", {
                maxLength: 50,
                placeholder: t("meeting.request.modelHint"),
              })}
              {text("question", "meeting.request.question", {
                multiline: true,
                required: true,
                maxLength: 500,
              })}
            </>
          ) : null}
          {kind === "repair" ? (
            <>
              {text("model", "meeting.request.model", {
                maxLength: 50,
                required: true,
                placeholder: t("meeting.request.modelHint"),
              })}
              {select(
                "repairOption",
                "meeting.request.repairOption",
                "meeting.request.repairOptionPlaceholder",
              )}
              {text("symptom", "meeting.request.symptom", {
                multiline: true,
                required: true,
                maxLength: 500,
              })}
            </>
          ) : null}
          {kind === "coaching" ? (
            <>
              {text("goal", "meeting.request.goal", { multiline: true, required: true, maxLength: 500 })}
              {text("experience", "meeting.request.experience", {
                multiline: true,
                required: true,
                maxLength: 500,
              })}
            </>
          ) : null}
          {kind === "rescue"
            ? text("situation", "meeting.request.situation", {
                multiline: true,
                required: true,
                maxLength: 500,
              })
            : null}
          {kind === "pickup" ? (
            <>
              {text("startAddress", "meeting.request.startAddress", { required: true, maxLength: 120 })}
              {text("destinationAddress", "meeting.request.destinationAddress", {
                required: true,
                maxLength: 120,
              })}
              {text("pickupAt", "meeting.request.pickupAt", {
                type: "datetime-local",
                required: true,
                hint: t("meeting.request.pickupAtHint"),
              })}
              {select("item", "meeting.request.item", "meeting.request.itemPlaceholder")}
              <div className="grid grid-cols-2 gap-3">
                {text("distanceKm", "meeting.request.distanceKm", { inputMode: "decimal", required: true })}
                {text("minutes", "meeting.request.minutes", { inputMode: "numeric", required: true })}
              </div>
            </>
          ) : null}
        </fieldset>
        <fieldset className="space-y-3 rounded-xl border border-subtle p-4">
          <legend className="px-1 text-sm font-bold">{t("meeting.request.common")}</legend>
          {text("wishAt", "meeting.request.wishAt", {
            type: "datetime-local",
            required: Boolean(data.inspection),
            hint: t(data.inspection ? "inspection.request.wishAtHint" : "meeting.request.wishAtHint"),
          })}
          {text("memo", "meeting.request.memo", {
            multiline: true,
            maxLength: REQUEST_MEMO_MAX,
            hint: t("meeting.request.memoHint", { max: REQUEST_MEMO_MAX }),
          })}
          <LocationFields required={kind === "rescue"} values={values} errorOf={errorOf} />
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <LocalLink
            to={`/meeting/${kind}/search`}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4"
          >
            {t("meeting.request.back")}
          </LocalLink>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-6 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
          >
            {busy ? t("meeting.request.submitting") : t("meeting.request.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** When no expert's skill can be asked (none chosen, gone, switched off): the way back to the finder. */
export function NoExpert({ kind, reason }: { kind: MeetingKind; reason: "choose" | "unavailable" }) {
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-extrabold">
        {t("meeting.request.title", { kind: t(`meeting.kind.${kind}`) })}
      </h1>
      <div className="surface-muted text-muted space-y-3 rounded-xl px-4 py-10 text-center">
        <p>{t(reason === "choose" ? "meeting.request.chooseExpert" : "meeting.request.unavailable")}</p>
        <LocalLink to={`/meeting/${kind}/search`} className="text-link font-semibold underline">
          {t("meeting.request.findExperts")}
        </LocalLink>
      </div>
    </section>
  );
}
