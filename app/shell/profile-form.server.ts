import { data } from "react-router";
import type { Database } from "#app/db/client.server";
import { translate, type Language } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { isDomainError } from "#app/services/errors";
import type { ProfileInput } from "#app/services/members/profile.server";
import { listFilterTable } from "#app/services/reference/filters.server";
import { formText } from "./auth.server";
import { errorStatus, fieldErrors } from "./domain.server";

/** The choices the profile form offers, in the page's language. */
export async function profileFormOptions(db: Database, language: Language) {
  const [genres, businessTypes, businessHours] = await Promise.all([
    listFilterTable(db, "motoGenre"),
    listFilterTable(db, "businessType"),
    listFilterTable(db, "businessHours"),
  ]);
  const options = (items: typeof genres) =>
    items.map((item) => ({ code: item.code, label: item.label[language] }));
  return {
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

/** Reads the profile form (first login and edit post the same fields). */
export function readProfile(form: FormData): ProfileInput {
  const all = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const lats = all("locationLat");
  const lngs = all("locationLng");
  const codes = all("locationCode");
  const kinds = all("snsKind");
  const memberType = formText(form, "memberType");
  return {
    nickname: formText(form, "nickname"),
    introduction: formText(form, "introduction"),
    birthDate: formText(form, "birthDate"),
    ridingYears: Number(formText(form, "ridingYears") || Number.NaN),
    memberType: memberType === "individual" || memberType === "business" ? memberType : "",
    locations: all("locationAddress").map((simpleAddress, index) => ({
      simpleAddress,
      lat: Number(lats[index]),
      lng: Number(lngs[index]),
      areaCode: codes[index] || undefined,
    })),
    genres: all("genre"),
    sns: all("snsUrl")
      .map((url, index) => ({ kind: kinds[index] ?? "other", url }))
      .filter((link) => link.url.trim() !== ""),
    business:
      memberType === "business"
        ? {
            name: formText(form, "businessName"),
            number: formText(form, "businessNumber").trim(),
            tel: formText(form, "businessTel").trim(),
            typeCode: formText(form, "businessType"),
            years: Number(formText(form, "businessYears") || Number.NaN),
            days: all("businessDay"),
            opensAt: formText(form, "opensAt"),
            closesAt: formText(form, "closesAt"),
            introduction: formText(form, "businessIntro"),
            ownerName: formText(form, "ownerName"),
            email: formText(form, "businessEmail"),
            settlementPhone: formText(form, "settlementPhone").trim(),
          }
        : undefined,
  };
}

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
      form.getAll(key).filter((v): v is string => typeof v === "string"),
    ]),
  );
}
