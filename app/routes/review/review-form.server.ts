import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { languageFromPath, localizePath, translate, type Language } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { getRuntime } from "#app/platform/runtime.server";
import type { Actor } from "#app/services/actor";
import { submitOnce } from "#app/services/content/submit-once.server";
import { DomainError, isDomainError } from "#app/services/errors";
import {
  readReviewImages,
  signReviewImage,
  storeReviewPhotos,
  type ReviewImage,
} from "#app/services/reviews/images.server";
import { ratingField, ratingItems, REVIEW_IMAGES_MAX, textField } from "#app/services/reviews/items";
import { reviewedMotorcycle, type ReviewedMotorcycle } from "#app/services/reviews/list.server";
import {
  createReview,
  getReviewForEdit,
  updateReview,
  type ReviewInput,
} from "#app/services/reviews/reviews.server";
import { reviewSchema, reviewStepForm, type ReviewFormValue } from "#app/services/reviews/review.schema";
import { readFiles } from "#app/shell/profile-form.server";
import { requireActor } from "#app/shell/auth.server";
import { domainAnswer, domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission } from "#app/shell/form.server";
import { idOrNull, notFound, readForm, uploadFormLimit } from "#app/shell/input.server";
import { imageRules } from "#app/services/uploads/images.server";
import type {
  ReviewFormData,
  ReviewFormStep,
  ReviewFormValues,
  ReviewPreviewStep,
} from "#app/components/review/ReviewForm";

/**
 * The review form's three steps on the server: the form (/review/motorcycle/write, new with `?motorcycleId=` or
 * `?id=` to edit), its preview (/review/motorcycle/write/confirm, which stores the chosen photos and shows the review
 * read-only, everything carried in hidden fields) and publishing from the preview. "Edit" on the preview posts the
 * same hidden fields back to the form, so nothing typed or uploaded is lost on the way.
 */

export const detailPath = (id: number) => `/review/motorcycle/detail?id=${id}`;

const secret = () => getRuntime().config.sessionSecret;

const signed = (actor: Actor, image: ReviewImage) => ({
  ref: signReviewImage(secret(), actor.id, image),
  url: image.url,
  thumbnailUrl: image.thumbnailUrl,
});

/** A refusal in the page's language; the moment a review locked is written as the reader reads dates. */
function localised(language: Language, error: unknown): unknown {
  if (isDomainError(error, "review") && error.code === "locked") {
    const lockedAt = error.params?.lockedAt;
    if (typeof lockedAt === "string")
      return new DomainError("review", "locked", {
        params: { lockedAt: formatDateTime(language, lockedAt) },
      });
  }
  return error;
}

function refusal(language: Language, error: unknown): never {
  const { status, error: body } = domainAnswer(language, localised(language, error));
  throw data(body.message, { status, statusText: body.message });
}

const emptyValues = (motorcycleId: number): ReviewFormValues => ({
  motorcycleId: String(motorcycleId),
  ratings: {},
  texts: {},
  disadvantage: "",
  tags: [],
  ownerMeeting: false,
  images: [],
});

