import type { UIMatch } from "react-router";
import { stripLanguage, translate, type Language, type MessageKey } from "#app/i18n";
import type { ColorMode } from "./theme";

/** What a route module may declare in its `handle` export. */
export interface RouteHandle {
  titleKey?: MessageKey;
  colorMode?: ColorMode;
}

/** A loader may name the page itself (a post's title, a policy's name). */
interface TitledData {
  pageTitle?: string;
}

/** Only these query parameters make a different page; everything else (tracking, UI state) is dropped. */
const canonicalQueryParams = ["id", "tab", "category", "page", "sort", "q"] as const;

export function canonicalUrl(publicUrl: string, pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of canonicalQueryParams) {
    for (const value of params.getAll(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return `${publicUrl}${pathname}${query ? `?${query}` : ""}`;
}

function titleFromPath(pathname: string): string | undefined {
  const segments = stripLanguage(pathname).split("/").filter(Boolean);
  const last = segments.at(-1);
  if (!last) return undefined;
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  return decoded.charAt(0).toUpperCase() + decoded.slice(1);
}

/** '{page} | {product}', the page named by its loader, its handle, or else the last path segment. */
export function pageTitle(language: Language, matches: UIMatch[], pathname: string): string {
  const product = translate(language, "app.name");
  let page: string | undefined;
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as TitledData | undefined;
    if (data && typeof data === "object" && typeof data.pageTitle === "string") {
      page = data.pageTitle;
      break;
    }
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.titleKey) {
      page = translate(language, handle.titleKey);
      break;
    }
  }
  page ??= titleFromPath(pathname);
  return page ? `${page} | ${product}` : product;
}
