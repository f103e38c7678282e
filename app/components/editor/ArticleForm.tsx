import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Form, isRouteErrorResponse, useNavigate, useNavigation } from "react-router";
import { FormAlert } from "#app/components/ui/fields";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { useMessages } from "#app/components/forms/messages";
import { LocalLink, useT } from "#app/i18n/react";
import { ARTICLE_TITLE_MAX, articlePath, type ArticleKind, type BoardKind } from "#app/services/board/kinds";
import { RichTextEditor } from "./RichTextEditor";
import { useLeaveGuard } from "./leave-guard";
import { useHydrated } from "#app/components/ui/use-hydrated";

export type WriteScope = "board" | "guestbook";

export interface CategoryOption {
  id: number;
  name: string;
}

export interface ArticleFormValues {
  categoryId: string;
  title: string;
  content: string;
  isPrivate: boolean;
}

/** What the write pages' loader answers. */
export interface WriteFormData {
  scope: WriteScope;
  mode: "create" | "edit";
  articleId: number | null;
  kind: ArticleKind | null;
  /** The topic boards to choose from (empty on the guestbook). */
  boards: BoardKind[];
  categories: CategoryOption[];
  values: ArticleFormValues;
  /** One-time token of this form, so a double submission creates one article. */
  token: string;
  pageTitle: string;
}

/** What the write pages' action answers when it does not redirect. */
export type WriteActionData =
  | { step: "board"; kind: BoardKind | null; categories: CategoryOption[]; values: Record<string, string> }
  | { error: { code: string; message: string }; values: Record<string, string> }
  /** Refused by the form's schema: each field's messages, and what was typed. */
  | { lastResult: SubmissionResult<string[]>; values: Record<string, string>; error?: undefined };

type FieldName = "board" | "category" | "title" | "content";

const fieldOfError: Record<string, FieldName> = {
  kind_invalid: "board",
  category_required: "category",
  title_required: "title",
  title_length: "title",
  content_required: "content",
  content_length: "content",
  content_too_large: "content",
  content_too_deep: "content",
  too_many_images: "content",
  youtube_already_registered: "content",
};

const inputClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {message}
    </p>
  );
}

