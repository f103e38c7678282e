import { FieldError, fieldClass } from "#app/components/posts/PostForm";
import { useT } from "#app/i18n/react";

/**
 * The frame number (차대번호) field of a vehicle listing or a theft report. A stored number is never put back in
 * the field: only its last four characters are named, and a new number typed here replaces it.
 */
export function FrameNumberInput({
  id,
  defaultValue,
  storedTail,
  error,
  report = false,
}: {
  id: string;
  defaultValue: string;
  storedTail: string | null;
  error?: string;
  report?: boolean;
}) {
  const t = useT();
  const described = [`${id}-hint`, storedTail ? `${id}-stored` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {t("theft.field.label")} <span className="text-muted font-normal">({t("theft.field.optional")})</span>
      </label>
      {storedTail ? (
        <p id={`${id}-stored`} className="text-sm" data-frame-number-tail={storedTail}>
          {t("theft.field.stored", { tail: storedTail })} {t("theft.field.replaceHint")}
        </p>
      ) : null}
      <input
        id={id}
        name="frameNumber"
        defaultValue={defaultValue}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`${fieldClass} font-mono uppercase`}
      />
      <p id={`${id}-hint`} className="text-muted text-xs">
        {t(report ? "theft.field.reportHint" : "theft.field.hint")}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
