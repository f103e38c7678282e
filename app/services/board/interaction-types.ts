/** Shapes the post page passes from its loader to the comment and reaction components. */

export interface CommentAuthor {
  id: string;
  nickname: string;
  avatarUrl: string | null;
}

export interface CommentView {
  id: number;
  parentId: number | null;
  author: CommentAuthor;
  /** Empty when the comment was deleted. */
  content: string;
  /** ISO time. */
  createdAt: string;
  deleted: boolean;
  /** Written by a member the viewer has hidden: shown blinded, revealable one at a time. */
  blinded: boolean;
  mine: boolean;
  /** Replies (one level deep) of a top-level comment. */
  replies: CommentView[];
}

export interface ArticleInteractions {
  liked: boolean;
  kept: boolean;
  comments: CommentView[];
}
