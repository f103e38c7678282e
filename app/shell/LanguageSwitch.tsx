import { Link, useLocation } from "react-router";
import { localizePath, translate } from "#app/i18n";
import { useLanguage, useT } from "#app/i18n/react";

/** Switches to the same page in the other language; the server remembers the choice in the locale cookie. */
export function LanguageSwitch() {
  const language = useLanguage();
  const t = useT();
  const location = useLocation();
  const other = language === "ko" ? "en" : "ko";
  const name = translate(other, `language.${other}`);
  return (
    <Link
      to={`${localizePath(other, location.pathname)}${location.search}`}
      hrefLang={other}
      lang={other}
      className="inline-flex min-h-9 items-center rounded-md border border-subtle px-2 text-sm"
      aria-label={t("language.switchTo", { language: name })}
    >
      {name}
    </Link>
  );
}
