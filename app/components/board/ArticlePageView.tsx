import { richTextClassName } from "#app/components/editor/rich-text-style";
import Eye from "lucide-react/icons/eye";
import Lock from "lucide-react/icons/lock";
import { useCallback, useState } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { FormAlert, Notice } from "#app/components/ui/fields";
import { MemberBlindedContext, MemberMenu } from "#app/components/members/MemberMenu";
import { Time } from "#app/components/ui/Time";
import { Avatar } from "#app/components/ui/Avatar";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ArticleView } from "#app/services/board/articles.server";
import type { ArticleInteractions } from "#app/services/board/interaction-types";
import { Blinded } from "./Blinded";
import { splitPart } from "#app/components/ui/split-component";

// Likes, keeps and comments below the content: their code loads after the page's first load (ADR 045).
const ArticleDiscussion = await splitPart(() =>
  import("./ArticleDiscussion").then((module) => module.ArticleDiscussion),
);

type ActionResult = { done?: "blinded" | "unblinded"; error?: { code: string; message: string } } | undefined;

export type ArticlePageData =
  | { state: "missing" | "forbidden"; listPath: string; pageTitle: string }
  | {
      state: "found";
      article: ArticleView;
      blinded: boolean;
      interactions: ArticleInteractions;
      signedIn: boolean;
      viewerId: string | null;
      listPath: string;
      now: string;
      pageTitle: string;
    };

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

/** A post page: the article, or the state of a deleted, missing or private one. */
export function ArticlePageView({ data }: { data: ArticlePageData }) {
  const t = useT();
  if (data.state !== "found") {
    const missing = data.state === "missing";
    return (
      <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
        {missing ? null : <Lock className="text-muted mx-auto size-10" aria-hidden="true" />}
        <h1 className="text-2xl font-extrabold">
          {missing ? t("board.article.missingTitle") : t("board.article.forbiddenTitle")}
        </h1>
        <p className="text-muted" data-article-state={data.state}>
          {missing ? t("board.article.missingText") : t("board.error.forbidden")}
        </p>
        <LocalLink
          to={data.listPath}
          className="inline-flex min-h-11 items-center rounded-lg bg-primary px-5 font-semibold text-white hover:bg-primary-strong"
        >
          {t("board.article.backToList")}
        </LocalLink>
      </section>
    );
  }
  return <FoundArticle data={data} />;
}

