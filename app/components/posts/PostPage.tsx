import Eye from "lucide-react/icons/eye";
import { useCallback, useState, type ComponentProps, type ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { richTextClassName } from "#app/components/editor/rich-text-style";
import { MemberBlindedContext, MemberMenu } from "#app/components/members/MemberMenu";
import { Avatar } from "#app/components/ui/Avatar";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { splitPart } from "#app/components/ui/split-component";
import type { ArticleDiscussion } from "#app/components/board/ArticleDiscussion";
import { LocalLink, useT } from "#app/i18n/react";
import type { ArticleInteractions } from "#app/services/board/interaction-types";
import type { ArticleAuthor } from "#app/services/board/list.server";

/**
 * The parts that a board's post page and a market listing's page share: the page of a post that is gone or
 * private, the frame with its way back to the list, the author's line, the content, hiding the author, and the
 * discussion below. A listing is a post of a market board, so both speak the board's words here.
 */

// Likes, keeps and comments below the content: their code loads after the page's first load (ADR 045).
const PostDiscussion = await splitPart(() =>
  import("#app/components/board/ArticleDiscussion").then((module) => module.ArticleDiscussion),
);

/**
 * Hiding and unhiding do not reload the post page: a hidden author is blinded in place, and an unblind applies only
 * once the member leaves the page (spec). Reloading would also count another view.
 */
export function keepPageAfterRelationChange({
  formData,
  defaultShouldRevalidate,
}: {
  formData?: FormData;
  defaultShouldRevalidate: boolean;
}) {
  const intent = formData?.get("intent");
  if (intent === "blind" || intent === "unblind") return false;
  return defaultShouldRevalidate;
}

/** The page of a post that is not there (deleted, unknown) or that the reader may not see, under its `icon`. */
export function PostUnavailable({
  icon,
  state,
  title,
  text,
  listPath,
  backLabel,
}: {
  icon?: ReactNode;
  state: "missing" | "forbidden";
  title: string;
  text: string;
  listPath: string;
  backLabel: string;
}) {
  return (
    <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
      {icon}
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <p className="text-muted" data-article-state={state}>
        {text}
      </p>
      <LocalLink
        to={listPath}
        className="inline-flex min-h-11 items-center rounded-lg bg-primary px-5 font-semibold text-white hover:bg-primary-strong"
      >
        {backLabel}
      </LocalLink>
    </section>
  );
}

/**
 * Members hidden on this page (the author once the hide form answers `blinded`, or anyone from a nickname's menu)
 * stay blinded here, even after an unblind. `blinded` is whether the author is blinded now.
 */
export function useBlindedHere(authorId: string, blindedBefore: boolean, done: string | undefined) {
  const [blindedHere, setBlindedHere] = useState<ReadonlySet<string>>(() => new Set());
  const blindHere = useCallback(
    (memberId: string) =>
      setBlindedHere((current) => (current.has(memberId) ? current : new Set(current).add(memberId))),
    [],
  );
  if (done === "blinded" && !blindedHere.has(authorId)) blindHere(authorId);
  return { blindedHere, blindHere, blinded: blindedBefore || blindedHere.has(authorId) };
}

/**
 * A found post's page: the way back to its list, the post (`children`), and its likes, keeps and comments below. A
 * nickname's "hide" blinds that member on this page (`blinding`, from `useBlindedHere`).
 */
export function PostFrame({
  post,
  data,
  listName,
  blinding,
  children,
}: {
  post: ComponentProps<typeof ArticleDiscussion>["article"];
  data: {
    listPath: string;
    interactions: ArticleInteractions;
    signedIn: boolean;
    viewerId: string | null;
    now: string;
  };
  listName: string;
  blinding: { blindHere: (memberId: string) => void; blindedHere: ReadonlySet<string> };
  children: ReactNode;
}) {
  return (
    <MemberBlindedContext.Provider value={blinding.blindHere}>
      <article className="mx-auto max-w-3xl space-y-5">
        <LocalLink to={data.listPath} className="text-link text-sm font-semibold hover:underline">
          ← {listName}
        </LocalLink>
        {children}
        <PostDiscussion
          article={post}
          interactions={data.interactions}
          signedIn={data.signedIn}
          viewerId={data.viewerId}
          blindedAuthors={blinding.blindedHere}
          now={data.now}
        />
      </article>
    </MemberBlindedContext.Provider>
  );
}

/** The author's avatar and nickname menu, then the post's facts (`children`) and its views. */
export function PostByline({
  author,
  views,
  children,
}: {
  author: ArticleAuthor;
  views: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex items-center gap-3">
      <Avatar
        name={author.nickname}
        src={author.avatarUrl}
        size="md"
        alt={t("board.article.avatarOf", { nickname: author.nickname })}
      />
      <div className="min-w-0 text-sm">
        <MemberMenu member={author} />
        <p className="text-muted flex flex-wrap items-center gap-x-3">
          {children}
          <span className="inline-flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden="true" />
            {views}
          </span>
        </p>
      </div>
    </div>
  );
}

/** The post's text and pictures, stored sanitised on write (allow-list; only YouTube embeds survive as iframes). */
export function PostContent({ html }: { html: string }) {
  const t = useT();
  return (
    <div
      aria-label={t("board.article.content")}
      role="region"
      className={`article-content py-2 ${richTextClassName}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Hides the author from the reader, after a confirmation; the page's relation fetcher sends it. */
export function BlindAuthorForm({
  fetcher,
  author,
  busy,
  className,
}: {
  fetcher: FetcherWithComponents<unknown>;
  author: ArticleAuthor;
  busy: boolean;
  className: string;
}) {
  const t = useT();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="userId" value={author.id} />
      <ConfirmButton
        name="intent"
        value="blind"
        disabled={busy}
        className={className}
        confirm={{
          title: t("board.article.blindConfirm", { nickname: author.nickname }),
          action: t("relations.blind"),
        }}
      >
        {t("board.article.blindAuthor")}
      </ConfirmButton>
    </fetcher.Form>
  );
}
