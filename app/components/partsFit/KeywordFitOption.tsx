import { useT } from "#app/i18n/react";

/** The keyword form's "only parts that fit my garage" box (ADR 072). */
export function KeywordFitOption({ checked }: { checked: boolean }) {
  const t = useT();
  return (
    <div>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          name="onlyFitting"
          defaultChecked={checked}
          aria-describedby="keyword-only-fitting-hint"
          className="size-5 accent-[var(--color-primary)]"
        />
        {t("partsFit.keyword.onlyFitting")}
      </label>
      <p id="keyword-only-fitting-hint" className="text-muted text-xs">
        {t("partsFit.keyword.onlyFittingHint")}
      </p>
    </div>
  );
}

/** A saved keyword's mark when it is limited to parts that fit. */
export function KeywordFitTag({ onlyFitting }: { onlyFitting: boolean }) {
  const t = useT();
  return onlyFitting ? <> · {t("partsFit.keyword.onlyFittingTag")}</> : null;
}
