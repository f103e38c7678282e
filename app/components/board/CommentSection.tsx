import { useEffect, useId, useRef, useState } from "react";
import { useTypedEarly } from "#app/components/ui/use-typed-early";
import { Link, useLocation } from "react-router";
import { notifyError } from "#app/shell/toasts";
import { MemberMenu } from "#app/components/members/MemberMenu";
import { Avatar } from "#app/components/ui/Avatar";
import { Time } from "#app/components/ui/Time";
import { ConfirmDialog } from "#app/components/ui/Dialog";
import { useLanguage, useT } from "#app/i18n/react";
import type { CommentView } from "#app/services/board/interaction-types";
import { COMMENT_MAX } from "#app/services/board/kinds";
import { Blinded } from "./Blinded";
import {
  callInteraction,
  COMMENT_COUNT_EVENT,
  InteractionFailure,
  loginPath,
  type CommentCountDetail,
} from "./interaction-api";
import { OpenReportDialog } from "./LazyReportDialog";

/** Comments and replies of an article, with the form to write one. */
export interface CommentSectionProps {
  articleId: number;
  comments: CommentView[];
  signedIn: boolean;
  viewerId: string | null;
  /** Marks the article author's comments. */
  articleAuthorId?: string;
  /** The server's clock when the page was loaded: comment times are relative to it. */
  now: string;
  /** Members hidden while the page was open: their comments are blinded at once. */
  blindedAuthors?: ReadonlySet<string>;
}

const noOne: ReadonlySet<string> = new Set();

function publishCount(articleId: number, commentCount: number) {
  window.dispatchEvent(
    new CustomEvent<CommentCountDetail>(COMMENT_COUNT_EVENT, { detail: { articleId, commentCount } }),
  );
}

