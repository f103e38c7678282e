import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { languageFromPath, localizePath, translate, type Language } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import {
  checkArticle,
  insertArticle,
  getArticleForEdit,
  listCategories,
  updateArticle,
} from "#app/services/board/articles.server";
import { articlePath, boardKinds, isBoardKind, type ArticleKind } from "#app/services/board/kinds";
import { articleBoardStepSchema, articleSchema } from "#app/services/board/article.schema";
import {
  ArticleRefused,
  readArticleHtml,
  sanitisedContentOf,
} from "#app/services/content/article-html.server";
import { formContentHtml } from "#app/services/content/rich-text.server";
import { submitOnce } from "#app/services/content/submit-once.server";
import { digestTypedFrameNumber } from "#app/services/theft/frame-number-digest.server";
import { frameNumberTailFor } from "#app/services/theft/holds.server";
import { actingFrom, requireActor } from "#app/shell/auth.server";
import { domainAnswer, domainFailure } from "#app/shell/domain.server";
import { parseSubmission, refusedSubmission } from "#app/shell/form.server";
import type {
  ArticleFormValues,
  CategoryOption,
  WriteFormData,
  WriteScope,
} from "#app/components/editor/ArticleForm";
import { formLimits, idOrNull, notFound, readForm } from "#app/shell/input.server";

/** The write pages of the topic boards (/board/write) and the guestbook (/board/guestbook/write). */

const paths: Record<WriteScope, string> = { board: "/board/write", guestbook: "/board/guestbook/write" };

async function categoryOptions(kind: ArticleKind | null, language: Language): Promise<CategoryOption[]> {
  if (!kind || kind === "guestbook") return [];
  const rows = await listCategories(getRuntime().db, kind);
  return rows.map((row) => ({ id: row.id, name: language === "ko" ? row.nameKo : row.nameEn }));
}

/** A refused edit: the localised reason as the error page's text. */
function refusal(language: Language, error: unknown): never {
  const { status, error: body } = domainAnswer(language, error);
  throw data(body.message, { status, statusText: body.message });
}

function articleId(value: string | null): number | null {
  if (value === null || value === "") return null;
  return idOrNull(value) ?? 0;
}

export async function loadWriteForm(request: Request, scope: WriteScope): Promise<WriteFormData> {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const id = articleId(url.searchParams.get("id"));
  const boards = scope === "board" ? [...boardKinds] : [];

  if (id !== null) {
    if (id === 0) notFound(translate(language, "board.error.not_found"));
    let article: Awaited<ReturnType<typeof getArticleForEdit>>;
    try {
      article = await getArticleForEdit(getRuntime().db, actor, id);
    } catch (error) {
      refusal(language, error);
    }
    // Each article is edited on its own board's write page.
    const own: WriteScope = article.kind === "guestbook" ? "guestbook" : "board";
    if (own !== scope) throw redirect(`${localizePath(language, paths[own])}?id=${id}`);
    return {
      scope,
      mode: "edit",
      articleId: article.id,
      kind: article.kind,
      boards,
      categories: await categoryOptions(article.kind, language),
      values: {
        categoryId: article.categoryId ? String(article.categoryId) : "",
        title: article.title,
        content: article.contentHtml,
        isPrivate: article.isPrivate,
      },
      frameNumberTail:
        article.kind === "reportTheft" ? await frameNumberTailFor(getRuntime().db, actor, article.id) : null,
      token: randomUUID(),
      pageTitle: translate(language, scope === "board" ? "editor.editTitle" : "editor.guestbookEditTitle"),
    };
  }

  const requested = url.searchParams.get("kind") ?? "";
  const kind: ArticleKind | null =
    scope === "guestbook" ? "guestbook" : isBoardKind(requested) ? requested : null;
  return {
    scope,
    mode: "create",
    articleId: null,
    kind,
    boards,
    categories: await categoryOptions(kind, language),
    values: { categoryId: "", title: "", content: "", isPrivate: false },
    token: randomUUID(),
    pageTitle: translate(language, scope === "board" ? "editor.writeTitle" : "editor.guestbookWriteTitle"),
  };
}

