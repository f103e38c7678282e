import { useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/board";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import {
  addCategory,
  categoriesForAdmin,
  deleteCategory,
  renameCategory,
  replaceCategory,
} from "#app/services/board/categories.server";
import { isDomainError } from "#app/services/errors";
import { actingFrom } from "#app/shell/auth.server";
import { parseIntentSubmission, refusedForm, typedTexts } from "#app/shell/form.server";
import { categoryFormSchema } from "#app/services/admin/console-forms.schema";
import { domainAnswer } from "#app/shell/domain.server";
import type { Flash } from "#app/shell/flash";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, notFound, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "board.admin.title" };

/** Administrators (with two-step verification) manage each board's categories; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:site");
  try {
    return { boards: await categoriesForAdmin(getRuntime().db, actor) };
  } catch (error) {
    if (isDomainError(error, "board") && error.code === "admin_only") {
      notFound();
    }
    throw error;
  }
}

const confirmations = new Set(["confirm_required", "count_changed"]);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:site");
  const language = languageFromPath(new URL(request.url).pathname);
  const { refusal, submission } = parseIntentSubmission(
    await readForm(request),
    categoryFormSchema,
    language,
  );
  if (refusal)
    return data(
      { ...refusal.data, target: "", values: { nameKo: "", nameEn: "" }, confirm: null },
      refusal.init ?? undefined,
    );
  const typed = typedTexts(submission, categoryFields);
  const names = { nameKo: typed.nameKo ?? "", nameEn: typed.nameEn ?? "" };
  // Which form the answer belongs to, so that only it shows what was typed.
  const target =
    typed.intent === "add" ? `add:${typed.kind ?? ""}` : `category:${idOrNull(typed.categoryId) ?? 0}`;
  if (submission.status !== "success")
    return data(
      { ...refusedForm(language, submission).data, target, values: names, confirm: null },
      { status: 400 },
    );
  const input = submission.value;
  const { intent } = input;
  const categoryId = input.intent === "add" ? 0 : input.categoryId;
  const confirmCount = "confirmCount" in input ? (input.confirmCount ?? null) : null;
  const { db, clock } = getRuntime();
  const done = (flash: Flash) => redirectWithFlash(localizePath(language, "/admin/board"), flash);
  const from = actingFrom(request);
  try {
    if (input.intent === "add") {
      await addCategory(db, clock, actor, { kind: input.kind, ...names }, from);
      return done({ key: "board.admin.added" });
    }
    if (input.intent === "rename") {
      await renameCategory(db, clock, actor, { categoryId: input.categoryId, ...names }, from);
      return done({ key: "board.admin.renamed" });
    }
    if (input.intent === "delete") {
      const { deletedArticles } = await deleteCategory(
        db,
        clock,
        actor,
        { categoryId: input.categoryId, confirmCount },
        from,
      );
      return done({ key: "board.admin.removed", params: { count: deletedArticles } });
    }
    const { deletedArticles } = await replaceCategory(
      db,
      clock,
      actor,
      { categoryId: input.categoryId, ...names, confirmCount },
      from,
    );
    return done({ key: "board.admin.replaced", params: { count: deletedArticles } });
  } catch (error) {
    const { refusal, status, error: body } = domainAnswer(language, error);
    const count = refusal.params?.count;
    if (confirmations.has(body.code) && typeof count === "number")
      return data(
        { confirm: { intent, categoryId, count, message: body.message }, target, values: names, error: null },
        { status: 409 },
      );
    return data({ error: body, target, values: names, confirm: null }, { status });
  }
}

/** The fields a refusal shows again, and those that tell which form it belongs to. */
const categoryFields = new Set(["intent", "kind", "categoryId", "nameKo", "nameEn"]);

const input = "surface block min-h-10 w-full rounded-lg border border-subtle px-3";
const smallButton =
  "inline-flex min-h-10 items-center justify-center rounded-lg px-3 text-sm font-semibold disabled:opacity-60";

