import { ARTICLE_MAX_IMAGES, ARTICLE_MAX_VIDEOS, ARTICLE_TEXT_MAX } from "#app/services/board/kinds";
import type { BoardErrorCode } from "#app/services/board/errors";
import { DomainError } from "#app/services/errors";
import { overRichTextBytes } from "./limits";
import { runRichTextTask } from "./rich-text-runner.server";
import { postImageBase } from "./rich-text.server";

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

const fail = (code: BoardErrorCode) => new DomainError("board", code);

/** Article HTML read once: what is stored, or the refusal its rules make of it with what sanitising kept. */
export type ArticleHtmlReading =
  | { checked: CheckedArticleHtml }
  | {
      refusal: DomainError<"board">;
      /** The sanitised form, or null when the input was refused before it was read (too large, too deep). */
      sanitised: string | null;
    };

/**
 * Sanitises article HTML and applies the content rules to what is stored: at most 200 KB read at all (counted
 * before parsing) and nesting within bounds, some text or media, ≤ 10 images (only this product's own uploads
 * count, the rest is removed), ≤ 1 YouTube video, text within the limit. Sanitising runs once, off the main thread
 * in the server.
 */
export async function readArticleHtml(input: string): Promise<ArticleHtmlReading> {
  if (overRichTextBytes(input)) return { refusal: fail("content_too_large"), sanitised: null };
  const outcome = await runRichTextTask({ html: input, imageBase: postImageBase() });
  if (outcome.kind === "too_deep") return { refusal: fail("content_too_deep"), sanitised: null };
  const { html, text, images, videos } = outcome.reading;
  const refused = (code: BoardErrorCode) => ({ refusal: fail(code), sanitised: html });
  if (!text && images.length === 0 && videos.length === 0) return refused("content_required");
  if ([...text].length > ARTICLE_TEXT_MAX) return refused("content_length");
  // The stored form can outgrow the input a little (a <br> becomes <br />); it obeys the same limit.
  if (overRichTextBytes(html)) return { refusal: fail("content_too_large"), sanitised: null };
  if (images.length > ARTICLE_MAX_IMAGES) return refused("too_many_images");
  if (videos.length > ARTICLE_MAX_VIDEOS) return refused("youtube_already_registered");
  return { checked: { html, text, images, videos, thumbnail: images[0] ?? null } };
}

/** The checked content, or its refusal thrown. */
export async function validateArticleHtml(input: string): Promise<CheckedArticleHtml> {
  const reading = await readArticleHtml(input);
  if ("refusal" in reading) throw reading.refusal;
  return reading.checked;
}

/**
 * A refused article with the sanitised form of its content, so that the write form shows it again without parsing
 * what was sent (a browser reports every inline handler it parses, even in an inert document) and without a second
 * sanitising pass.
 */
export class ArticleRefused extends DomainError<"board"> {
  constructor(
    cause: DomainError<"board">,
    readonly sanitisedContent: string | null,
  ) {
    super("board", cause.code, cause.details, { cause });
  }
}

export function sanitisedContentOf(reading: ArticleHtmlReading): string | null {
  return "checked" in reading ? reading.checked.html : reading.sanitised;
}
