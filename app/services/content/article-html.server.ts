import { ARTICLE_MAX_IMAGES, ARTICLE_MAX_VIDEOS, ARTICLE_TEXT_MAX } from "#app/services/board/kinds";
import { DomainError } from "#app/services/errors";
import { richTextImages, richTextPlain, richTextVideos, sanitizeRichText } from "./rich-text.server";

export interface CheckedArticleHtml {
  /** Sanitised HTML, as stored. */
  html: string;
  /** Its plain text, for search and previews. */
  text: string;
  images: string[];
  videos: string[];
  /** The first image, for list thumbnails. */
  thumbnail: string | null;
}

const fail = (code: string) => new DomainError(code, `board.error.${code}` as never, 400);

/** Longest editor HTML read at all, and longest stored; the text limit is what members are told about. */
export const ARTICLE_INPUT_MAX = 1_000_000;
export const ARTICLE_HTML_MAX = 200_000;

/**
 * Sanitises article HTML and applies the content rules to what is stored: some text or media, ≤ 10 images (only
 * this product's own uploads count, the rest is removed), ≤ 1 YouTube video, text within the limit.
 */
export function validateArticleHtml(input: string): CheckedArticleHtml {
  if (input.length > ARTICLE_INPUT_MAX) throw fail("content_length");
  const html = sanitizeRichText(input);
  const text = richTextPlain(html);
  const images = richTextImages(html);
  const videos = richTextVideos(html);
  if (!text && images.length === 0 && videos.length === 0) throw fail("content_required");
  if ([...text].length > ARTICLE_TEXT_MAX || html.length > ARTICLE_HTML_MAX) throw fail("content_length");
  if (images.length > ARTICLE_MAX_IMAGES) throw fail("too_many_images");
  if (videos.length > ARTICLE_MAX_VIDEOS) throw fail("youtube_already_registered");
  return { html, text, images, videos, thumbnail: images[0] ?? null };
}