/** The write page's data: a new review of `?motorcycleId=`, or `?id=` to edit one (its author, within 24 hours). */
export async function loadReviewForm(request: Request): Promise<ReviewFormData> {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, clock } = getRuntime();
  const rawId = url.searchParams.get("id");
  if (rawId !== null && rawId !== "") {
    const id = idOrNull(rawId);
    if (id === null) notFound(translate(language, "review.error.not_found"));
    let review: Awaited<ReturnType<typeof getReviewForEdit>>;
    try {
      review = await getReviewForEdit(db, clock, actor, id);
    } catch (error) {
      refusal(language, error);
    }
    const motorcycle = await reviewedMotorcycle(db, review.motorcycleId);
    if (!motorcycle) notFound(translate(language, "review.error.motorcycle_required"));
    return {
      mode: "edit",
      reviewId: id,
      motorcycle,
      token: randomUUID(),
      editableUntil: review.editableUntil.toISOString(),
      values: {
        motorcycleId: String(review.motorcycleId),
        ratings: Object.fromEntries(ratingItems.map((item) => [item, String(review.ratings[item])])),
        texts: { ...review.texts },
        disadvantage: review.disadvantage,
        tags: [...review.tags],
        ownerMeeting: review.ownerMeeting,
        images: review.images.map((image) => signed(actor, image)),
      },
    };
  }
  const motorcycleId = idOrNull(url.searchParams.get("motorcycleId"));
  const motorcycle = motorcycleId === null ? undefined : await reviewedMotorcycle(db, motorcycleId);
  // The model year is required: without one (or with one the catalogue does not have) the member picks it first.
  if (!motorcycle) throw redirect(localizePath(language, "/review/motorcycle/write/search"));
  return {
    mode: "create",
    reviewId: null,
    motorcycle,
    token: randomUUID(),
    editableUntil: null,
    values: emptyValues(motorcycle.id),
  };
}

/** What the form posted, as the form shows it again; image references the server did not sign are left out. */
function postedValues(actor: Actor, form: FormData): ReviewFormValues {
  const payload = parseForm(form).payload;
  const texts = (name: string) => [payload[name]].flat().filter((value) => typeof value === "string");
  const text = (name: string) => texts(name)[0] ?? "";
  const images = texts("image").flatMap((ref) => {
    try {
      const [image] = readReviewImages(secret(), actor.id, [ref]);
      return image ? [{ ref, url: image.url, thumbnailUrl: image.thumbnailUrl }] : [];
    } catch {
      return [];
    }
  });
  return {
    motorcycleId: text("motorcycleId"),
    ratings: Object.fromEntries(ratingItems.map((item) => [item, text(ratingField(item))])),
    texts: Object.fromEntries(ratingItems.map((item) => [item, text(textField(item))])),
    disadvantage: text("disadvantage"),
    tags: texts("tags"),
    ownerMeeting: text("ownerMeeting") === "on",
    images: images.slice(0, REVIEW_IMAGES_MAX),
  };
}

/** The form's mode and ids as the hidden fields carry them through the steps. */
function stepOf(form: FormData, token: string) {
  const { id: reviewId } = stepFieldsOf(form);
  return { mode: reviewId === null ? ("create" as const) : ("edit" as const), reviewId, token };
}

/** "Edit" on the preview: the form again, with everything that was typed and uploaded. */
export async function reviewFormBack(request: Request): Promise<ReviewFormStep> {
  const actor = await requireActor(request);
  const form = await readForm(request);
  return { step: "form", values: postedValues(actor, form) };
}

/** The refused form, on the confirm page: the schema's messages (or the service's), and what was typed. */
function refusedForm(
  form: FormData,
  values: ReviewFormValues,
  motorcycle: ReviewedMotorcycle | undefined,
  init: { status: number },
  extra: Pick<ReviewFormStep, "lastResult" | "error">,
) {
  const typed = parseForm(form).payload.token;
  const token = typeof typed === "string" && typed !== "" ? typed : randomUUID();
  return data(
    { step: "form" as const, ...stepOf(form, token), motorcycle: motorcycle ?? null, values, ...extra },
    init,
  );
}

/** The review the form describes, from fields the schema accepted and images the server signed. */
function inputOf(actor: Actor, value: ReviewFormValue): ReviewInput {
  return {
    motorcycleId: value.motorcycleId,
    ratings: Object.fromEntries(
      ratingItems.map((item) => [item, value[ratingField(item)]]),
    ) as ReviewInput["ratings"],
    texts: Object.fromEntries(
      ratingItems.map((item) => [item, value[textField(item)]]),
    ) as ReviewInput["texts"],
    disadvantage: value.disadvantage,
    images: readReviewImages(secret(), actor.id, value.image),
    tags: value.tags,
    ownerMeeting: value.ownerMeeting,
  };
}

