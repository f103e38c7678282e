import type { Database } from "#app/db/client.server";
import type { MotorcycleCategory } from "#app/db/schema";
import type { MessageKey } from "#app/i18n";
import type { Actor } from "#app/services/actor";

/** What every source gets for one search: who asks, whom they hid, the checked query and the page wanted. */
export interface SearchContext {
  reader: Actor;
  /** Members the reader has blinded: their content is returned flagged `blinded`, never left out silently. */
  blinded: ReadonlySet<string>;
  /** Trimmed, spaces collapsed, 2 to 50 characters (see `normalizeSearchQuery`). */
  query: string;
  limit: number;
  /** The opaque keyset position of the previous page's last hit; null for the first page. */
  cursor: string | null;
}

/** A post-like hit (board article, guestbook post, later market posts and reviews). */
export interface PostHit {
  layout: "post";
  /** Unique within its area. */
  id: string;
  /** Korean-locale path of the hit's page. */
  path: string;
  title: string;
  /** Plain text around the first match in the content (the start of the content when only the title matched). */
  snippet: string;
  snippetCutStart: boolean;
  snippetCutEnd: boolean;
  /** The board (or other place) the hit belongs to. */
  placeKey: MessageKey;
  author: { id: string; nickname: string };
  /** ISO timestamp. */
  createdAt: string;
  counts: { likes: number; comments: number; views: number };
  blinded: boolean;
}

/** A member-like hit (member nicknames, later experts). */
export interface ProfileHit {
  layout: "profile";
  id: string;
  /** The member the hit shows, for the menu on their nickname. */
  memberId: string;
  path: string;
  nickname: string;
  avatarUrl: string | null;
  introduction: string | null;
  blinded: boolean;
}

/** A catalogue model (its page shows every model year). */
export interface ModelHit {
  layout: "model";
  id: string;
  path: string;
  nameKo: string;
  nameEn: string;
  manufacturer: { ko: string; en: string };
  category: MotorcycleCategory;
  /** The model years the catalogue has of it, newest first. */
  years: number[];
  /** Always false (a model has no author); every hit says it. */
  blinded: false;
}

/** An owner review of a model year. */
export interface ReviewHit {
  layout: "review";
  id: string;
  path: string;
  model: { ko: string; en: string };
  manufacturer: { ko: string; en: string };
  year: number;
  /** The review's text around the match (its disadvantage when only the model's name matched). */
  snippet: string;
  snippetCutStart: boolean;
  snippetCutEnd: boolean;
  ratingAverage: number;
  sparkCount: number;
  author: { id: string; nickname: string };
  /** ISO timestamp. */
  createdAt: string;
  blinded: boolean;
}

export type SearchHit = PostHit | ProfileHit | ModelHit | ReviewHit;

export interface SearchPage {
  /** How many hits the area holds for this reader in all (only what the reader may read is counted). */
  total: number;
  items: SearchHit[];
  nextCursor: string | null;
}

/**
 * One searchable area. Later areas (market, reviews, meetings) add theirs to `searchSources`; a source must apply
 * its own read rules (private, deleted, withdrawn …) so that no unreadable row is returned or counted.
 */
export interface SearchSource {
  area: string;
  labelKey: MessageKey;
  search(db: Database, ctx: SearchContext): Promise<SearchPage>;
}
