import { Link, useLocation } from "react-router";
import { localizePath } from "#app/i18n";
import { useLanguage, useT } from "#app/i18n/react";

/**
 * Switches to the same page in the other language; the server remembers the choice in the locale cookie. A full page
 * load, as without JavaScript: the browser holds only the page's language (ADR 032). Each catalogue names every
 * language in that language, so the page's own catalogue has the other's name.
 */
export function LanguageSwitch() {
  const language = useLanguage();
  const t = useT();
  const location = useLocation();
  const other = language === "ko" ? "en" : "ko";
  const name = t(`language.${other}`);
  return (
    <Link
      to={`${localizePath(other, location.pathname)}${location.search}`}
      reloadDocument
      hrefLang={other}
      lang={other}
      className="inline-flex min-h-9 items-center rounded-md border border-subtle px-2 text-sm"
      aria-label={t("language.switchTo", { language: name })}
    >
      {name}
    </Link>
  );
}
