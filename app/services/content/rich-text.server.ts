import sanitizeHtml from "sanitize-html";
import { getRuntime } from "#app/platform/runtime.server";
import type { FileStorage } from "#app/platform/storage/types";
import { parseYoutubeEmbed, YOUTUBE_EMBED_PREFIX, youtubeEmbedUrl } from "./youtube";

export { YOUTUBE_EMBED_PREFIX };

/**
 * Member-written HTML is stored only in the form this file produces (spec section 5): an allow-list of tags, the
 * fewest attributes that carry meaning, links that open safely, images that this product stored itself, and YouTube
 * embeds rebuilt from their video id. Everything else (scripts, event handlers, styles, other URL schemes, SVG and
 * MathML, forms, objects) is dropped, keeping only the text of unknown elements.
 */

export interface RichTextOptions {
  /**
   * The address post images are served from (the storage's address of the `post/` folder, ending in "/"). Images
   * anywhere else, tracking pixels included, are removed.
   */
  imageBase?: string;
}

const LOCAL_IMAGE_BASE = "/uploads/post/";

/** Where this product serves post images from: the running process's storage, else the local default. */
export function postImageBase(): string {
  let storage: FileStorage;
  try {
    storage = getRuntime().storage;
  } catch {
    // Scripts and unit tests run without a process runtime; they use the embedded default storage.
    return LOCAL_IMAGE_BASE;
  }
  return storage.url("post/x").slice(0, -1);
}

/** A stored file's key under the base: path segments of the storage key alphabet, none starting with a dot. */
const IMAGE_KEY = /^(?:[a-z0-9_-][a-z0-9._-]{0,99}\/){0,8}[a-z0-9_-][a-z0-9._-]{0,99}$/;
const DIMENSION = /^\d{1,4}$/;
const NESTING_LIMIT = 40;

const IFRAME_ATTRIBUTES = {
  title: "YouTube",
  allow: "encrypted-media; picture-in-picture; fullscreen",
  allowfullscreen: "",
  // YouTube's player needs scripts and its own origin; nothing may navigate this page or open forms.
  sandbox: "allow-scripts allow-same-origin allow-presentation allow-popups",
  // Embeds refuse to play without the referring origin (YouTube error 153); only the origin is sent.
  referrerpolicy: "strict-origin-when-cross-origin",
  loading: "lazy",
};

function sized(attribs: sanitizeHtml.Attributes): Record<string, string> {
  const size: Record<string, string> = {};
  for (const name of ["width", "height"]) {
    const value = attribs[name]?.trim();
    if (value && DIMENSION.test(value)) size[name] = value;
  }
  return size;
}

/** Absolute http(s) links only, in the form the browser will follow. */
function safeLink(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    if (url.username || url.password) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

function ownImage(src: string | undefined, base: string): string | undefined {
  if (!src) return undefined;
  const value = src.trim();
  if (!value.startsWith(base)) return undefined;
  return IMAGE_KEY.test(value.slice(base.length)) ? value : undefined;
}

function optionsFor(imageBase: string): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      "p",
      "br",
      "h3",
      "div",
      "a",
      "img",
      "iframe",
      "map",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "ul",
      "ol",
      "li",
      "blockquote",
    ],
    allowedAttributes: {
      a: ["href", "rel", "target"],
      img: ["src", "alt", "width", "height"],
      iframe: ["src", "width", "height", "allowfullscreen", "title", ...Object.keys(IFRAME_ATTRIBUTES)],
      div: ["data-youtube-video"],
    },
    allowedSchemes: ["https", "http"],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    allowedStyles: {},
    allowedClasses: {},
    allowVulnerableTags: false,
    disallowedTagsMode: "discard",
    nestingLimit: NESTING_LIMIT,
    // Text of unknown raw-text elements (and any fallback text inside an iframe) is dropped, never shown as markup.
    nonTextTags: ["script", "style", "textarea", "option", "xmp", "noscript", "noembed", "noframes", "title"],
    textFilter: (text, tagName) => (tagName === "iframe" ? "" : text),
    transformTags: {
      a: (tagName, attribs) => {
        const href = safeLink(attribs.href);
        const safe: sanitizeHtml.Attributes = href
          ? { href, rel: "noopener noreferrer nofollow", target: "_blank" }
          : {};
        return { tagName, attribs: safe };
      },
      img: (tagName, attribs) => {
        const src = ownImage(attribs.src, imageBase);
        if (!src) return { tagName, attribs: {} };
        return { tagName, attribs: { src, alt: attribs.alt ?? "", ...sized(attribs) } };
      },
      iframe: (tagName, attribs) => {
        const video = attribs.src ? parseYoutubeEmbed(attribs.src) : null;
        if (!video) return { tagName, attribs: {} };
        const title = attribs.title?.replace(/\s+/g, " ").trim().slice(0, 200);
        return {
          tagName,
          attribs: {
            src: youtubeEmbedUrl(video),
            ...sized(attribs),
            ...IFRAME_ATTRIBUTES,
            title: title || IFRAME_ATTRIBUTES.title,
          },
        };
      },
      div: (tagName, attribs) => {
        const video: sanitizeHtml.Attributes =
          attribs["data-youtube-video"] !== undefined ? { "data-youtube-video": "" } : {};
        return { tagName, attribs: video };
      },
      map: (tagName) => ({ tagName, attribs: {} }),
    },
    // An image or video without an acceptable source goes entirely; a link without one keeps its text.
    exclusiveFilter: (frame) => {
      if ((frame.tag === "img" || frame.tag === "iframe") && !frame.attribs.src) return true;
      if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
      return false;
    },
  };
}

const MAX_PASSES = 4;

/**
 * The stored form of member-written HTML: only the allow-list survives. Running it twice changes nothing: the parser
 * closes misnested elements (a paragraph inside a paragraph, say) only when it reads its own output again, so passes
 * repeat until the output is stable; markup that never settles is kept as its plain text.
 */
export function sanitizeRichText(html: string, options: RichTextOptions = {}): string {
  const settings = optionsFor(options.imageBase ?? postImageBase());
  let current = sanitizeHtml(html, settings).trim();
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const next = sanitizeHtml(current, settings).trim();
    if (next === current) return current;
    current = next;
  }
  const text = richTextPlain(current);
  return text ? `<p>${escapeText(text)}</p>` : "";
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The content a write form sent: the editor's HTML, or, from the plain text area used without JavaScript, text
 * with one paragraph per line.
 */
export function formContentHtml(value: string): string {
  if (/<[a-z!/]/i.test(value)) return value;
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join("");
}

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** The plain text of sanitised HTML, for search and previews. */
export function richTextPlain(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h3|li|div|blockquote)>|<br\s*\/?>/gi, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** The `src` of every `tag` element of sanitised HTML, in order. */
function sourcesOf(html: string, tag: "img" | "iframe"): string[] {
  const found: string[] = [];
  sanitizeHtml(html, {
    allowedTags: [tag],
    allowedAttributes: { [tag]: ["src"] },
    transformTags: {
      [tag]: (tagName: string, attribs: sanitizeHtml.Attributes) => {
        if (attribs.src) found.push(attribs.src);
        return { tagName, attribs };
      },
    },
  });
  return found;
}

/** The image sources of sanitised HTML, in order. */
export function richTextImages(html: string): string[] {
  return sourcesOf(html, "img");
}

/** The YouTube embeds of sanitised HTML. */
export function richTextVideos(html: string): string[] {
  return sourcesOf(html, "iframe");
}
