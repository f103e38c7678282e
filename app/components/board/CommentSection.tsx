import type { CommentView } from "#app/services/board/interaction-types";

/** Comments and replies of an article, with the form to write one. */
export interface CommentSectionProps {
  articleId: number;
  comments: CommentView[];
  signedIn: boolean;
  viewerId: string | null;
}

export function CommentSection({ comments }: CommentSectionProps) {
  return (
    <ul>
      {comments.map((comment) => (
        <li key={comment.id}>{comment.content}</li>
      ))}
    </ul>
  );
}
