import { data } from "react-router";
import type { Database } from "#app/db/client.server";
import { isMessageKey, translate, type Language } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { seoulDay } from "#app/platform/seoul-calendar";
import { isDomainError } from "#app/services/errors";
import { profileSchema, type ProfileFormState } from "#app/services/members/profile.schema";
import { listFilterTable } from "#app/services/reference/filters.server";
import { errorStatus, fieldErrors } from "./domain.server";
import { echoText, parseSubmission } from "./form.server";
import { uploadFormLimit } from "./input.server";
import { imageLimits } from "#app/services/uploads/uploads.server";
import { imageRules } from "#app/services/uploads/images.server";

/** The choices the profile form offers, in the page's language, and the day its rules count on. */
export async function profileFormOptions(db: Database, language: Language) {
  const [genres, businessTypes, businessHours] = await Promise.all([
    listFilterTable(db, "motoGenre"),
    listFilterTable(db, "businessType"),
    listFilterTable(db, "businessHours"),
  ]);
  const options = (items: typeof genres) =>
    items.map((item) => ({ code: item.code, label: item.label[language] }));
  return {
    // The birth-date rule counts age on the server's Seoul date; the browser checks with the same one.
    today: seoulDay(getRuntime().clock.now()),
    genres: options(genres),
    businessTypes: options(businessTypes),
    businessHours: options(businessHours),
  };
}

/** A refused save: every field's reason in the page's language, and what was typed. */
export function profileFailure(language: Language, error: unknown, values: Record<string, string[]>) {
  if (!isDomainError(error, "profile")) {
    getRuntime().logger.error({ err: error }, "profile save failed");
    return data(
      {
        intent: "save",
        problems: { form: translate(language, "profileForm.saveFailed") } as Record<string, string>,
        values,
      },
      { status: 500 },
    );
  }
  return data(
    { intent: "save", problems: fieldErrors(language, error), values },
    { status: errorStatus(error) },
  );
}

/**
 * The profile form (first login and edit post the same fields) parsed by its schema, the one the browser checked
 * before sending: the service's input, or the 400 answer with each field's message and what was typed.
 */
export function parseProfile(
  form: FormData,
  language: Language,
  values: Record<string, string[]>,
  state: Pick<ProfileFormState, "consentsRequired"> = {},
) {
  const submission = parseSubmission(form, profileSchema(seoulDay(getRuntime().clock.now()), state));
  if (submission.status === "success") return { input: submission.value, refusal: undefined };
  const problems = Object.fromEntries(
    Object.entries(submission.error ?? {}).flatMap(([field, messages]) => {
      const [message] = messages ?? [];
      return message ? [[field, isMessageKey(message) ? translate(language, message) : message]] : [];
    }),
  );
  return { input: undefined, refusal: data({ intent: "save", problems, values }, { status: 400 }) };
}

/** The profile form's body: its avatars and business images (5 MB each at most), besides the text fields. */
export const PROFILE_FORM_LIMIT = uploadFormLimit(
  imageLimits.avatar + imageLimits.business,
  Math.max(imageRules.avatar.maxBytes, imageRules.businessImage.maxBytes),
);

export async function readFiles(form: FormData, name: string) {
  const files = form
    .getAll(name)
    .filter((value): value is File => typeof value !== "string" && value.size > 0);
  return Promise.all(
    files.map(async (file) => ({ body: Buffer.from(await file.arrayBuffer()), declaredType: file.type })),
  );
}

/** What was typed, to put back into the form after a refusal (files cannot be put back). */
export function formValues(form: FormData): Record<string, string[]> {
  return Object.fromEntries(
    [...new Set(form.keys())].map((key) => [
      key,
      form
        .getAll(key)
        .filter((v): v is string => typeof v === "string")
        .map(echoText),
    ]),
  );
}
