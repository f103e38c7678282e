import { createElement, useCallback } from "react";
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

/** React Router's own props of a link, which a server-rendered `<a>` leaves out. */
const routerLinkProps = new Set([
  "to",
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
  "onClick",
  "target",
]);

/**
 * A path of this site that React Router's Link writes as it is: segments that are not empty, `.` or `..` (which it
 * would resolve), an optional closing slash, then the query or fragment if any.
 */
const plainPath = /^(?=\/)(?:\/(?:[^/?#.][^/?#]*|\.[^/?#.][^/?#]*|\.\.[^/?#]+))*\/?(?:[?#]|$)/;

export function isPlainPath(href: string) {
  return plainPath.test(href);
}

/**
 * The `<a>` React Router's Link renders on the server for a plain path of this site, written directly: the Link
 * resolves the path against the route, and sets up prefetching and a click handler, none of which reaches the HTML
 * (ADR 075). Its attributes come in the Link's order. In the browser the Link itself hydrates it.
 */
function serverAnchor(href: string, props: LinkProps) {
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!routerLinkProps.has(key)) anchor[key] = props[key as keyof LinkProps];
  anchor.href = href;
  anchor.target = props.target;
  anchor["data-discover"] = props.discover === "none" ? undefined : "true";
  return createElement("a", anchor);
}

/** A link to a Korean-locale path, rewritten into the page's language. */
export function LocalLink(props: LinkProps & { to: string }) {
  const language = useLanguage();
  const href = localizePath(language, props.to);
  if (import.meta.env.SSR && props.prefetch !== "render" && props.mask === undefined && isPlainPath(href))
    return serverAnchor(href, props);
  return <Link {...props} to={href} />;
}

export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  const language = useLanguage();
  return <NavLink to={localizePath(language, to)} {...props} />;
}
