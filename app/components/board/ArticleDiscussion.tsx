import type { ArticleInteractions } from "#app/services/board/interaction-types";
import { ArticleActions } from "./ArticleActions";
import { CommentSection } from "./CommentSection";

/** Below an article or a listing: like, keep, share and report, then the comments. */
export function ArticleDiscussion({
  article,
  interactions,
  signedIn,
  viewerId,
  blindedAuthors,
  now,
}: {
  article: {
    id: number;
    title: string;
    likeCount: number;
    keepCount: number;
    commentCount: number;
    mine: boolean;
  };
  interactions: ArticleInteractions;
  signedIn: boolean;
  viewerId: string | null;
  /** Members hidden on this page since it loaded: their comments fold at once. */
  blindedAuthors: ReadonlySet<string>;
  now: string;
}) {
  return (
    <>
      <ArticleActions
        articleId={article.id}
        title={article.title}
        likeCount={article.likeCount}
        keepCount={article.keepCount}
        commentCount={article.commentCount}
        liked={interactions.liked}
        kept={interactions.kept}
        signedIn={signedIn}
        mine={article.mine}
      />
      <CommentSection
        articleId={article.id}
        comments={interactions.comments}
        signedIn={signedIn}
        viewerId={viewerId}
        blindedAuthors={blindedAuthors}
        now={now}
      />
    </>
  );
}
