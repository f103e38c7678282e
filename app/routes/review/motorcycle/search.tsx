import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { ReviewNav } from "#app/components/review/ReviewBits";
import { languageFromPath, localizePath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { tagChoices } from "#app/services/reviews/items";
import { tagSearchForm } from "#app/services/reviews/review.schema";
import { assertSearchTags, tagsOf } from "#app/services/reviews/tags.server";
import { domainAnswer } from "#app/shell/domain.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import type { RouteHandle } from "#app/shell/meta";
import { readForm } from "#app/shell/input.server";

export const handle: RouteHandle = { titleKey: "review.search.title" };

/** /review/motorcycle/search: characteristics to pick (those of `?tags=` already ticked, when coming back). */
export async function loader({ request }: Route.LoaderArgs) {
  return { chosen: tagsOf(new URL(request.url).searchParams.getAll("tags")) };
}

/** At least three characteristics, checked here too ("select at least 3"); then the result's shareable address. */
export async function action({ request }: Route.ActionArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), tagSearchForm);
  if (submission.status !== "success")
    return data({ ...refusedForm(language, submission).data, chosen: [] }, { status: 400 });
  const tags = tagsOf(submission.value.tags);
  try {
    assertSearchTags(tags);
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    return data({ error: body, chosen: tags }, { status });
  }
  return redirect(localizePath(language, `/review/motorcycle/search/result?tags=${tags.join(",")}`));
}

export default function ReviewTagSearch({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const chosen: readonly string[] = actionData?.chosen ?? loaderData.chosen;
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <ReviewNav />
      <h1 className="text-2xl font-extrabold">{t("review.search.title")}</h1>
      <p className="text-muted text-sm">{t("review.search.intro")}</p>
      <Form method="post" className="space-y-4" noValidate>
        <fieldset className="space-y-2" aria-describedby={actionData?.error ? "tag-search-error" : undefined}>
          <legend className="font-semibold">{t("review.search.legend")}</legend>
          <div className="flex flex-wrap gap-2">
            {tagChoices.map((tag) => (
              <label
                key={tag}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-subtle px-3 text-sm has-[:checked]:border-primary has-[:checked]:font-bold"
              >
                <input
                  type="checkbox"
                  name="tags"
                  value={tag}
                  defaultChecked={chosen.includes(tag)}
                  className="size-4 accent-[var(--color-primary)]"
                />
                {t(`review.tag.${tag}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {actionData?.error ? (
          <p id="tag-search-error" role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {actionData.error.message}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-6 font-semibold text-white hover:bg-primary-strong disabled:opacity-60 sm:w-auto"
        >
          {t("review.search.submit")}
        </button>
      </Form>
    </section>
  );
}
