import sanitizeHtml from "sanitize-html";

/** Embedded videos are kept only when their source starts with this address (spec section 5). */
export const YOUTUBE_EMBED_PREFIX = "https://www.youtube.com/embed/";

const options: sanitizeHtml.IOptions = {
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
    iframe: ["src", "width", "height", "allowfullscreen", "title"],
    div: ["data-youtube-video"],
    map: ["name"],
  },
  allowedSchemes: ["https", "http"],
  allowedSchemesByTag: { img: ["https", "http"] },
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: "discard",
  exclusiveFilter: (frame) =>
    frame.tag === "iframe" && !String(frame.attribs.src ?? "").startsWith(YOUTUBE_EMBED_PREFIX),
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
  },
};

/** The stored form of member-written HTML: only the allow-list survives. Running it twice changes nothing. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The plain text of sanitised HTML, for search and previews. */
export function richTextPlain(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h3|li|div|blockquote)>|<br\s*\/?>/gi, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The image sources of sanitised HTML, in order. */
export function richTextImages(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)].map((match) => match[1]!);
}

/** The YouTube embeds of sanitised HTML. */
export function richTextVideos(html: string): string[] {
  return [...html.matchAll(/<iframe\b[^>]*\bsrc="([^"]+)"/gi)].map((match) => match[1]!);
}
