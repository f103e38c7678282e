import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { GarageFitFilter } from "#app/services/market/fits.server";

/**
 * The "fits my garage" box of a parts or gear list's filter form (ADR 072). A visitor and a member without bikes get
 * what to do instead of a box that would change nothing.
 */
export function GarageFitField({ filter, here }: { filter: GarageFitFilter; here: string }) {
  const t = useT();
  if (filter.state === "ready")
    return (
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          name="fit"
          value="1"
          defaultChecked={filter.on}
          aria-describedby="market-fit-hint"
          className="size-5 accent-[var(--color-primary)]"
        />
        {t("partsFit.filter.label")}
        <span id="market-fit-hint" className="sr-only">
          {t("partsFit.filter.hint")}
        </span>
      </label>
    );
  const visitor = filter.state === "visitor";
  return (
    <p className="text-muted text-sm">
      <span className="font-semibold">{t("partsFit.filter.label")}</span>:{" "}
      {t(visitor ? "partsFit.filter.visitor" : "partsFit.filter.noBikes")}{" "}
      <LocalLink
        to={visitor ? `/login?redirectTo=${encodeURIComponent(here)}` : "/my/garage"}
        className="text-link font-semibold underline"
      >
        {t(visitor ? "partsFit.filter.signIn" : "partsFit.filter.addBike")}
      </LocalLink>
    </p>
  );
}

/** What the list shows while the filter is on: the bikes it filters by, and a word of its own when nothing fits. */
export function GarageFitStatus({ filter, empty }: { filter: GarageFitFilter; empty: boolean }) {
  const t = useT();
  const language = useLanguage();
  if (filter.state !== "ready" || !filter.on) return null;
  return (
    <p role="status" className="surface-muted rounded-lg px-3 py-2 text-sm">
      {t("partsFit.filter.on", { bikes: filter.bikes.map((bike) => bike[language]).join(", ") })}
      {empty ? ` ${t("partsFit.filter.empty")}` : null}
    </p>
  );
}
