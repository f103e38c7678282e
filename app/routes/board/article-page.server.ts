import { data, redirect } from "react-router";
import { languageFromPath, localizePath, translate } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import type { SessionViewer } from "#app/platform/viewer.server";
import { actorOf } from "#app/services/actor";
import { articlePageSchema } from "#app/services/board/article-page.schema";
import { deleteArticle, getArticlePage } from "#app/services/board/articles.server";
import { articlePath, type ArticleKind } from "#app/services/board/kinds";
import { reportFrameNumberTail } from "#app/services/theft/holds.server";
import { actingFrom, requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { parseIntentSubmission, refusedForm } from "#app/shell/form.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { idOrNull, missingPage, notFound, readForm } from "#app/shell/input.server";
import { changeAuthorRelation, postPageReading } from "#app/shell/post-page.server";

function listPath(kind: string) {
  return kind === "guestbook" ? "/board/guestbook" : `/board/${kind}`;
}

/**
 * A post page's data. `urlKind` is the board its address names: another board's article is redirected to its own
 * address; a deleted or unknown one answers 404 and another member's private one 403, each with its own state.
 */
export async function loadArticlePage(
  request: Request,
  boardId: string,
  urlKind: ArticleKind | "total",
  viewer: SessionViewer | null,
) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, views } = getRuntime();
  const reader = actorOf(viewer);
  const id = idOrNull(boardId);
  // An address whose id could name no article is a missing article, like any unknown id.
  const page =
    id === null
      ? ({ state: "missing" } as const)
      : await getArticlePage(db, reader, id, { kind: urlKind, views });
  if (page.state === "elsewhere") throw redirect(localizePath(language, articlePath(page.kind, page.id)));
  if (page.state !== "found") {
    const missing = page.state === "missing";
    const body = {
      state: page.state,
      listPath: listPath(urlKind),
      pageTitle: translate(language, missing ? "board.article.missingTitle" : "board.article.forbiddenTitle"),
    } as const;
    return missing ? missingPage(body) : data(body, { status: 403 });
  }
  const { article, marks } = page;
  return {
    state: "found" as const,
    article,
    listPath: listPath(article.kind),
    // Only theft reports carry a frame number: no other page reads one.
    frameNumberTail: article.kind === "reportTheft" ? await reportFrameNumberTail(db, article.id) : null,
    ...(await postPageReading(
      viewer,
      { ...article, authorId: article.author.id },
      marks,
      translate(language, `board.kind.${article.kind}`),
    )),
  };
}

/**
 * The post page's own forms: delete the article (author or administrator), hide or unblind its author. Visitors may
 * read the page but not post to it.
 */
export async function articlePageAction(request: Request, boardId: string) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const { refusal, submission } = parseIntentSubmission(await readForm(request), articlePageSchema, language);
  if (refusal) return refusal;
  if (submission.status !== "success") return refusedForm(language, submission);
  const input = submission.value;
  try {
    switch (input.intent) {
      case "delete": {
        const id = idOrNull(boardId);
        if (id === null) notFound();
        const { kind } = await deleteArticle(db, clock, actor, id, actingFrom(request));
        return redirectWithFlash(localizePath(language, listPath(kind)), { key: "board.list.deleted" });
      }
      case "blind":
      case "unblind":
        return await changeAuthorRelation(actor, input.intent, input.userId);
    }
  } catch (error) {
    return domainFailure(language, error);
  }
}
