import { isMarketKind, listingPath, type MarketKind } from "#app/services/market/kinds";

/** The topic boards (spec section 2). `total` lists them all together; the guestbook is its own board. */
export const boardKinds = [
  "qna",
  "free",
  "issue",
  "route",
  "riding",
  "tuning",
  "gallery",
  "business",
  "reportTheft",
  "vehicleCare",
] as const;
export type BoardKind = (typeof boardKinds)[number];

/** What /board/{kind} accepts: every topic board plus `total`. */
export type BoardListKind = BoardKind | "total";

/** Kinds of the community's articles: the topic boards and the guestbook. */
export type ArticleKind = BoardKind | "guestbook";

/** Every kind stored in board_article: the community's and the market's. */
export type StoredArticleKind = ArticleKind | MarketKind;

export function isBoardKind(value: string): value is BoardKind {
  return (boardKinds as readonly string[]).includes(value);
}

export function isBoardListKind(value: string): value is BoardListKind {
  return value === "total" || isBoardKind(value);
}

/** The Korean-locale path of an article's page (a listing's, for a market kind). */
export function articlePath(kind: StoredArticleKind, id: number): string {
  if (isMarketKind(kind)) return listingPath(kind, id);
  return kind === "guestbook" ? `/board/guestbook/${id}` : `/board/${kind}/${id}`;
}

/** Most images and YouTube videos one article may carry (spec sections 5 and 9). */
export const ARTICLE_MAX_IMAGES = 10;
export const ARTICLE_MAX_VIDEOS = 1;
export const ARTICLE_TITLE_MAX = 100;
export const ARTICLE_TEXT_MAX = 20_000;
export const COMMENT_MAX = 1000;
export const REPORT_REASON_MAX = 200;
