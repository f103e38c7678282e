import { getFormProps, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import type { SchemaField } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import type { MessageKey } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import {
  type SkillKind,
  isCodedKind,
  recommendedPrice,
  repairLevels,
  SKILL_ENTRIES_MAX,
  SKILL_ENTRY_MAX,
  SKILL_RADIUS_DEFAULT,
  SKILL_RADIUS_MAX,
  SKILL_RADIUS_MIN,
  type skillFormSchema,
  truckKinds,
} from "#app/services/meetings/skills/skill.schema";
import type { FormError } from "#app/shell/auth.server";
import type { input } from "zod/v4/core";
import type { MySkill, SkillFormOptions } from "./types";
import { weekdayKeys } from "./SkillBits";

const SKILL_SCHEMA = () =>
  import("#app/services/meetings/skills/skill.schema").then((module) => module.skillFormSchema);

const inputClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

const codesLabel: Record<"repair" | "rescue" | "pickup", MessageKey> = {
  repair: "skill.form.codesRepair",
  rescue: "skill.form.codesRescue",
  pickup: "skill.form.codesPickup",
};

type FormValues = Record<string, string | string[] | undefined>;

/** The form's values of a saved skill (as the form posts them), or of a new one. */
function defaultsOf(
  kind: SkillKind,
  skill: MySkill | undefined,
  options: SkillFormOptions,
): DefaultValue<input<typeof skillFormSchema>> {
  if (!skill)
    return {
      kind,
      locationId: String(options.locations[0]?.id ?? ""),
      radiusKm: String(SKILL_RADIUS_DEFAULT),
      days: ["1", "2", "3", "4", "5"],
      from: "10:00",
      to: "18:00",
      active: "on",
      repairLevel: kind === "repair" ? (options.business ? "shop" : "individual") : undefined,
      onCall: kind === "rescue" ? "on" : undefined,
    };
  const on = (value: boolean) => (value ? "on" : undefined);
  return {
    skillId: String(skill.id),
    kind,
    modelId: skill.modelId === null ? undefined : String(skill.modelId),
    repairLevel: skill.repairLevel ?? undefined,
    outsideRepair: on(skill.outsideRepair),
    codes: skill.codes.map((code) => code.code),
    truck: on(skill.truck),
    entries: skill.entries,
    locationId: skill.locationId === null ? undefined : String(skill.locationId),
    radiusKm: String(skill.radiusKm),
    priceGuide: skill.priceGuide === null ? undefined : String(skill.priceGuide),
    days: skill.availability.days.map(String),
    from: skill.availability.from ?? undefined,
    to: skill.availability.to ?? undefined,
    onCall: on(skill.availability.onCall),
    active: on(skill.active),
  };
}

const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const one = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? (value[0] ?? "") : (value ?? "");

function Messages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {messages.join(" ")}
    </p>
  );
}

function Check({
  name,
  value,
  label,
  checked,
  disabled,
  type = "checkbox",
}: {
  name: string;
  value?: string;
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  type?: "checkbox" | "radio";
}) {
  return (
    <label className={`inline-flex min-h-11 items-center gap-2 text-sm ${disabled ? "opacity-60" : ""}`}>
      <input
        type={type}
        name={name}
        value={value}
        defaultChecked={checked}
        disabled={disabled}
        className="size-5 accent-[var(--color-primary)]"
      />
      {label}
    </label>
  );
}

/**
 * Adds a skill of one kind, or edits one (`skill`). The schema checks it in the browser before it is sent and in
 * the action after; what was typed stays after a refusal (`lastResult`), with the service's refusal (`error`) on top.
 */
