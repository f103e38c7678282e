import { seoulTime } from "#app/platform/seoul-calendar";
import { LocalLink, useT } from "#app/i18n/react";

export function Footer() {
  const t = useT();
  // The year in Seoul; each side reads its own clock, so the text may differ for a moment at New Year.
  const year = seoulTime(new Date()).year;
  return (
    <footer className="surface-muted mt-12 border-t border-subtle pb-24 md:pb-8">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm">
        <nav aria-label={t("footer.policies")}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <LocalLink to="/policy/terms" className="hover:underline">
                {t("footer.terms")}
              </LocalLink>
            </li>
            <li>
              <LocalLink to="/policy/privacy" className="font-bold hover:underline">
                {t("footer.privacy")}
              </LocalLink>
            </li>
            <li>
              <LocalLink to="/policy/board" className="hover:underline">
                {t("footer.board")}
              </LocalLink>
            </li>
            <li>
              <LocalLink to="/policy/market" className="hover:underline">
                {t("footer.market")}
              </LocalLink>
            </li>
          </ul>
        </nav>
        <p className="text-muted mt-4">{t("footer.contact")}</p>
        <p className="text-muted mt-1" suppressHydrationWarning>
          {t("footer.copyright", { year })}
        </p>
      </div>
    </footer>
  );
}
