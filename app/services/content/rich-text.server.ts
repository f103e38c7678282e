import sanitizeHtml from "sanitize-html";
import { getRuntime } from "#app/platform/runtime.server";
import type { FileStorage } from "#app/platform/storage/types";
import { parseYoutubeEmbed, youtubeEmbedUrl } from "./youtube";

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

/**
 * Most elements open at once in rich text. The parser's work at every tag grows with the number of open elements,
 * so unclosed nesting (`<b><i><u>…` repeated) is refused as soon as it goes deeper, instead of costing seconds.
 * The editor nests a few levels; the sanitiser keeps elements down to NESTING_LIMIT and the text of deeper ones.
 */
export const RICH_TEXT_MAX_DEPTH = 100;

// The parser's void elements (htmlparser2): it reports them opened and closed at once, and they hold nothing.
const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/** Rich text that nests deeper than RICH_TEXT_MAX_DEPTH: it was not read to the end. */
export class RichTextTooDeep extends Error {
  constructor() {
    super("rich text nested too deeply");
    this.name = "RichTextTooDeep";
  }
}

/** Sanitised HTML with what the content rules and lists need from it, all read in the same pass. */
export interface RichTextReading {
  html: string;
  /** Its plain text, for search, previews and the length rule. */
  text: string;
  /** Image sources, in order. */
  images: string[];
  /** YouTube embed addresses, in order. */
  videos: string[];
}

/**
 * The elements of the allow-list that the parser closes when another one opens directly inside them
 * (htmlparser2's implied closes, restricted to the tags that can reach the output).
 */
const IMPLIED_CLOSES: Record<string, ReadonlySet<string>> = {
  a: new Set(["a"]),
  li: new Set(["li"]),
  p: new Set(["p"]),
  h3: new Set(["h3", "p"]),
  blockquote: new Set(["p"]),
  div: new Set(["p"]),
  ol: new Set(["p"]),
  ul: new Set(["p"]),
};
const BLOCK_ENDS = new Set(["p", "h3", "li", "div", "blockquote"]);
// Sanitised HTML escapes "<" and ">" in text and attribute values, so every "<" starts a tag and the next ">" ends it.
const SANITISED_TOKEN = /<(\/?)([a-z0-9]+)([^>]*)>|[^<]+/g;
const SRC_ATTRIBUTE = /\ssrc="([^"]*)"/;

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!);

/**
 * Settles sanitised HTML into the tree the parser would build from it, and reads its text and media on the way.
 * Elements the sanitiser dropped can leave a block directly inside a paragraph (`<p><span><div>` becomes
 * `<p><div>`), which a parser reading the output closes differently; applying the parser's implied closes here
 * makes one sanitising pass final, so sanitising the output again changes nothing.
 */
function settle(sanitised: string): RichTextReading {
  const out: string[] = [];
  const open: string[] = [];
  const text: string[] = [];
  const images: string[] = [];
  const videos: string[] = [];
  const close = (tag: string) => {
    out.push(`</${tag}>`);
    if (BLOCK_ENDS.has(tag)) text.push(" ");
  };
  // A frame's content is raw text to the parser (and dropped by the text filter), whatever a foreign context made it.
  let inFrame = false;
  for (const [token, slash, tag, attributes] of sanitised.matchAll(SANITISED_TOKEN)) {
    if (inFrame && !(slash && tag === "iframe")) continue;
    if (tag === undefined) {
      out.push(token);
      text.push(decode(token));
    } else if (slash) {
      inFrame = false;
      const at = open.lastIndexOf(tag);
      if (at !== -1) {
        while (open.length > at) close(open.pop()!);
      } else if (tag === "p") {
        // The parser reads a stray </p> as an empty paragraph.
        out.push("<p>");
        close("p");
      }
    } else {
      const closes = IMPLIED_CLOSES[tag];
      while (closes && open.length > 0 && closes.has(open.at(-1)!)) close(open.pop()!);
      out.push(token);
      if (tag === "br") text.push(" ");
      else if (tag !== "img") open.push(tag);
      inFrame = tag === "iframe";
      const src = tag === "img" || tag === "iframe" ? SRC_ATTRIBUTE.exec(attributes!)?.[1] : undefined;
      if (src) (tag === "img" ? images : videos).push(decode(src));
    }
  }
  while (open.length > 0) close(open.pop()!);
  return {
    html: out.join(""),
    text: text.join("").replace(/\s+/g, " ").trim(),
    images,
    videos,
  };
}

/**
 * The stored form of member-written HTML (only the allow-list survives) with its text and media: one sanitising
 * pass and one linear pass over its output; reading the stored form again gives the same result. The parser's own
 * open and close events count the open elements, and the pass stops with RichTextTooDeep the moment they exceed
 * `maxDepth`, so its work stays linear. The input must be within RICH_TEXT_MAX_BYTES.
 */
export function readRichText(
  html: string,
  options: RichTextOptions = {},
  maxDepth = RICH_TEXT_MAX_DEPTH,
): RichTextReading {
  let depth = 0;
  const sanitised = sanitizeHtml(html, {
    ...optionsFor(options.imageBase ?? postImageBase()),
    onOpenTag: (tag) => {
      if (!VOID_ELEMENTS.has(tag) && ++depth > maxDepth) throw new RichTextTooDeep();
    },
    onCloseTag: (tag) => {
      if (!VOID_ELEMENTS.has(tag)) depth -= 1;
    },
  });
  return settle(sanitised.trim());
}

/** One piece of rich text to read, as sent to a worker thread: plain data only. */
export interface RichTextTask {
  /** Within RICH_TEXT_MAX_BYTES (checked by the caller before sending it). */
  html: string;
  imageBase: string;
}

/** What a task answers: plain data too, since an error's class does not survive the way back from a thread. */
export type RichTextOutcome = { kind: "read"; reading: RichTextReading } | { kind: "too_deep" };

export function readRichTextTask(task: RichTextTask): RichTextOutcome {
  try {
    return { kind: "read", reading: readRichText(task.html, { imageBase: task.imageBase }) };
  } catch (error) {
    if (error instanceof RichTextTooDeep) return { kind: "too_deep" };
    throw error;
  }
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