/** The textarea and its submit button; keeps what was typed when the server refuses it. */
function CommentForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const t = useT();
  const id = useId();
  const [content, setContent] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useTypedEarly(field, setContent);

  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!content.trim()) {
      setError(t("comment.error.comment_required"));
      field.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      if (await onSubmit(content)) setContent("");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t("comment.error.save_failed"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={`${id}-content`} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={`${id}-content`}
        ref={field}
        name="content"
        rows={3}
        maxLength={COMMENT_MAX}
        value={content}
        placeholder={t("comment.placeholder")}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && onCancel) onCancel();
        }}
        aria-describedby={`${id}-count`}
        aria-invalid={error ? true : undefined}
        className="surface block w-full rounded-lg border border-subtle px-3 py-2"
      />
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-count`} className="text-muted text-xs">
          {t("comment.counter", { count: [...content].length, max: COMMENT_MAX })}
        </span>
        <span className="flex gap-2">
          {onCancel ? (
            <button
              type="button"
              onClick={onCancel}
              className="min-h-10 rounded-lg border border-subtle px-4 text-sm font-semibold"
            >
              {t("comment.cancel")}
            </button>
          ) : null}
          <button
            type="submit"
            disabled={pending}
            className="min-h-10 rounded-lg bg-primary px-4 text-sm font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
          >
            {pending ? t("comment.sending") : submitLabel}
          </button>
        </span>
      </div>
    </form>
  );
}

export function CommentSection({
  articleId,
  comments: initial,
  signedIn,
  viewerId,
  articleAuthorId,
  now,
  blindedAuthors = noOne,
}: CommentSectionProps) {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const headingId = useId();
  const [comments, setComments] = useState(initial);
  const [replyingTo, setReplyingTo] = useState<CommentView | null>(null);
  const [reporting, setReporting] = useState<CommentView | null>(null);
  const [deleting, setDeleting] = useState<CommentView | null>(null);
  const deleteButton = useRef<HTMLElement | null>(null);
  const focusNext = useRef<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const replyButtons = useRef(new Map<number, HTMLButtonElement>());

  const count = comments.reduce(
    (sum, comment) => sum + (comment.deleted ? 0 : 1) + comment.replies.filter((r) => !r.deleted).length,
    0,
  );

  // After a reply is posted, focus moves to it so keyboard and screen-reader users land where they wrote.
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(`comment-${focusNext.current}`)?.focus();
    focusNext.current = null;
  });

  async function post(content: string, parent: CommentView | null): Promise<boolean> {
    try {
      const answer = await callInteraction<{ comment: CommentView; commentCount: number }>(
        "POST",
        `/board/articles/${articleId}/comments`,
        language,
        t("comment.error.save_failed"),
        { content, parentId: parent?.id ?? null },
      );
      const added = answer.comment;
      setComments((current) => {
        const known = current.some((c) => c.id === added.id || c.replies.some((r) => r.id === added.id));
        if (known) return current;
        if (added.parentId === null) return [...current, added];
        return current.map((c) => (c.id === added.parentId ? { ...c, replies: [...c.replies, added] } : c));
      });
      publishCount(articleId, answer.commentCount);
      if (parent) {
        setReplyingTo(null);
        focusNext.current = added.id;
      }
      return true;
    } catch (failure) {
      notifyError(
        failure instanceof Error ? failure.message : t("comment.error.save_failed"),
        t("toast.errorAt", { operation: t("comment.op.comment") }),
      );
      throw failure;
    }
  }

  async function remove(comment: CommentView) {
    try {
      const answer = await callInteraction<{ commentCount: number }>(
        "DELETE",
        `/board/comments/${comment.id}`,
        language,
        t("comment.error.delete_failed"),
      );
      setComments((current) =>
        current
          .map((c) => {
            if (c.id === comment.id) return { ...c, deleted: true, content: "", mine: false, blinded: false };
            return { ...c, replies: c.replies.filter((r) => r.id !== comment.id) };
          })
          .filter((c) => !c.deleted || c.replies.length > 0),
      );
      publishCount(articleId, answer.commentCount);
      heading.current?.focus();
    } catch (failure) {
      notifyError(
        failure instanceof InteractionFailure ? failure.message : t("comment.error.delete_failed"),
        t("toast.errorAt", { operation: t("comment.op.delete") }),
      );
    }
  }

  function closeReply() {
    const target = replyingTo;
    setReplyingTo(null);
    if (target) replyButtons.current.get(target.id)?.focus();
  }

  function item(comment: CommentView, top: CommentView) {
    if (comment.deleted) {
      return <p className="text-muted py-2 text-sm italic">{t("comment.deleted")}</p>;
    }
    const byAuthor = articleAuthorId !== undefined && comment.author.id === articleAuthorId;
    return (
      <Blinded blinded={comment.blinded || blindedAuthors.has(comment.author.id)} comment>
        <div className="flex gap-3 py-2">
          <Avatar name={comment.author.nickname} src={comment.author.avatarUrl} size="sm" />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <MemberMenu member={comment.author} />
              {byAuthor ? (
                <span className="rounded bg-primary-soft px-1.5 text-xs font-semibold text-primary-strong">
                  {t("comment.articleAuthor")}
                </span>
              ) : null}
              <Time className="text-muted text-xs" at={comment.createdAt} now={now} />
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words">{comment.content}</p>
            {signedIn ? (
              <div className="mt-1 flex gap-3 text-xs font-semibold">
                <button
                  type="button"
                  ref={(element) => {
                    if (element) replyButtons.current.set(comment.id, element);
                    else replyButtons.current.delete(comment.id);
                  }}
                  aria-expanded={replyingTo?.id === comment.id}
                  onClick={() => setReplyingTo(replyingTo?.id === comment.id ? null : comment)}
                  className="min-h-8 underline-offset-2 hover:underline"
                  aria-label={t("comment.replyTo", { nickname: comment.author.nickname })}
                >
                  {t("comment.reply")}
                </button>
                {comment.mine || viewerId === comment.author.id ? (
                  <button
                    type="button"
                    onClick={(event) => {
                      deleteButton.current = event.currentTarget;
                      setDeleting(comment);
                    }}
                    aria-haspopup="dialog"
                    className="min-h-8 text-rose-700 underline-offset-2 hover:underline dark:text-rose-300"
                    aria-label={t("comment.deleteComment", { nickname: comment.author.nickname })}
                  >
                    {t("comment.delete")}
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => setReporting(comment)}
                    className="text-muted min-h-8 underline-offset-2 hover:underline"
                    aria-label={t("comment.reportComment", { nickname: comment.author.nickname })}
                  >
                    {t("comment.report")}
                  </button>
                )}
              </div>
            ) : null}
          </div>
        </div>
        {replyingTo?.id === comment.id ? (
          <div className={top.id === comment.id ? "ml-11" : ""}>
            <CommentForm
              label={t("comment.replyLabel", { nickname: comment.author.nickname })}
              submitLabel={t("comment.submit")}
              onSubmit={(content) => post(content, comment)}
              onCancel={closeReply}
              autoFocus
            />
          </div>
        ) : null}
      </Blinded>
    );
  }

  return (
    <section id="comments" aria-labelledby={headingId} className="space-y-4" data-testid="comments">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold">
        {t("comment.heading", { count })}
      </h2>
      {signedIn ? (
        <CommentForm
          label={t("comment.label")}
          submitLabel={t("comment.submit")}
          onSubmit={(content) => post(content, null)}
        />
      ) : (
        <p className="surface-muted rounded-lg px-3 py-3 text-sm">
          {t("comment.signInToComment")}{" "}
          <Link
            to={loginPath(language, `${location.pathname}${location.search}`)}
            className="text-link font-semibold underline"
          >
            {t("comment.signIn")}
          </Link>
        </p>
      )}
      {comments.length === 0 ? (
        <p className="text-muted text-sm">{t("comment.empty")}</p>
      ) : (
        <ol className="divide-y divide-[var(--border)]">
          {comments.map((comment) => (
            <li key={comment.id} id={`comment-${comment.id}`} tabIndex={-1} className="py-1">
              {item(comment, comment)}
              {comment.replies.length > 0 ? (
                <ol
                  className="ml-6 border-l-2 border-subtle pl-4"
                  aria-label={t("comment.replies", { count: comment.replies.length })}
                >
                  {comment.replies.map((reply) => (
                    <li key={reply.id} id={`comment-${reply.id}`} tabIndex={-1}>
                      {item(reply, comment)}
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
        returnFocus={deleteButton}
        text={{ title: t("comment.deleteConfirm"), action: t("comment.delete") }}
      />
      {reporting ? (
        <OpenReportDialog
          heading={t("comment.reportComment", { nickname: reporting.author.nickname })}
          endpoint={`/board/comments/${reporting.id}/report`}
          onClose={() => setReporting(null)}
        />
      ) : null}
    </section>
  );
}
