import type { MetaDescriptor } from "react-router";
import { languageFromPath, translate, type Language } from "#app/i18n";
import { canonicalUrl } from "./meta";

/** The product's own preview picture (1200×600), used when a page has none of its own. */
export const SHARE_IMAGE = { path: "/share.png", width: 1200, height: 600 } as const;

/** A page's own preview, from its loader (a post: its title, excerpt and first image). */
export interface SharePreview {
  title: string;
  description: string;
  /** The page's own picture: a path on this site or an absolute http(s) address. */
  image: string | null;
}

function absolute(publicUrl: string, address: string): string | null {
  try {
    const url = new URL(address, `${publicUrl}/`);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const ogLocale: Record<Language, string> = { ko: "ko_KR", en: "en_US" };

/**
 * Open Graph and Twitter tags, so a link shared in KakaoTalk and other messengers shows a preview: the page's own
 * title, text and picture when it has a preview, otherwise the product's. Every address is absolute, from
 * PUBLIC_URL, as the crawlers that read them require.
 */
function shareMeta(input: {
  language: Language;
  publicUrl: string;
  /** The page's canonical address. */
  url: string;
  preview?: SharePreview | null;
}): MetaDescriptor[] {
  const { language, publicUrl, preview } = input;
  const description = preview?.description || translate(language, "app.description");
  const ownImage = preview?.image ? absolute(publicUrl, preview.image) : null;
  const image = ownImage ?? absolute(publicUrl, SHARE_IMAGE.path)!;
  return [
    { name: "description", content: description },
    { property: "og:site_name", content: translate(language, "app.name") },
    { property: "og:type", content: preview ? "article" : "website" },
    { property: "og:title", content: preview?.title ?? translate(language, "app.name") },
    { property: "og:description", content: description },
    { property: "og:url", content: input.url },
    { property: "og:image", content: image },
    ...(ownImage
      ? []
      : [
          { property: "og:image:width", content: String(SHARE_IMAGE.width) },
          { property: "og:image:height", content: String(SHARE_IMAGE.height) },
        ]),
    { property: "og:locale", content: ogLocale[language] },
    { property: "og:locale:alternate", content: ogLocale[language === "ko" ? "en" : "ko"] },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/**
 * The tags of a route's `meta` export. React Router shows the meta of the deepest route that has one, and a meta
 * function sees only its own route and those above it: the root gives every page the product's preview, and a post
 * route adds its own with the root's data (always the first match).
 */
export function routeShareMeta(
  args: {
    location: { pathname: string; search: string };
    matches: readonly ({ loaderData?: unknown } | undefined)[];
  },
  preview?: SharePreview | null,
): MetaDescriptor[] {
  const language = languageFromPath(args.location.pathname);
  const root = args.matches[0]?.loaderData as { publicUrl?: unknown } | undefined;
  if (typeof root?.publicUrl !== "string")
    return [{ name: "description", content: translate(language, "app.description") }];
  return shareMeta({
    language,
    publicUrl: root.publicUrl,
    url: canonicalUrl(root.publicUrl, args.location.pathname, args.location.search),
    preview,
  });
}
