import { data } from "react-router";
import type { Route } from "./+types/spark";
import { languageFromPath, localizePath, translate } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { DomainError, isDomainError } from "#app/services/errors";
import { sparkGiftForm } from "#app/services/sparks/spark.schema";
import { giveSparks, reviewPath, sparkState } from "#app/services/sparks/sparks.server";
import { requireActor } from "#app/shell/auth.server";
import { answerOf, domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { notFound, readForm } from "#app/shell/input.server";

/** What the spark control reads back: the gift and the giver's counts after it, or the refusal with the counts now. */
export type SparkActionData =
  | { done: true; message: string; amount: number; remainingToday: number; givenToReview: number }
  | {
      done?: undefined;
      error: { code: string; message: string };
      remainingToday: number;
      givenToReview: number;
    };

/** Nothing to show here: the review page's spark control posts to this address. */
export function loader(): never {
  notFound();
}

/**
 * /review/motorcycle/spark: gives sparks to a review (`reviewId`, `amount`), for signed-in members only (a visitor
 * is sent to sign in, an administrator without two-step verification to turn it on). A refusal answers with its
 * message and the giver's counts as they are now, so the control shows what is still possible. Posted as a page
 * (without JavaScript) it goes back to the review with the outcome as a message.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const submission = parseSubmission(await readForm(request), sparkGiftForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { reviewId, amount } = submission.value;
  const page = request.headers.get("Sec-Fetch-Mode") === "navigate" && reviewId !== null;
  try {
    if (reviewId === null) throw new DomainError("spark", "review_not_found");
    if (amount === null) throw new DomainError("spark", "amount_invalid");
    const gift = await giveSparks(db, clock, actor, reviewId, amount);
    if (page)
      return redirectWithFlash(localizePath(language, reviewPath(reviewId)), {
        key: "spark.control.done",
        params: { count: gift.amount },
      });
    return {
      done: true as const,
      message: translate(language, "spark.control.done", { count: gift.amount }),
      amount: gift.amount,
      remainingToday: gift.remainingToday,
      givenToReview: gift.givenToReview,
    } satisfies SparkActionData;
  } catch (error) {
    if (page && isDomainError(error))
      return redirectWithFlash(localizePath(language, reviewPath(reviewId)), {
        key: answerOf(error.area, error.code).messageKey,
        params: error.params,
        type: "error",
      });
    const failure = domainFailure(language, error);
    const state = await sparkState(db, clock, actor.id, reviewId ?? undefined);
    return data({ error: failure.data.error, ...state } satisfies SparkActionData, failure.init ?? undefined);
  }
}
