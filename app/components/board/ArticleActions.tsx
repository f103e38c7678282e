import Bookmark from "lucide-react/icons/bookmark";
import Flag from "lucide-react/icons/flag";
import Heart from "lucide-react/icons/heart";
import MessageCircle from "lucide-react/icons/message-circle";
import Share2 from "lucide-react/icons/share-2";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { notify, notifyError } from "#app/shell/toasts";
import { useLanguage, useT } from "#app/i18n/react";
import {
  callInteraction,
  COMMENT_COUNT_EVENT,
  InteractionFailure,
  loginPath,
  type CommentCountDetail,
} from "./interaction-api";
import { OpenReportDialog } from "./LazyReportDialog";

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

const pill =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-subtle px-3 text-sm font-semibold aria-pressed:border-primary aria-pressed:bg-primary-soft aria-pressed:text-primary-strong disabled:opacity-60";

type Toggle = { on: boolean; count: number };

/**
 * One toggle (like or keep): the page shows the new state at once, the server confirms it with the true count, and
 * a failure puts the old state back with an error toast. A refused repeat answers the true state, which is kept.
 */
function useToggle(articleId: number, path: "like" | "keep", initial: Toggle) {
  const t = useT();
  const language = useLanguage();
  const [state, setState] = useState(initial);
  const pending = useRef(false);
  const countKey = path === "like" ? "likeCount" : "keepCount";
  const onKey = path === "like" ? "liked" : "kept";

  async function toggle() {
    if (pending.current) return;
    pending.current = true;
    const before = state;
    setState({ on: !before.on, count: Math.max(0, before.count + (before.on ? -1 : 1)) });
    try {
      const answer = await callInteraction<Record<string, number | boolean>>(
        before.on ? "DELETE" : "POST",
        `/board/articles/${articleId}/${path}`,
        language,
        t("comment.error.save_failed"),
      );
      setState({ on: Boolean(answer[onKey]), count: Number(answer[countKey]) });
    } catch (failure) {
      const body = failure instanceof InteractionFailure ? failure.body : null;
      setState(
        body && typeof body[countKey] === "number"
          ? { on: Boolean(body[onKey]), count: body[countKey] as number }
          : before,
      );
      notifyError(
        failure instanceof Error ? failure.message : t("comment.error.save_failed"),
        t("toast.errorAt", { operation: t(`comment.op.${path}`) }),
      );
    } finally {
      pending.current = false;
    }
  }
  return [state, toggle] as const;
}

/** The web share sheet where there is one, else the link copied to the clipboard. Cancelling the sheet is fine. */
async function share(title: string, url: string, messages: { copied: string; failed: string; at: string }) {
  try {
    if (typeof navigator.share === "function") {
      await navigator.share({ title, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    notify(messages.copied);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return;
    notifyError(messages.failed, messages.at);
  }
}

export function ArticleActions({
  articleId,
  title,
  likeCount,
  keepCount,
  commentCount,
  liked,
  kept,
  signedIn,
  mine,
}: ArticleActionsProps) {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const [like, toggleLike] = useToggle(articleId, "like", { on: liked, count: likeCount });
  const [keep, toggleKeep] = useToggle(articleId, "keep", { on: kept, count: keepCount });
  const [comments, setComments] = useState(commentCount);
  const [reporting, setReporting] = useState(false);

  useEffect(() => {
    const onCount = (event: Event) => {
      const detail = (event as CustomEvent<CommentCountDetail>).detail;
      if (detail.articleId === articleId) setComments(detail.commentCount);
    };
    window.addEventListener(COMMENT_COUNT_EVENT, onCount);
    return () => window.removeEventListener(COMMENT_COUNT_EVENT, onCount);
  }, [articleId]);

  const here = `${location.pathname}${location.search}`;
  const likeLabel = t("comment.likeCount", { count: like.count });
  const keepLabel = t("comment.keepCount", { count: keep.count });

  /** A visitor's button is a link to sign in; the author's own article shows the count only. */
  function action(label: string, content: ReactNode, pressed: boolean, onClick: () => void, testId: string) {
    if (!signedIn) {
      return (
        <Link
          to={loginPath(language, here)}
          className={pill}
          aria-label={t("comment.signInToAct", { action: label })}
          data-testid={testId}
        >
          {content}
        </Link>
      );
    }
    return (
      <button
        type="button"
        className={pill}
        aria-pressed={mine ? undefined : pressed}
        aria-label={label}
        disabled={mine}
        onClick={onClick}
        data-testid={testId}
      >
        {content}
      </button>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="article-actions">
      {action(
        likeLabel,
        <>
          <Heart aria-hidden className={`size-4 ${like.on ? "fill-current" : ""}`} />
          {t("comment.like")} <span>{like.count}</span>
        </>,
        like.on,
        toggleLike,
        "like",
      )}
      {action(
        keepLabel,
        <>
          <Bookmark aria-hidden className={`size-4 ${keep.on ? "fill-current" : ""}`} />
          {t("comment.keep")} <span>{keep.count}</span>
        </>,
        keep.on,
        toggleKeep,
        "keep",
      )}
      <a href="#comments" className={pill} aria-label={t("comment.commentCount", { count: comments })}>
        <MessageCircle aria-hidden className="size-4" />
        <span>{comments}</span>
      </a>
      <button
        type="button"
        className={pill}
        onClick={() =>
          share(title, `${window.location.origin}${location.pathname}`, {
            copied: t("comment.linkCopied"),
            failed: t("comment.error.share_failed"),
            at: t("toast.errorAt", { operation: t("comment.op.share") }),
          })
        }
      >
        <Share2 aria-hidden className="size-4" />
        {t("comment.share")}
      </button>
      {mine ? null : signedIn ? (
        <>
          <button type="button" className={pill} onClick={() => setReporting(true)}>
            <Flag aria-hidden className="size-4" />
            {t("comment.reportArticle")}
          </button>
          {reporting ? (
            <OpenReportDialog
              heading={t("comment.reportArticle")}
              endpoint={`/board/articles/${articleId}/report`}
              onClose={() => setReporting(false)}
            />
          ) : null}
        </>
      ) : (
        <Link
          to={loginPath(language, here)}
          className={pill}
          aria-label={t("comment.signInToAct", { action: t("comment.reportArticle") })}
        >
          <Flag aria-hidden className="size-4" />
          {t("comment.report")}
        </Link>
      )}
    </div>
  );
}