function FoundArticle({ data }: { data: Extract<ArticlePageData, { state: "found" }> }) {
  const t = useT();
  const language = useLanguage();
  const { article, interactions } = data;
  const relation = useFetcher<ActionResult>();
  const deletion = useActionData<ActionResult>();
  const navigation = useNavigation();
  // Members hidden here (the author, or anyone from a nickname's menu) stay blinded on this page, even after an
  // unblind.
  const [blindedHere, setBlindedHere] = useState<ReadonlySet<string>>(() => new Set());
  const blindHere = useCallback(
    (memberId: string) =>
      setBlindedHere((current) => (current.has(memberId) ? current : new Set(current).add(memberId))),
    [],
  );
  if (relation.data?.done === "blinded" && !blindedHere.has(article.author.id)) blindHere(article.author.id);
  const blinded = data.blinded || blindedHere.has(article.author.id);
  const editPath =
    article.kind === "guestbook"
      ? `/board/guestbook/write?id=${article.id}`
      : `/board/write?id=${article.id}`;
  const boardName = t(`board.kind.${article.kind}`);
  const busy = relation.state !== "idle";

  return (
    <MemberBlindedContext.Provider value={blindHere}>
      <article className="mx-auto max-w-3xl space-y-5">
        <LocalLink to={data.listPath} className="text-link text-sm font-semibold hover:underline">
          ← {boardName}
        </LocalLink>

        <Blinded
          blinded={blinded}
          actions={
            data.signedIn && !article.mine ? (
              <relation.Form method="post">
                <input type="hidden" name="userId" value={article.author.id} />
                <button
                  type="submit"
                  name="intent"
                  value="unblind"
                  disabled={busy || relation.data?.done === "unblinded"}
                  className="min-h-9 font-semibold underline disabled:opacity-60"
                >
                  {t("board.article.unblind")}
                </button>
              </relation.Form>
            ) : null
          }
        >
          <header className="space-y-3 border-b border-subtle pb-4">
            <p className="text-muted flex flex-wrap gap-2 text-sm font-semibold">
              {article.category ? <span>{article.category[language]}</span> : null}
              {article.isPrivate ? (
                <span className="inline-flex items-center gap-1">
                  <Lock className="size-3.5" aria-hidden="true" />
                  {t("board.list.private")}
                </span>
              ) : null}
            </p>
            <h1 className="text-2xl font-extrabold break-words">{article.title}</h1>
            <div className="flex items-center gap-3">
              <Avatar
                name={article.author.nickname}
                src={article.author.avatarUrl}
                size="md"
                alt={t("board.article.avatarOf", { nickname: article.author.nickname })}
              />
              <div className="min-w-0 text-sm">
                <MemberMenu member={article.author} />
                <p className="text-muted flex flex-wrap items-center gap-x-3">
                  <Time at={article.createdAt} now={data.now} />
                  {article.updatedAt !== article.createdAt ? <span>{t("board.article.edited")}</span> : null}
                  <span className="inline-flex items-center gap-1">
                    <Eye className="size-3.5" aria-hidden="true" />
                    {t("board.article.views", { count: article.viewCount })}
                  </span>
                </p>
              </div>
            </div>
          </header>
          <div
            aria-label={t("board.article.content")}
            role="region"
            className={`article-content py-2 ${richTextClassName}`}
            // Stored sanitised on write (allow-list; only YouTube embeds survive as iframes).
            dangerouslySetInnerHTML={{ __html: article.contentHtml }}
          />
        </Blinded>

        {relation.data?.done === "blinded" ? <Notice>{t("board.article.hidden")}</Notice> : null}
        {relation.data?.done === "unblinded" ? <Notice>{t("board.article.unblinded")}</Notice> : null}
        <FormAlert error={relation.data?.error ?? deletion?.error} />

        {article.canManage || (data.signedIn && !article.mine && !blinded) ? (
          <div className="flex flex-wrap justify-end gap-2">
            {article.canManage ? (
              <>
                <LocalLink
                  to={editPath}
                  className="inline-flex min-h-10 items-center rounded-lg border border-subtle px-4 text-sm font-semibold"
                >
                  {t("board.article.edit")}
                </LocalLink>
                <Form method="post">
                  <ConfirmButton
                    name="intent"
                    value="delete"
                    disabled={navigation.state === "submitting"}
                    className="inline-flex min-h-10 items-center rounded-lg bg-rose-700 px-4 text-sm font-semibold text-white hover:bg-rose-800 disabled:opacity-60"
                    confirm={{ title: t("board.article.deleteConfirm"), action: t("board.article.delete") }}
                  >
                    {t("board.article.delete")}
                  </ConfirmButton>
                </Form>
              </>
            ) : null}
            {data.signedIn && !article.mine && !blinded ? (
              <relation.Form method="post">
                <input type="hidden" name="userId" value={article.author.id} />
                <ConfirmButton
                  name="intent"
                  value="blind"
                  disabled={busy}
                  className="inline-flex min-h-10 items-center rounded-lg border border-subtle px-4 text-sm font-semibold disabled:opacity-60"
                  confirm={{
                    title: t("board.article.blindConfirm", { nickname: article.author.nickname }),
                    action: t("relations.blind"),
                  }}
                >
                  {t("board.article.blindAuthor")}
                </ConfirmButton>
              </relation.Form>
            ) : null}
          </div>
        ) : null}

        <ArticleDiscussion
          article={article}
          interactions={interactions}
          signedIn={data.signedIn}
          viewerId={data.viewerId}
          blindedAuthors={blindedHere}
          now={data.now}
        />
      </article>
    </MemberBlindedContext.Provider>
  );
}
