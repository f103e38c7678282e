import Lock from "lucide-react/icons/lock";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import {
  BlindAuthorForm,
  PostByline,
  PostContent,
  PostFrame,
  PostUnavailable,
  useBlindedHere,
} from "#app/components/posts/PostPage";
import { FormAlert, Notice } from "#app/components/ui/fields";
import { Time } from "#app/components/ui/Time";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ArticleView } from "#app/services/board/articles.server";
import type { ArticleInteractions } from "#app/services/board/interaction-types";
import { Blinded } from "./Blinded";
import { splitPart } from "#app/components/ui/split-component";

// Only theft reports carry a frame number (ADR 070): its line's code and catalogue area come after the first load.
const ReportFrameNumber = await splitPart(() =>
  import("#app/components/theft/ReportFrameNumber").then((module) => module.ReportFrameNumber),
);

type ActionResult = { done?: "blinded" | "unblinded"; error?: { code: string; message: string } } | undefined;

export type ArticlePageData =
  | { state: "missing" | "forbidden"; listPath: string; pageTitle: string }
  | {
      state: "found";
      article: ArticleView;
      /** A theft report's frame number, its last four characters. */
      frameNumberTail?: string | null;
      blinded: boolean;
      interactions: ArticleInteractions;
      signedIn: boolean;
      viewerId: string | null;
      listPath: string;
      now: string;
      pageTitle: string;
    };

/** A post page: the article, or the state of a deleted, missing or private one. */
export function ArticlePageView({ data }: { data: ArticlePageData }) {
  const t = useT();
  if (data.state !== "found") {
    const missing = data.state === "missing";
    return (
      <PostUnavailable
        icon={missing ? null : <Lock className="text-muted mx-auto size-10" aria-hidden="true" />}
        state={data.state}
        title={missing ? t("board.article.missingTitle") : t("board.article.forbiddenTitle")}
        text={missing ? t("board.article.missingText") : t("board.error.forbidden")}
        listPath={data.listPath}
        backLabel={t("board.article.backToList")}
      />
    );
  }
  return <FoundArticle data={data} />;
}

function FoundArticle({ data }: { data: Extract<ArticlePageData, { state: "found" }> }) {
  const t = useT();
  const language = useLanguage();
  const { article } = data;
  const relation = useFetcher<ActionResult>();
  const deletion = useActionData<ActionResult>();
  const navigation = useNavigation();
  const blinding = useBlindedHere(article.author.id, data.blinded, relation.data?.done);
  const { blinded } = blinding;
  const editPath =
    article.kind === "guestbook"
      ? `/board/guestbook/write?id=${article.id}`
      : `/board/write?id=${article.id}`;
  const busy = relation.state !== "idle";

  return (
    <PostFrame post={article} data={data} listName={t(`board.kind.${article.kind}`)} blinding={blinding}>
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
          {data.frameNumberTail ? <ReportFrameNumber tail={data.frameNumberTail} /> : null}
          <PostByline author={article.author} views={t("board.article.views", { count: article.viewCount })}>
            <Time at={article.createdAt} now={data.now} />
            {article.updatedAt !== article.createdAt ? <span>{t("board.article.edited")}</span> : null}
          </PostByline>
        </header>
        <PostContent html={article.contentHtml} />
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
            <BlindAuthorForm
              fetcher={relation}
              author={article.author}
              busy={busy}
              className="inline-flex min-h-10 items-center rounded-lg border border-subtle px-4 text-sm font-semibold disabled:opacity-60"
            />
          ) : null}
        </div>
      ) : null}
    </PostFrame>
  );
}
