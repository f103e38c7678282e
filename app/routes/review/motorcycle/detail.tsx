import type { Route } from "./+types/detail";
import { ReviewDetailView } from "#app/components/review/ReviewDetailView";
import { ReviewNav } from "#app/components/review/ReviewBits";
import { languageFromPath, localizePath, translate } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { getViewer } from "#app/platform/viewer.server";
import { actorOf } from "#app/services/actor";
import { getReviewDetail } from "#app/services/reviews/list.server";
import { sparkState } from "#app/services/sparks/sparks.server";
import { SparkControl } from "#app/components/spark/SparkControl";
import { reviewPageSchema } from "#app/services/reviews/review.schema";
import { deleteReview, setOwnerMeeting } from "#app/services/reviews/reviews.server";
import { RunningCostsPanel } from "#app/components/serviceLog/RunningCosts";
import { reviewRunningCosts, setRunningCosts } from "#app/services/service-log/running-costs.server";
import { DomainError } from "#app/services/errors";
import { actingFrom, requireActor } from "#app/shell/auth.server";
import { parseIntentSubmission, refusedForm } from "#app/shell/form.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, readForm, missingPage } from "#app/shell/input.server";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { detailPath } from "../review-form.server";

const guards: GuardName[] = ["expired-review"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];

/**
 * /review/motorcycle/detail?id=: open to everybody. A deleted or unknown review answers 404 with the deleted-review
 * state (the expired-review guard has already sent addresses without a usable id to the list).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock } = getRuntime();
  const viewer = await getViewer(request);
  const reader = actorOf(viewer);
  const id = idOrNull(url.searchParams.get("id"));
  const now = clock.now();
  const review = id === null ? null : await getReviewDetail(db, reader, id, now);
  if (!review)
    return missingPage({
      state: "missing" as const,
      pageTitle: translate(language, "review.detail.missingTitle"),
    });
  // A signed-in reader other than the author may give sparks; a visitor is offered sign-in.
  const spark =
    viewer && viewer.id !== review.author.id
      ? { kind: "give" as const, ...(await sparkState(db, clock, viewer.id, review.id)) }
      : viewer
        ? { kind: "own" as const }
        : { kind: "visitor" as const };
  return {
    state: "found" as const,
    review,
    spark,
    runningCosts: await reviewRunningCosts(db, review.id, viewer?.id ?? null),
    now: now.toISOString(),
    pageTitle: `${language === "ko" ? review.motorcycle.nameKo : review.motorcycle.nameEn} ${review.motorcycle.year} · ${translate(language, "review.detail.title")}`,
  };
}

/** The author's owner-meeting switch and deletion (the author or an acting administrator). */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock } = getRuntime();
  const { refusal, submission } = parseIntentSubmission(await readForm(request), reviewPageSchema, language);
  if (refusal) return refusal;
  if (submission.status !== "success") return refusedForm(language, submission);
  const input = submission.value;
  const id = idOrNull(url.searchParams.get("id"));
  try {
    if (id === null) throw new DomainError("review", "not_found");
    switch (input.intent) {
      case "delete":
        await deleteReview(db, clock, actor, id, actingFrom(request));
        return redirectWithFlash(localizePath(language, "/review/motorcycle/list"), {
          key: "review.flash.deleted",
        });
      case "ownerMeeting": {
        const enabled = input.ownerMeeting;
        await setOwnerMeeting(db, clock, actor, id, enabled);
        return redirectWithFlash(localizePath(language, detailPath(id)), {
          key: enabled ? "review.flash.meetingOn" : "review.flash.meetingOff",
        });
      }
      case "runningCosts":
        await setRunningCosts(db, clock, actor, id, input.runningCosts);
        return redirectWithFlash(localizePath(language, detailPath(id)), {
          key: input.runningCosts ? "serviceLog.flash.costsShown" : "serviceLog.flash.costsHidden",
        });
    }
  } catch (error) {
    return domainFailure(language, error);
  }
}

export default function ReviewDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.state === "missing")
    return (
      <section className="mx-auto max-w-xl space-y-4 py-10 text-center" data-review-state="missing">
        <h1 className="text-2xl font-extrabold">{t("review.detail.missingTitle")}</h1>
        <p className="text-muted">{t("review.detail.missing")}</p>
        <LocalLink
          to="/review/motorcycle/list"
          className="inline-flex min-h-11 items-center rounded-full bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
        >
          {t("review.detail.backToList")}
        </LocalLink>
      </section>
    );
  return (
    <div className="space-y-4">
      <ReviewNav />
      <ReviewDetailView
        review={loaderData.review}
        now={loaderData.now}
        error={actionData?.error}
        sparkControl={
          loaderData.spark.kind === "give" ? (
            <SparkControl
              reviewId={loaderData.review.id}
              remainingToday={loaderData.spark.remainingToday}
              givenToReview={loaderData.spark.givenToReview}
            />
          ) : loaderData.spark.kind === "visitor" ? (
            <LocalLink
              to={`/login?redirectTo=${encodeURIComponent(`/review/motorcycle/detail?id=${loaderData.review.id}`)}`}
              className="text-link text-sm underline"
            >
              {t("review.detail.signInToSpark")}
            </LocalLink>
          ) : null
        }
      />
      <RunningCostsPanel data={loaderData.runningCosts} />
    </div>
  );
}
