import Sparkles from "lucide-react/icons/sparkles";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { localizePath } from "#app/i18n";
import { useLanguage, useT } from "#app/i18n/react";
import type { SparkActionData } from "#app/routes/review/spark";
import { REVIEW_SPARK_MAX, sparkChoiceMax } from "#app/services/sparks/rules";

export interface SparkControlProps {
  reviewId: number;
  /** Sparks the viewer has left today (Seoul). */
  remainingToday: number;
  /** Sparks the viewer has already given this review. */
  givenToReview: number;
}

/**
 * Gives sparks to a review: choose 1 to as many as are left (today's allowance and the review's 10), then send. Posts
 * to /review/motorcycle/spark with a fetcher, so the page stays where it is; the result or the refusal is announced
 * (status or alert) and the counts follow the server's answer. The server checks every rule again.
 */
export function SparkControl({ reviewId, remainingToday, givenToReview }: SparkControlProps) {
  const t = useT();
  const language = useLanguage();
  const fetcher = useFetcher<SparkActionData>();
  const id = useId();
  const answer = fetcher.data;
  const remaining = answer?.remainingToday ?? remainingToday;
  const given = answer?.givenToReview ?? givenToReview;
  const max = sparkChoiceMax(remaining, given);
  const [amount, setAmount] = useState(1);
  const busy = fetcher.state !== "idle";
  const blocked = given >= REVIEW_SPARK_MAX ? "allGiven" : remaining <= 0 ? "noneLeft" : null;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-subtle p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-bold">
        <Sparkles className="size-5 text-amber-500" aria-hidden="true" />
        {t("spark.control.title")}
      </h2>
      <p className="text-muted flex flex-wrap gap-x-4 text-sm">
        <span data-testid="spark-remaining">{t("spark.control.remaining", { count: remaining })}</span>
        <span data-testid="spark-given">{t("spark.control.given", { count: given })}</span>
      </p>
      {blocked ? (
        <p className="surface-muted rounded-lg px-3 py-2 text-sm" data-testid="spark-blocked">
          {t(`spark.control.${blocked}`)}
        </p>
      ) : (
        <fetcher.Form
          method="post"
          action={localizePath(language, "/review/motorcycle/spark")}
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="reviewId" value={reviewId} />
          <div className="space-y-1">
            <label htmlFor={`${id}-amount`} className="block text-sm font-semibold">
              {t("spark.control.amount")}
            </label>
            <select
              id={`${id}-amount`}
              name="amount"
              // After a gift the choice never stays above what is left.
              value={Math.min(amount, Math.max(max, 1))}
              onChange={(event) => setAmount(Number(event.currentTarget.value))}
              aria-describedby={`${id}-hint`}
              className="surface block min-h-11 rounded-lg border border-subtle px-3"
            >
              {Array.from({ length: Math.max(max, 1) }, (_, index) => index + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
          >
            <Sparkles className="size-4" aria-hidden="true" />
            {busy ? t("spark.control.giving") : t("spark.control.give")}
          </button>
        </fetcher.Form>
      )}
      <p id={`${id}-hint`} className="text-muted text-xs">
        {t("spark.control.hint")}
      </p>
      {/* Both regions are always present, so assistive technology announces what appears in them. */}
      <div role="status" aria-live="polite" className="text-sm font-semibold">
        {answer?.done && !busy ? answer.message : null}
      </div>
      <div role="alert" className="text-sm text-rose-700 dark:text-rose-300">
        {answer && !answer.done && !busy ? (
          <p data-error-code={answer.error.code}>{answer.error.message}</p>
        ) : null}
      </div>
    </section>
  );
}