function NameFields({ idPrefix, nameKo, nameEn }: { idPrefix: string; nameKo: string; nameEn: string }) {
  const t = useT();
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <div>
        <label htmlFor={`${idPrefix}-ko`} className="block text-xs font-semibold">
          {t("board.admin.nameKo")}
        </label>
        <input id={`${idPrefix}-ko`} name="nameKo" defaultValue={nameKo} maxLength={20} className={input} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-en`} className="block text-xs font-semibold">
          {t("board.admin.nameEn")}
        </label>
        <input id={`${idPrefix}-en`} name="nameEn" defaultValue={nameEn} maxLength={20} className={input} />
      </div>
    </div>
  );
}

export default function AdminBoard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const [dismissed, setDismissed] = useState<unknown>(null);
  // One submit at a time: a double click must not add a category twice.
  const busy = useNavigation().state === "submitting";
  const confirm = result?.confirm && dismissed !== result ? result.confirm : null;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("board.admin.title")}</h1>
      <p className="text-muted text-sm">{t("board.admin.intro")}</p>
      <FormAlert error={result?.error ?? undefined} />

      {loaderData.boards.map((board) => {
        const boardName = t(`board.kind.${board.kind}`);
        const addTarget = `add:${board.kind}`;
        return (
          <section key={board.kind} aria-labelledby={`board-${board.kind}`} className="space-y-3">
            <h2 id={`board-${board.kind}`} className="text-lg font-bold">
              <LocalLink to={`/board/${board.kind}`} className="hover:underline">
                {boardName}
              </LocalLink>
            </h2>
            {board.categories.length === 0 ? (
              <p className="text-muted text-sm">{t("board.admin.empty")}</p>
            ) : (
              <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
                {board.categories.map((category) => {
                  const target = `category:${category.id}`;
                  const values =
                    result?.target === target
                      ? result.values
                      : { nameKo: category.nameKo, nameEn: category.nameEn };
                  const asking = confirm?.categoryId === category.id ? confirm : null;
                  return (
                    <li key={category.id} className="px-4 py-2">
                      <details open={result?.target === target || undefined}>
                        <summary className="flex min-h-10 cursor-pointer items-center justify-between gap-3">
                          <span className="flex flex-wrap gap-x-2">
                            <span className="font-semibold">{category.nameKo}</span>
                            <span className="text-muted">{category.nameEn}</span>
                          </span>
                          <span className="text-muted text-sm">
                            {t("board.admin.articleCount", { count: category.articleCount })}
                          </span>
                        </summary>
                        <div className="space-y-3 py-3">
                          <Form method="post" className="space-y-2" key={JSON.stringify(values)}>
                            <input type="hidden" name="categoryId" value={category.id} />
                            <NameFields idPrefix={`category-${category.id}`} {...values} />
                            <div className="flex flex-wrap gap-2">
                              <button
                                type="submit"
                                disabled={busy}
                                name="intent"
                                value="rename"
                                className={`${smallButton} border border-subtle`}
                              >
                                {t("board.admin.rename")}
                              </button>
                              <button
                                type="submit"
                                disabled={busy}
                                name="intent"
                                value="replace"
                                className={`${smallButton} border border-rose-300 text-rose-800 dark:text-rose-300`}
                              >
                                {t("board.admin.replace")}
                              </button>
                              <button
                                type="submit"
                                disabled={busy}
                                name="intent"
                                value="delete"
                                className={`${smallButton} bg-rose-700 text-white hover:bg-rose-800`}
                              >
                                {t("board.admin.delete")}
                              </button>
                            </div>
                          </Form>
                          {asking ? (
                            <div
                              role="alert"
                              className="space-y-2 rounded-lg border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900"
                            >
                              <p>{asking.message}</p>
                              <Form method="post" className="flex flex-wrap gap-2">
                                <input type="hidden" name="intent" value={asking.intent} />
                                <input type="hidden" name="categoryId" value={category.id} />
                                <input type="hidden" name="confirmCount" value={asking.count} />
                                <input type="hidden" name="nameKo" value={values.nameKo} />
                                <input type="hidden" name="nameEn" value={values.nameEn} />
                                <button
                                  type="submit"
                                  disabled={busy}
                                  className={`${smallButton} bg-rose-700 text-white hover:bg-rose-800`}
                                >
                                  {t("board.admin.confirmDelete", { count: asking.count })}
                                </button>
                                <button
                                  type="button"
                                  onClick={() => setDismissed(result)}
                                  className={`${smallButton} border border-rose-300 bg-white`}
                                >
                                  {t("board.admin.cancel")}
                                </button>
                              </Form>
                            </div>
                          ) : null}
                        </div>
                      </details>
                    </li>
                  );
                })}
              </ul>
            )}
            <Form
              method="post"
              className="space-y-2 rounded-xl border border-dashed border-subtle p-3"
              key={result?.target === addTarget ? JSON.stringify(result.values) : "add"}
            >
              <input type="hidden" name="kind" value={board.kind} />
              <NameFields
                idPrefix={`add-${board.kind}`}
                {...(result?.target === addTarget ? result.values : { nameKo: "", nameEn: "" })}
              />
              <button
                type="submit"
                name="intent"
                value="add"
                disabled={busy}
                className={`${smallButton} border border-subtle`}
              >
                {t("board.admin.add")}
              </button>
            </Form>
          </section>
        );
      })}
    </section>
  );
}
