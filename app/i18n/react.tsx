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

/** Whether the server writes a link's anchor itself: a plain path, neither prefetched with the page nor masked. */
function writtenDirectly(props: Pick<LinkProps, "prefetch" | "mask">, href: string) {
  return props.prefetch !== "render" && props.mask === undefined && isPlainPath(href);
}

/** A link to a Korean-locale path, rewritten into the page's language. */
export function LocalLink(props: LinkProps & { to: string }) {
  const language = useLanguage();
  const href = localizePath(language, props.to);
  if (import.meta.env.SSR && writtenDirectly(props, href)) return serverAnchor(href, props);
  return <Link {...props} to={href} />;
}

/** A path a URL keeps as it is: unreserved and sub-delimiter characters, `:`, `@`, `/` and escapes. */
const urlSafePath = /^[\w\-.~!$&'()*+,;=:@/%]*$/;

/**
 * What React Router's NavLink renders on the server for a plain path of this site: whether the page is at the link's
 * path (or below it, unless `end`) decides `aria-current` and the class, as the NavLink decides them; nothing is
 * pending or in a view transition while the server renders. The anchor is then the Link's (`serverAnchor`).
 */
function serverNavAnchor(href: string, locationPathname: string, props: Omit<NavLinkProps, "to">) {
  const {
    "aria-current": ariaCurrent = "page",
    caseSensitive = false,
    className = "",
    end = false,
    style,
    viewTransition,
    children,
    ...rest
  } = props;
  // The static router's `encodeLocation`: the path as a URL writes it (a path of URL-safe characters as it is).
  const pathname = /^[^?#]*/.exec(href)![0];
  let toPathname = urlSafePath.test(pathname)
    ? pathname
    : new URL(href.replace(/ $/, "%20"), "http://localhost").pathname;
  let location = locationPathname;
  if (!caseSensitive) {
    location = location.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive =
    location === toPathname || (!end && location.startsWith(toPathname) && location.charAt(endSlash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  return serverAnchor(href, {
    ...rest,
    "aria-current": isActive ? ariaCurrent : undefined,
    className:
      typeof className === "function"
        ? className(state)
        : [className, isActive ? "active" : null].filter(Boolean).join(" "),
    style: typeof style === "function" ? style(state) : style,
    to: href,
    viewTransition,
    children: typeof children === "function" ? children(state) : children,
  } as LinkProps);
}

/** The NavLink's anchor as the server writes it directly (`serverNavAnchor`), for the page it renders at. */
function ServerNavAnchor({ href, props }: { href: string; props: Omit<NavLinkProps, "to"> }) {
  return serverNavAnchor(href, useLocation().pathname, props);
}

export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  const language = useLanguage();
  const href = localizePath(language, to);
  if (import.meta.env.SSR && writtenDirectly(props, href))
    return <ServerNavAnchor href={href} props={props} />;
  return <NavLink to={href} {...props} />;
}
