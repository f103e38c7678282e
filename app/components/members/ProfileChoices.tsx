import { useEffect, useId, useRef, useState } from "react";
import { Field } from "#app/components/ui/Field";
import { messageKeyOr } from "#app/i18n";
import { useT } from "#app/i18n/react";

type Option = { code: string; label: string };

function Problem({ text }: { text?: string }) {
  return text ? <p className="text-sm text-rose-700 dark:text-rose-300">{text}</p> : null;
}

function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  problem,
}: {
  legend: string;
  name: string;
  options: Option[];
  checked: string[];
  problem?: string;
}) {
  return (
    <fieldset aria-invalid={problem ? true : undefined}>
      <legend className="text-sm font-semibold">{legend} *</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.code}
            className="flex min-h-9 items-center gap-1 rounded-full border border-subtle px-3 text-sm"
          >
            <input
              type="checkbox"
              name={name}
              value={option.code}
              defaultChecked={checked.includes(option.code)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <Problem text={problem} />
    </fieldset>
  );
}

function Select({
  label,
  name,
  options,
  value,
  disabled,
}: {
  label: string;
  name: string;
  options: Option[];
  value?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        disabled={disabled}
        className="surface min-h-11 w-full rounded-lg border border-subtle px-3"
      >
        <option value="" disabled>
          —
        </option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The nickname with its duplicate check. Saving with a nickname that was not checked is stopped here with the
 * spec's "please check duplication"; the server checks again on save either way.
 */
function NicknameCheck({
  initial,
  invalid,
  skipUnchanged,
}: {
  initial?: string;
  invalid: boolean;
  skipUnchanged: boolean;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState<string | undefined>(skipUnchanged ? initial : undefined);
  const [result, setResult] = useState<{ available: boolean; message: string } | undefined>();
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const guard = (event: Event) => {
      const current = input.current?.value ?? "";
      if (current.trim() !== "" && current !== checked) {
        event.preventDefault();
        event.stopPropagation();
        setResult({ available: false, message: t("profileForm.nicknameCheckNeeded") });
        input.current?.focus();
      }
    };
    form.addEventListener("submit", guard, { capture: true });
    return () => form.removeEventListener("submit", guard, { capture: true });
  }, [checked, t]);
  async function check() {
    const nickname = input.current?.value ?? "";
    const response = await fetch(`/api/member/nickname?nickname=${encodeURIComponent(nickname)}`);
    const body = (await response.json()) as {
      available?: boolean;
      message?: string;
      error?: { message: string };
    };
    setChecked(nickname);
    setResult({ available: Boolean(body.available), message: body.message ?? body.error?.message ?? "" });
  }
  return (
    <div className="space-y-1">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field
            ref={input}
            label={`${t("profileForm.nickname")} *`}
            name="nickname"
            maxLength={15}
            hint={t("profileForm.nicknameHint")}
            defaultValue={initial}
            error={invalid}
            onChange={() => setResult(undefined)}
          />
        </div>
        <button
          type="button"
          onClick={() => void check()}
          className="mb-5 min-h-11 rounded-lg border border-subtle px-3 text-sm"
        >
          {t("profileForm.checkNickname")}
        </button>
      </div>
      {result ? (
        <p
          role="status"
          className={
            result.available
              ? "text-sm text-primary dark:text-[var(--link)]"
              : "text-sm text-rose-700 dark:text-rose-300"
          }
        >
          {result.message}
        </p>
      ) : null}
    </div>
  );
}

/** The member fields of the profile form (individual and business), keeping what was typed after an error. */
export function ProfileChoices({
  values,
  problems,
  memberType: initialType,
  genres,
  businessTypes,
  businessHours,
  snsKinds,
  weekdays,
  editing = false,
}: {
  values: Record<string, string[]>;
  problems: Record<string, string>;
  memberType: string;
  genres: Option[];
  businessTypes: Option[];
  businessHours: Option[];
  snsKinds: string[];
  weekdays: string[];
  /** Editing a saved profile: the member type and the business type are fixed. */
  editing?: boolean;
}) {
  const t = useT();
  const [memberType, setMemberType] = useState(initialType);
  const value = (name: string) => values[name]?.[0];
  const snsRows = Math.max(3, values.snsUrl?.length ?? 0);
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold">{t("profileForm.memberType")} *</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {(["individual", "business"] as const).map((type) => (
            <label
              key={type}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-subtle px-3"
            >
              <input
                type="radio"
                name="memberType"
                value={type}
                checked={memberType === type}
                disabled={editing && memberType !== type}
                onChange={() => setMemberType(type)}
              />
              {t(`profileForm.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <NicknameCheck
        initial={value("nickname")}
        invalid={Boolean(problems.nickname)}
        skipUnchanged={editing}
      />
      <Problem text={problems.nickname} />
      <Field
        label={`${t("profileForm.introduction")} *`}
        name="introduction"
        maxLength={40}
        hint={t("profileForm.introductionHint")}
        defaultValue={value("introduction")}
        error={Boolean(problems.introduction)}
      />
      <Problem text={problems.introduction} />
      <Field
        label={`${t("profileForm.birthDate")} *`}
        name="birthDate"
        type="date"
        hint={problems.birthDate ? undefined : t("profileForm.birthDateHint")}
        defaultValue={value("birthDate")}
        error={Boolean(problems.birthDate)}
      />
      <Problem text={problems.birthDate} />
      <Field
        label={`${t("profileForm.ridingYears")} *`}
        name="ridingYears"
        type="number"
        min={1}
        max={60}
        inputMode="numeric"
        defaultValue={value("ridingYears")}
        error={Boolean(problems.ridingYears)}
      />
      <Problem text={problems.ridingYears} />
      <Field
        label={`${t("profileForm.avatars")} *`}
        name="avatars"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        hint={t("profileForm.avatarsHint")}
        error={Boolean(problems.avatars)}
      />
      <Problem text={problems.avatars} />
      <CheckboxGroup
        legend={t("profileForm.genres")}
        name="genre"
        options={genres}
        checked={values.genre ?? []}
        problem={problems.genres}
      />
      <fieldset aria-invalid={problems.sns ? true : undefined} className="min-w-0">
        <legend className="text-sm font-semibold">{t("profileForm.sns")} *</legend>
        <p className="text-muted text-xs">{t("profileForm.snsHint")}</p>
        <div className="mt-2 space-y-2">
          {Array.from({ length: snsRows }, (_, index) => (
            <div key={index} className="flex gap-2">
              <select
                name="snsKind"
                aria-label={`${t("profileForm.snsKind")} ${index + 1}`}
                defaultValue={values.snsKind?.[index] ?? snsKinds[index] ?? "other"}
                className="surface min-h-11 rounded-lg border border-subtle px-2"
              >
                {snsKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(messageKeyOr(`profileForm.snsKindName.${kind}`, "profileForm.snsKindName.other"))}
                  </option>
                ))}
              </select>
              <input
                name="snsUrl"
                type="url"
                aria-label={`${t("profileForm.snsUrl")} ${index + 1}`}
                defaultValue={values.snsUrl?.[index]}
                placeholder="https://"
                className="surface min-h-11 min-w-0 flex-1 rounded-lg border border-subtle px-3"
              />
            </div>
          ))}
        </div>
        <Problem text={problems.sns} />
      </fieldset>

      {memberType === "business" ? (
        <section aria-labelledby="business-title" className="space-y-4 rounded-xl border border-subtle p-4">
          <h2 id="business-title" className="font-bold">
            {t("profileForm.businessTitle")}
          </h2>
          <Field
            label={`${t("profileForm.businessName")} *`}
            name="businessName"
            defaultValue={value("businessName")}
            error={Boolean(problems.businessName)}
          />
          <Problem text={problems.businessName} />
          <Field
            label={`${t("profileForm.businessNumber")} *`}
            name="businessNumber"
            inputMode="numeric"
            maxLength={10}
            hint={t("profileForm.businessNumberHint")}
            defaultValue={value("businessNumber")}
            error={Boolean(problems.businessNumber)}
          />
          <Problem text={problems.businessNumber} />
          <Field
            label={`${t("profileForm.businessTel")} *`}
            name="businessTel"
            type="tel"
            maxLength={16}
            defaultValue={value("businessTel")}
            error={Boolean(problems.businessTel)}
          />
          <Problem text={problems.businessTel} />
          <Select
            label={`${t("profileForm.businessType")} *`}
            name="businessType"
            options={businessTypes}
            value={value("businessType")}
            disabled={editing && Boolean(value("businessType"))}
          />
          <p className="text-muted text-xs">{t("profileForm.businessTypeHint")}</p>
          <Problem text={problems.businessType} />
          <Field
            label={`${t("profileForm.businessYears")} *`}
            name="businessYears"
            type="number"
            min={0}
            max={100}
            defaultValue={value("businessYears")}
            error={Boolean(problems.businessYears)}
          />
          <Problem text={problems.businessYears} />
          <CheckboxGroup
            legend={t("profileForm.businessDays")}
            name="businessDay"
            options={weekdays.map((day) => ({
              code: day,
              label: t(messageKeyOr(`time.weekday.${day}`, "profileForm.businessDays")),
            }))}
            checked={values.businessDay ?? []}
            problem={problems.businessDays}
          />
          <div className="grid grid-cols-2 gap-2">
            <Select
              label={`${t("profileForm.opensAt")} *`}
              name="opensAt"
              options={businessHours}
              value={value("opensAt")}
            />
            <Select
              label={`${t("profileForm.closesAt")} *`}
              name="closesAt"
              options={businessHours}
              value={value("closesAt")}
            />
          </div>
          <Problem text={problems.businessHours} />
          <Field
            label={t("profileForm.businessImages")}
            name="businessImages"
            type="file"
            multiple
            accept="image/jpeg,image/png"
            hint={t("profileForm.businessImagesHint")}
          />
          <Problem text={problems.businessImages} />
          <Field
            label={t("profileForm.businessIntro")}
            name="businessIntro"
            defaultValue={value("businessIntro")}
          />
          <Field
            label={`${t("profileForm.ownerName")} *`}
            name="ownerName"
            defaultValue={value("ownerName")}
            error={Boolean(problems.ownerName)}
          />
          <Problem text={problems.ownerName} />
          <Field
            label={`${t("profileForm.businessEmail")} *`}
            name="businessEmail"
            type="email"
            defaultValue={value("businessEmail")}
            error={Boolean(problems.businessEmail)}
          />
          <Problem text={problems.businessEmail} />
          <Field
            label={`${t("profileForm.settlementPhone")} *`}
            name="settlementPhone"
            type="tel"
            maxLength={14}
            defaultValue={value("settlementPhone")}
            error={Boolean(problems.settlementPhone)}
          />
          <Problem text={problems.settlementPhone} />
        </section>
      ) : null}
    </>
  );
}