const parseForm = (form: FormData) => parseSubmission(form, reviewSchema);

/** The step the form asks for, and the ids it carries through the steps. */
function stepFieldsOf(form: FormData) {
  const step = parseSubmission(form, reviewStepForm);
  return step.status === "success"
    ? step.value
    : { intent: "preview" as const, motorcycleId: null, id: null };
}

/** The preview's body: the photos chosen (up to the review's four, 10 MB each), besides the text fields. */
const REVIEW_FORM_LIMIT = uploadFormLimit(REVIEW_IMAGES_MAX, imageRules.postImage.maxBytes);

/**
 * The confirm page's forms. `preview` (from the write form): stores the chosen photos, checks everything with the
 * form's schema and answers the read-only preview; `publish`: checks again and saves the review once (a double
 * submit publishes one), then goes to its page. A refusal shows the form again on this page with its messages.
 */
export async function reviewConfirmAction(request: Request) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock, storage } = getRuntime();
  const form = await readForm(request, REVIEW_FORM_LIMIT);
  const { intent, motorcycleId, id: editedId } = stepFieldsOf(form);
  const motorcycle = motorcycleId === null ? undefined : await reviewedMotorcycle(db, motorcycleId);

  // Editing is its author's, within 24 hours: asked before anything else, photos included.
  if (editedId !== null) {
    try {
      await getReviewForEdit(db, clock, actor, editedId);
    } catch (error) {
      const answer = domainFailure(language, localised(language, error));
      return refusedForm(
        form,
        postedValues(actor, form),
        motorcycle,
        { status: answer.init?.status ?? 400 },
        {
          error: answer.data.error,
        },
      );
    }
  }

  // The chosen photos are stored first, so that a refusal of another field keeps them (as signed references).
  if (intent === "preview") {
    const photos = await readFiles(form, "photos");
    form.delete("photos");
    const kept = postedValues(actor, form).images;
    try {
      if (photos.length + kept.length > REVIEW_IMAGES_MAX) throw new DomainError("review", "images_max");
      const stored = await storeReviewPhotos({ db, storage, clock }, actor.id, photos);
      for (const image of stored) form.append("image", signed(actor, image).ref);
    } catch (error) {
      const answer = domainAnswer(language, error);
      return refusedForm(
        form,
        postedValues(actor, form),
        motorcycle,
        { status: answer.status },
        {
          error: answer.error,
        },
      );
    }
  }

  const values = postedValues(actor, form);
  const submission = parseForm(form);
  if (submission.status !== "success")
    return refusedForm(
      form,
      values,
      motorcycle,
      { status: 400 },
      { lastResult: submission.reply({ hideFields: ["photos"] }) },
    );

  const step = stepOf(form, submission.value.token);
  try {
    const input = inputOf(actor, submission.value);
    if (!motorcycle) throw new DomainError("review", "motorcycle_required");
    if (intent === "preview") {
      const preview: ReviewPreviewStep = { step: "preview", ...step, motorcycle, values };
      return preview;
    }
    if (step.reviewId !== null) {
      await updateReview(db, clock, actor, step.reviewId, input);
      return redirectWithFlash(localizePath(language, detailPath(step.reviewId)), {
        key: "review.flash.saved",
      });
    }
    const { id } = await submitOnce(db, clock, { memberId: actor.id, token: step.token }, (uow) =>
      createReview(uow, clock, actor, input),
    );
    return redirectWithFlash(localizePath(language, detailPath(id)), { key: "review.flash.published" });
  } catch (error) {
    const answer = domainFailure(language, localised(language, error));
    return refusedForm(
      form,
      values,
      motorcycle,
      { status: answer.init?.status ?? 400 },
      {
        error: answer.data.error,
      },
    );
  }
}