/** The write and edit form of board articles and guestbook posts. */
export function ArticleForm({ data, result }: { data: WriteFormData; result?: WriteActionData }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [dirty, setDirty] = useState(false);
  const submitted = useRef(false);

  const step = result && "step" in result ? result : undefined;
  const failure = result && "error" in result && result.error ? result : undefined;
  const [form, fields] = useSchemaForm(
    () => import("#app/services/board/article.schema").then((schemas) => schemas.articleSchema),
    {
      lastResult: result && "lastResult" in result ? result.lastResult : undefined,
    },
  );
  const messages = useMessages();
  const echoed = result?.values;
  const kind = step ? step.kind : data.kind;
  const categories = step ? step.categories : data.categories;
  const values: ArticleFormValues = echoed
    ? {
        categoryId: echoed.categoryId ?? "",
        title: echoed.title ?? "",
        content: echoed.content ?? "",
        isPrivate: echoed.isPrivate === "on",
      }
    : data.values;
  const field = failure ? fieldOfError[failure.error.code] : undefined;
  // The schema's messages (checked before sending, or by the server), else the service's refusal of that field.
  const schemaField = {
    board: fields.kind,
    category: fields.categoryId,
    title: fields.title,
    content: fields.content,
  };
  const fieldError = (name: FieldName) =>
    messages(schemaField[name].errors)[0] ?? (field === name ? failure?.error.message : undefined);
  const busy = navigation.state === "submitting";
  const isBoard = data.scope === "board";

  useEffect(() => {
    if (failure) submitted.current = false;
  }, [failure]);

  const leaveGuard = useLeaveGuard(dirty, submitted);

  function submit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === "intent") return;
    if (busy) {
      event.preventDefault();
      return;
    }
    submitted.current = true;
  }

  const cancelTo =
    data.mode === "edit" && data.articleId && kind
      ? articlePath(kind, data.articleId)
      : kind === "guestbook"
        ? "/board/guestbook"
        : `/board/${kind ?? "total"}`;

  const ids = {
    board: `${id}-board`,
    boardError: `${id}-board-error`,
    category: `${id}-category`,
    categoryError: `${id}-category-error`,
    title: `${id}-title`,
    titleHint: `${id}-title-hint`,
    titleError: `${id}-title-error`,
    private: `${id}-private`,
    privateHint: `${id}-private-hint`,
  };

  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-extrabold">{data.pageTitle}</h1>
      <Form
        method="post"
        id={form.id}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          form.onSubmit(event);
          if (!event.defaultPrevented) submit(event);
        }}
        onInput={() => setDirty(true)}
        onChange={() => setDirty(true)}
      >
        {failure && !field ? <FormAlert error={failure.error} /> : null}
        <input type="hidden" name="token" value={data.token} />
        {data.articleId ? <input type="hidden" name="id" value={data.articleId} /> : null}

        {isBoard && data.mode === "create" ? (
          <div className="space-y-1">
            <label htmlFor={ids.board} className="block text-sm font-semibold">
              {t("editor.field.board")}
            </label>
            <div className="flex flex-wrap gap-2">
              <select
                id={ids.board}
                name="kind"
                defaultValue={kind ?? ""}
                required
                aria-invalid={fieldError("board") ? true : undefined}
                aria-describedby={fieldError("board") ? ids.boardError : undefined}
                onChange={(event) => {
                  if (!hydrated) return;
                  const next = event.target.value;
                  navigate(next ? `?kind=${encodeURIComponent(next)}` : "?", {
                    replace: true,
                    preventScrollReset: true,
                  });
                }}
                className={`${inputClass} flex-1`}
              >
                <option value="">{t("editor.field.boardPlaceholder")}</option>
                {data.boards.map((board) => (
                  <option key={board} value={board}>
                    {t(`board.kind.${board}`)}
                  </option>
                ))}
              </select>
              {hydrated ? null : (
                <button
                  type="submit"
                  name="intent"
                  value="board"
                  className="min-h-11 rounded-lg border border-subtle px-3 text-sm font-semibold"
                >
                  {t("editor.field.changeBoard")}
                </button>
              )}
            </div>
            <FieldError id={ids.boardError} message={fieldError("board")} />
          </div>
        ) : (
          <input type="hidden" name="kind" value={kind ?? ""} />
        )}
        {isBoard && data.mode === "edit" && kind && kind !== "guestbook" ? (
          <p className="text-sm">
            <span className="font-semibold">{t("editor.field.board")}</span>{" "}
            <span>{t(`board.kind.${kind}`)}</span>
            <span className="text-muted ml-2 text-xs">{t("editor.field.boardFixed")}</span>
          </p>
        ) : null}

        {isBoard ? (
          <div className="space-y-1">
            <label htmlFor={ids.category} className="block text-sm font-semibold">
              {t("editor.field.category")}
            </label>
            <select
              key={kind ?? ""}
              id={ids.category}
              name="categoryId"
              defaultValue={values.categoryId}
              required
              disabled={!kind}
              aria-invalid={fieldError("category") ? true : undefined}
              aria-describedby={fieldError("category") ? ids.categoryError : undefined}
              className={`${inputClass} disabled:opacity-60`}
            >
              <option value="">{t("editor.field.categoryPlaceholder")}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
            <FieldError id={ids.categoryError} message={fieldError("category")} />
          </div>
        ) : null}

        <div className="space-y-1">
          <label htmlFor={ids.title} className="block text-sm font-semibold">
            {t("editor.field.title")}
          </label>
          <input
            id={ids.title}
            name="title"
            defaultValue={values.title}
            maxLength={ARTICLE_TITLE_MAX}
            required
            autoComplete="off"
            aria-invalid={fieldError("title") ? true : undefined}
            aria-describedby={[ids.titleHint, fieldError("title") ? ids.titleError : null]
              .filter(Boolean)
              .join(" ")}
            className={inputClass}
          />
          <p id={ids.titleHint} className="text-muted text-xs">
            {t("editor.field.titleHint")}
          </p>
          <FieldError id={ids.titleError} message={fieldError("title")} />
        </div>

        {isBoard ? (
          <div className="flex items-start gap-2">
            <input
              id={ids.private}
              type="checkbox"
              name="isPrivate"
              defaultChecked={values.isPrivate}
              aria-describedby={ids.privateHint}
              className="mt-1 size-5 accent-[var(--color-primary)]"
            />
            <div>
              <label htmlFor={ids.private} className="text-sm font-semibold">
                {t("editor.field.private")}
              </label>
              <p id={ids.privateHint} className="text-muted text-xs">
                {t("editor.field.privateHint")}
              </p>
            </div>
          </div>
        ) : null}

        <RichTextEditor
          name="content"
          label={t("editor.field.content")}
          defaultValue={values.content}
          error={fieldError("content")}
          required
          onChange={() => setDirty(true)}
        />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <LocalLink
            to={cancelTo}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
          >
            {t("editor.cancel")}
          </LocalLink>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-6 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
          >
            {busy ? t("editor.submitting") : t(data.mode === "edit" ? "editor.save" : "editor.submit")}
          </button>
        </div>
      </Form>
      {leaveGuard}
    </section>
  );
}

/** A refused edit (not the author, a deleted post) explained in the page, with a way back to the boards. */
export function WriteRefusal({ error }: { error: unknown }) {
  const t = useT();
  if (!isRouteErrorResponse(error) || (error.status !== 403 && error.status !== 404)) throw error;
  const message = error.statusText || String(error.data);
  return (
    <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
      <title>{`${message} | ${t("app.name")}`}</title>
      <h1 className="text-2xl font-extrabold">{message}</h1>
      <LocalLink
        to="/board/total"
        className="inline-flex min-h-11 items-center rounded-full bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
      >
        {t("editor.backToBoards")}
      </LocalLink>
    </section>
  );
}