/**
 * The content a refused form shows again. Plain text from the text area used without JavaScript goes back as
 * typed. HTML goes back as the service's one sanitising pass kept it, so that the editor never parses handlers
 * that were sent (inert, but a browser reports each to the Content-Security-Policy); a body refused before it was
 * read (too large, too deep), or by a rule checked before the content, goes back as typed.
 */
function echoedContent(typed: string, error: unknown): string {
  if (formContentHtml(typed) !== typed || !(error instanceof ArticleRefused)) return typed;
  return error.sanitisedContent ?? typed;
}

/** What the member typed, as the form shows it again after a refusal. */
function typedValues(
  payload: Record<string, unknown>,
): ArticleFormValues & { kind: string; frameNumber: string } {
  const text = (name: string) => {
    const value = payload[name];
    return typeof value === "string" ? value : "";
  };
  return {
    kind: text("kind"),
    categoryId: text("categoryId"),
    title: text("title"),
    content: text("content"),
    isPrivate: text("isPrivate") === "on",
    frameNumber: text("frameNumber"),
  };
}

/** The content a form refused by its schema shows again: HTML as the one sanitising pass reads it (see above). */
async function echoedUnread(typed: string): Promise<string> {
  if (formContentHtml(typed) !== typed) return typed;
  return sanitisedContentOf(await readArticleHtml(typed)) ?? typed;
}

export async function submitWriteForm(request: Request, scope: WriteScope) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const form = await readForm(request, formLimits.richText);
  // The guestbook's page is its board: what the form says about a board does not count there.
  if (scope === "guestbook") form.set("kind", "guestbook");
  // Without JavaScript, choosing another board is a form step: the new board's categories, nothing saved.
  const step = parseSubmission(form, articleBoardStepSchema);
  const typed = typedValues(step.payload);
  const values = {
    kind: typed.kind,
    categoryId: typed.categoryId,
    title: typed.title,
    content: typed.content,
    isPrivate: typed.isPrivate ? "on" : "",
    // Only this answer to the member's own submission carries the number back; nothing stores it in the clear.
    frameNumber: typed.frameNumber,
  };

  if (scope === "board" && step.status === "success") {
    const kind = isBoardKind(step.value.kind) ? step.value.kind : null;
    return { step: "board" as const, kind, categories: await categoryOptions(kind, language), values };
  }

  const submission = parseSubmission(form, articleSchema);
  if (submission.status !== "success") {
    // The content goes back once, as `values` show it (read, when it is HTML).
    const refused = refusedSubmission(submission, ["content"]);
    return data(
      { ...refused.data, values: { ...values, content: await echoedUnread(typed.content) } },
      refused.init ?? undefined,
    );
  }
  const article = submission.value;
  const { db, clock } = getRuntime();
  const id = articleId(article.id);
  const input = {
    categoryId: scope === "board" ? (article.categoryId ?? null) : null,
    title: article.title,
    contentHtml: formContentHtml(article.content),
    isPrivate: scope === "board" && article.isPrivate,
  };
  let saved: { id: number; kind: ArticleKind };
  try {
    const frameNumber =
      scope === "board"
        ? digestTypedFrameNumber(getRuntime().config.personalDataKeys, article.frameNumber)
        : null;
    if (id !== null) {
      saved = await updateArticle(db, clock, actor, id, { ...input, frameNumber }, actingFrom(request));
    } else {
      const kind = scope === "guestbook" ? "guestbook" : article.kind;
      const checked = await checkArticle(db, { ...input, kind, frameNumber });
      saved = await submitOnce(db, clock, { memberId: actor.id, token: article.token }, (uow) =>
        insertArticle(uow, clock, actor, checked),
      );
    }
  } catch (error) {
    return domainFailure(language, error, { ...values, content: echoedContent(typed.content, error) });
  }
  return redirect(localizePath(language, articlePath(saved.kind, saved.id)));
}