export function SkillForm({
  kind,
  skill,
  options,
  lastResult,
  error,
  cancelTo,
}: {
  kind: SkillKind;
  skill?: MySkill;
  options: SkillFormOptions;
  lastResult?: SubmissionResult<string[]>;
  error?: FormError;
  cancelTo?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const messages = useMessages();
  const [form, fields] = useSchemaForm(SKILL_SCHEMA, {
    lastResult,
    defaultValue: defaultsOf(kind, skill, options),
  });
  const values = (form.initialValue ?? {}) as FormValues;
  const all = fields as unknown as Record<string, SchemaField>;
  const errorsOf = (name: string) => messages(all[name]?.errors);
  const described = (name: string, hint?: boolean) =>
    [hint ? `${id}-${name}-hint` : null, errorsOf(name).length > 0 ? `${id}-${name}-error` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const invalid = (name: string) => (errorsOf(name).length > 0 ? true : undefined);
  const models =
    skill?.model && skill.modelId !== null
      ? [
          { modelId: skill.modelId, name: skill.model },
          ...options.models.filter((model) => model.modelId !== skill.modelId),
        ]
      : options.models;
  const entries = list(values.entries);
  const priceHint =
    kind === "rescue" || kind === "pickup"
      ? t("skill.form.priceHintTrip")
      : t(kind === "owner" ? "skill.form.priceHintOwner" : "skill.form.priceHintSkilled", {
          price: recommendedPrice[kind],
        });

  return (
    <Form
      method="post"
      className="space-y-4"
      aria-label={
        skill
          ? t("skill.card.editTitle", { kind: t(`skill.kind.${kind}`) })
          : t("skill.add.open", { kind: t(`skill.kind.${kind}`) })
      }
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="kind" value={kind} />
      {skill ? <input type="hidden" name="skillId" value={skill.id} /> : null}
      <FormAlert error={error} />
      <Messages id={`${id}-form-error`} messages={messages(form.errors)} />

      {kind === "owner" ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-modelId`} className="block text-sm font-semibold">
            {t("skill.form.model")}
          </label>
          <select
            id={`${id}-modelId`}
            name="modelId"
            defaultValue={one(values.modelId)}
            required
            aria-invalid={invalid("modelId")}
            aria-describedby={described("modelId", true)}
            className={inputClass}
          >
            <option value="">{t("skill.form.modelPlaceholder")}</option>
            {models.map((model) => (
              <option key={model.modelId} value={model.modelId}>
                {model.name[language]}
              </option>
            ))}
          </select>
          <p id={`${id}-modelId-hint`} className="text-muted text-xs">
            {t("skill.form.modelHint")}
          </p>
          <Messages id={`${id}-modelId-error`} messages={errorsOf("modelId")} />
        </div>
      ) : null}

      {kind === "repair" ? (
        <>
          <fieldset className="space-y-1" aria-describedby={described("repairLevel", !options.business)}>
            <legend className="text-sm font-semibold">{t("skill.form.level")}</legend>
            <div className="flex flex-wrap gap-x-4">
              {repairLevels.map((level) => (
                <Check
                  key={level}
                  type="radio"
                  name="repairLevel"
                  value={level}
                  label={t(`skill.level.${level}`)}
                  checked={one(values.repairLevel) === level}
                  disabled={level === "shop" && !options.business}
                />
              ))}
            </div>
            {options.business ? null : (
              <p id={`${id}-repairLevel-hint`} className="text-muted text-xs">
                {t("skill.form.shopHint")}
              </p>
            )}
            <Messages id={`${id}-repairLevel-error`} messages={errorsOf("repairLevel")} />
          </fieldset>
          <Check
            name="outsideRepair"
            label={t("skill.form.outsideRepair")}
            checked={one(values.outsideRepair) === "on"}
          />
        </>
      ) : null}

      {isCodedKind(kind) ? (
        <fieldset className="space-y-1" aria-describedby={described("codes", true)}>
          <legend className="text-sm font-semibold">{t(codesLabel[kind])}</legend>
          <p id={`${id}-codes-hint`} className="text-muted text-xs">
            {t("skill.form.codesHint")}
          </p>
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            {options.codes[kind].map((code) => (
              <Check
                key={code.code}
                name="codes"
                value={code.code}
                label={code.label[language]}
                checked={list(values.codes).includes(code.code)}
              />
            ))}
          </div>
          <Messages id={`${id}-codes-error`} messages={errorsOf("codes")} />
        </fieldset>
      ) : null}

      {truckKinds.includes(kind) ? (
        <Check name="truck" label={t("skill.form.truck")} checked={one(values.truck) === "on"} />
      ) : null}

      <fieldset className="space-y-2" aria-describedby={described("entries", true)}>
        <legend className="text-sm font-semibold">{t("skill.form.entries")}</legend>
        <p id={`${id}-entries-hint`} className="text-muted text-xs">
          {t("skill.form.entriesHint")}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {Array.from({ length: SKILL_ENTRIES_MAX }, (_, index) => (
            <input
              key={index}
              name="entries"
              defaultValue={entries[index] ?? ""}
              maxLength={SKILL_ENTRY_MAX}
              aria-label={t("skill.form.entry", { number: index + 1 })}
              aria-invalid={invalid("entries")}
              autoComplete="off"
              className={inputClass}
            />
          ))}
        </div>
        <Messages id={`${id}-entries-error`} messages={errorsOf("entries")} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <div className="space-y-1">
          <label htmlFor={`${id}-locationId`} className="block text-sm font-semibold">
            {t("skill.form.location")}
          </label>
          <select
            id={`${id}-locationId`}
            name="locationId"
            defaultValue={one(values.locationId)}
            required
            aria-invalid={invalid("locationId")}
            aria-describedby={described("locationId", true)}
            className={inputClass}
          >
            {options.locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name[language]}
              </option>
            ))}
          </select>
          <p id={`${id}-locationId-hint`} className="text-muted text-xs">
            {t("skill.form.locationHint")}
          </p>
          <Messages id={`${id}-locationId-error`} messages={errorsOf("locationId")} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-radiusKm`} className="block text-sm font-semibold">
            {t("skill.form.radius")}
          </label>
          <input
            id={`${id}-radiusKm`}
            name="radiusKm"
            type="number"
            inputMode="numeric"
            min={SKILL_RADIUS_MIN}
            max={SKILL_RADIUS_MAX}
            step={1}
            defaultValue={one(values.radiusKm)}
            aria-invalid={invalid("radiusKm")}
            aria-describedby={described("radiusKm", true)}
            className={inputClass}
          />
          <p id={`${id}-radiusKm-hint`} className="text-muted text-xs">
            {t("skill.form.radiusHint")}
          </p>
          <Messages id={`${id}-radiusKm-error`} messages={errorsOf("radiusKm")} />
        </div>
      </div>

      <div className="space-y-1">
        <label htmlFor={`${id}-priceGuide`} className="block text-sm font-semibold">
          {t("skill.form.price")}
        </label>
        <input
          id={`${id}-priceGuide`}
          name="priceGuide"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={9}
          placeholder={String(recommendedPrice[kind])}
          defaultValue={one(values.priceGuide)}
          aria-invalid={invalid("priceGuide")}
          aria-describedby={described("priceGuide", true)}
          className={inputClass}
        />
        <p id={`${id}-priceGuide-hint`} className="text-muted text-xs">
          {priceHint}
        </p>
        <Messages id={`${id}-priceGuide-error`} messages={errorsOf("priceGuide")} />
      </div>

      <fieldset className="space-y-2 rounded-xl border border-subtle p-3">
        <legend className="px-1 text-sm font-semibold">{t("skill.form.availability")}</legend>
        {kind === "rescue" ? (
          <div>
            <Check name="onCall" label={t("skill.form.onCall")} checked={one(values.onCall) === "on"} />
            <p className="text-muted text-xs">{t("skill.form.onCallHint")}</p>
            <Messages id={`${id}-onCall-error`} messages={errorsOf("onCall")} />
          </div>
        ) : null}
        <fieldset aria-describedby={described("days")}>
          <legend className="text-sm">{t("skill.form.days")}</legend>
          <div className="flex flex-wrap gap-x-3">
            {weekdayKeys.map((key, day) => (
              <Check
                key={key}
                name="days"
                value={String(day)}
                label={t(`time.weekday.${key}`)}
                checked={list(values.days).includes(String(day))}
              />
            ))}
          </div>
          <Messages id={`${id}-days-error`} messages={errorsOf("days")} />
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          {(["from", "to"] as const).map((name) => (
            <div key={name} className="space-y-1">
              <label htmlFor={`${id}-${name}`} className="block text-sm">
                {t(`skill.form.${name}`)}
              </label>
              <input
                id={`${id}-${name}`}
                name={name}
                type="time"
                step={60}
                defaultValue={one(values[name])}
                aria-invalid={invalid(name)}
                aria-describedby={described(name)}
                className={inputClass}
              />
              <Messages id={`${id}-${name}-error`} messages={errorsOf(name)} />
            </div>
          ))}
        </div>
      </fieldset>

      <Check name="active" label={t("skill.form.active")} checked={one(values.active) === "on"} />

      <div className={cancelTo ? "grid grid-cols-2 gap-2" : undefined}>
        {cancelTo ? (
          <LocalLink
            to={cancelTo}
            className="surface inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
          >
            {t("skill.form.cancel")}
          </LocalLink>
        ) : null}
        <SubmitButton>{t(skill ? "skill.form.submitEdit" : "skill.form.submitAdd")}</SubmitButton>
      </div>
    </Form>
  );
}
