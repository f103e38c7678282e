import { useCallback } from "react";
import { Link, NavLink, useLocation, type LinkProps, type NavLinkProps } from "react-router";
import {
  languageFromPath,
  localizePath,
  translate,
  type Language,
  type MessageKey,
  type MessageParams,
} from ".";

/** The page's language, read from its path (/en/… is English). */
export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}

export function useT() {
  const language = useLanguage();
  return useCallback(
    (key: MessageKey, params?: MessageParams) => translate(language, key, params),
    [language],
  );
}

/** A link to a Korean-locale path, rewritten into the page's language. */
export function LocalLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const language = useLanguage();
  return <Link to={localizePath(language, to)} {...props} />;
}

export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  const language = useLanguage();
  return <NavLink to={localizePath(language, to)} {...props} />;
}
