import Search from "lucide-react/icons/search";
import { useId } from "react";
import { Form } from "react-router";
import { localizePath } from "#app/i18n";
import { useLanguage, useT } from "#app/i18n/react";

/**
 * The search box: posts to the result page, which remembers the search and shows the results at their own address.
 * A plain form underneath, so it works before (and without) JavaScript.
 */
export function SearchForm({
  defaultValue,
  error,
  autoFocus,
}: {
  defaultValue?: string;
  error?: { code: string; message: string };
  autoFocus?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  return (
    <Form method="post" action={localizePath(language, "/search/result")} role="search" className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          placeholder={t("search.placeholder")}
          autoFocus={autoFocus}
          enterKeyHint="search"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          className="surface block min-h-11 w-full flex-1 rounded-full border border-subtle px-4 aria-[invalid]:border-rose-600"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center gap-1 rounded-full bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
        >
          <Search className="size-4" aria-hidden="true" />
          {t("search.submit")}
        </button>
      </div>
      {error ? (
        <p
          id={`${id}-note`}
          role="alert"
          data-error-code={error.code}
          className="text-sm text-rose-700 dark:text-rose-300"
        >
          {error.message}
        </p>
      ) : (
        <p id={`${id}-note`} className="text-muted text-xs">
          {t("search.hint")}
        </p>
      )}
    </Form>
  );
}
