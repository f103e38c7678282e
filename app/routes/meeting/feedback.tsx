import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Route } from "./+types/feedback";
import { FeedbackForm, SkipFeedbackForm } from "#app/components/conduct/FeedbackForm";
import { Notice } from "#app/components/ui/fields";
import { Time } from "#app/components/ui/Time";
import { languageFromPath, localizePath, type Language } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import {
  FEEDBACK_MEETING_MIN_MINUTES,
  FEEDBACK_PAIR_DAYS,
  FEEDBACK_PHOTOS_MAX,
  FEEDBACK_REWARDS_PER_DAY,
} from "#app/services/meetings/conduct/conduct-rules";
import { feedbackPageSchema } from "#app/services/meetings/conduct/conduct.schema";
import { feedbackForm, giveFeedback, skipFeedback } from "#app/services/meetings/conduct/feedback.server";
import { storeImages, type StoredImage } from "#app/services/uploads/uploads.server";
import { requireActor } from "#app/shell/auth.server";
import { domainAnswer, domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, notFound, readForm, uploadFormLimit } from "#app/shell/input.server";
import { imageRules } from "#app/services/uploads/images.server";
import type { RouteHandle } from "#app/shell/meta";
import { readFiles } from "#app/shell/profile-form.server";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "conduct.feedback.title" };

/** The numbers the messages of a withheld reward name. */
const withheldParams = (kind: keyof typeof FEEDBACK_MEETING_MIN_MINUTES) => ({
  minutes: FEEDBACK_MEETING_MIN_MINUTES[kind],
  days: FEEDBACK_PAIR_DAYS,
  count: FEEDBACK_REWARDS_PER_DAY,
});

/** The meeting `?meeting=` names, or 404. */
function meetingIdOf(request: Request): number {
  const id = idOrNull(new URL(request.url).searchParams.get("meeting"));
  if (id === null) notFound();
  return id;
}

/** A refusal of the page itself (not a side, no such meeting, not ended yet) as its status and message. */
function refusal(language: Language, error: unknown): never {
  const { status, error: body } = domainAnswer(language, error);
  throw data(body.message, { status, statusText: body.message });
}

/** /meeting/feedback?meeting={id}: a side of an ended meeting says how it went, or skips. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const meetingId = meetingIdOf(request);
  const { db } = getRuntime();
  try {
    const { meeting, answered } = await feedbackForm(db, actor, meetingId);
    return {
      meeting: {
        id: meeting.id,
        kind: meeting.kind,
        endedAt: meeting.endedAt?.toISOString() ?? null,
        otherNickname: meeting.other.nickname,
      },
      answered,
    };
  } catch (error) {
    refusal(language, error);
  }
}

/**
 * `intent=skip` skips; otherwise the form is checked by its schema, the member's right to answer is checked before
 * any photo is stored, the photos are stored (re-encoded, metadata removed), and the feedback given. If the service
 * refuses, the stored photos are removed again. A refusal answers with what was typed.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const meetingId = meetingIdOf(request);
  const { db, clock, storage } = getRuntime();
  const form = await readForm(request, uploadFormLimit(FEEDBACK_PHOTOS_MAX, imageRules.postImage.maxBytes));
  const done = localizePath(language, "/my/feedback");

  const { refusal, submission } = parseIntentSubmission(form, feedbackPageSchema, language);
  if (refusal) return refusal;
  if (submission.status !== "success")
    return data({ lastResult: submission.reply({ hideFields: ["photos"] }) }, { status: 400 });
  const refused = (error: unknown) => withLastResult(domainFailure(language, error), submission, ["photos"]);
  if (submission.value.intent === "skip") {
    try {
      await skipFeedback(db, clock, actor, meetingId);
    } catch (error) {
      return domainFailure(language, error);
    }
    return redirectWithFlash(done, { key: "conduct.flash.feedbackSkipped" });
  }

  let stored: StoredImage[] = [];
  try {
    const { meeting } = await feedbackForm(db, actor, meetingId);
    const photos = await readFiles(form, "photos");
    if (photos.length > FEEDBACK_PHOTOS_MAX) throw new DomainError("conduct", "feedback_photos_max");
    stored = await storeImages(storage, photos, { kind: "post", max: FEEDBACK_PHOTOS_MAX, clock });
    const { rewardPoints, rewardWithheld } = await giveFeedback(db, clock, actor, meetingId, {
      ...submission.value,
      photos: stored.map(({ url, width, height }) => ({ url, width, height })),
    });
    return redirectWithFlash(
      done,
      rewardWithheld
        ? { key: `conduct.flash.rewardWithheld.${rewardWithheld}`, params: withheldParams(meeting.kind) }
        : { key: "conduct.flash.feedbackRewarded", params: { points: rewardPoints } },
    );
  } catch (error) {
    await Promise.allSettled(stored.map((image) => storage.delete(image.key)));
    return refused(error);
  }
}

type ActionResult = { lastResult?: SubmissionResult<string[]>; error?: { code: string; message: string } };

export default function MeetingFeedback({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { meeting, answered } = loaderData;
  const result = actionData as ActionResult | undefined;
  const nickname = meeting.otherNickname ?? t("conduct.received.formerMember");
  return (
    <section className="mx-auto w-full max-w-md space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("conduct.feedback.title")}</h1>
        <p>{t("conduct.feedback.intro", { nickname, kind: t(`conduct.kind.${meeting.kind}`) })}</p>
        {meeting.endedAt ? (
          <p className="text-muted text-xs">
            {t("conduct.feedback.endedAt")}: <Time at={meeting.endedAt} format="dateTime" />
          </p>
        ) : null}
      </header>
      {answered ? (
        <div className="space-y-3">
          <Notice>
            {answered === "skipped" ? t("conduct.feedback.answeredSkipped") : t("conduct.feedback.answered")}
          </Notice>
          <LocalLink to="/my/feedback" className="text-link underline">
            {t("conduct.received.title")}
          </LocalLink>
        </div>
      ) : (
        <>
          <FeedbackForm lastResult={result?.lastResult} error={result?.error} />
          <SkipFeedbackForm />
        </>
      )}
    </section>
  );
}
