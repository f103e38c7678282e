import type { SubmissionResult } from "@conform-to/react";
import { useId } from "react";
import { useNavigation } from "react-router";
import {
  CategoryPicker,
  FieldError,
  fieldClass,
  KindPicker,
  titleAndContentOfError,
  useWriteGuard,
  WriteActions,
  WriteFormFrame,
} from "#app/components/posts/PostForm";
import { FormAlert } from "#app/components/ui/fields";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { useMessages } from "#app/components/forms/messages";
import { splitPart } from "#app/components/ui/split-component";
import { useT } from "#app/i18n/react";
import { ARTICLE_TITLE_MAX, articlePath, type ArticleKind, type BoardKind } from "#app/services/board/kinds";
import { RichTextEditor } from "./RichTextEditor";

// Only theft reports take a frame number (ADR 070): the field's code comes after the first load.
const FrameNumberInput = await splitPart(() =>
  import("#app/components/theft/FrameNumberInput").then((module) => module.FrameNumberInput),
);

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
  /** The last four characters of a theft report's stored frame number, when editing one that has it. */
  frameNumberTail?: string | null;
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

type FieldName = "board" | "category" | "title" | "content" | "frameNumber";

const fieldOfError: Record<string, FieldName> = {
  kind_invalid: "board",
  category_required: "category",
  ...titleAndContentOfError,
  frame_number_invalid: "frameNumber",
  frame_number_letters: "frameNumber",
};

/** The write and edit form of board articles and guestbook posts. */
export function ArticleForm({ data, result }: { data: WriteFormData; result?: WriteActionData }) {
  const t = useT();
  const id = useId();
  const navigation = useNavigation();
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
    frameNumber: fields.frameNumber,
  };
  const fieldError = (name: FieldName) =>
    messages(schemaField[name].errors)[0] ?? (field === name ? failure?.error.message : undefined);
  const busy = navigation.state === "submitting";
  const isBoard = data.scope === "board";

  const guard = useWriteGuard(busy, failure);

  const cancelTo =
    data.mode === "edit" && data.articleId && kind
      ? articlePath(kind, data.articleId)
      : kind === "guestbook"
        ? "/board/guestbook"
        : `/board/${kind ?? "total"}`;

  const ids = {
    board: `${id}-board`,
    category: `${id}-category`,
    title: `${id}-title`,
    titleHint: `${id}-title-hint`,
    titleError: `${id}-title-error`,
    private: `${id}-private`,
    privateHint: `${id}-private-hint`,
  };

  return (
    <WriteFormFrame title={data.pageTitle} form={form} guard={guard}>
      {failure && !field ? <FormAlert error={failure.error} /> : null}
      <input type="hidden" name="token" value={data.token} />
      {data.articleId ? <input type="hidden" name="id" value={data.articleId} /> : null}

      {isBoard && data.mode === "create" ? (
        <KindPicker
          id={ids.board}
          label={t("editor.field.board")}
          placeholder={t("editor.field.boardPlaceholder")}
          changeLabel={t("editor.field.changeBoard")}
          intent="board"
          kinds={data.boards.map((board) => ({ value: board, label: t(`board.kind.${board}`) }))}
          value={kind}
          error={fieldError("board")}
          reloadsOnChoice
        />
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
        <CategoryPicker
          id={ids.category}
          kind={kind}
          label={t("editor.field.category")}
          placeholder={t("editor.field.categoryPlaceholder")}
          categories={categories}
          value={values.categoryId}
          error={fieldError("category")}
        />
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
          className={fieldClass}
        />
        <p id={ids.titleHint} className="text-muted text-xs">
          {t("editor.field.titleHint")}
        </p>
        <FieldError id={ids.titleError} message={fieldError("title")} />
      </div>

      {kind === "reportTheft" ? (
        <FrameNumberInput
          id={`${id}-frameNumber`}
          defaultValue={echoed?.frameNumber ?? ""}
          storedTail={data.frameNumberTail ?? null}
          error={fieldError("frameNumber")}
          report
        />
      ) : null}

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
        onChange={guard.markDirty}
      />

      <WriteActions
        cancelTo={cancelTo}
        cancelLabel={t("editor.cancel")}
        submitLabel={t(data.mode === "edit" ? "editor.save" : "editor.submit")}
        busy={busy}
      />
    </WriteFormFrame>
  );
}
