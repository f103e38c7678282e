import { data } from "react-router";
import { countText, idText, pageText } from "#app/services/form-fields";

/** The id an address or a form names, or null when the text is not one (out of range, signed, a fraction, …). */
export function idOrNull(value: string | null | undefined): number | null {
  const parsed = idText.safeParse(value ?? "");
  return parsed.success ? parsed.data : null;
}

/** A count a form states (a confirmation's number of items, a display order), or null when the text is not one. */
export function countOrNull(value: string | null | undefined): number | null {
  const parsed = countText.safeParse(value ?? "");
  return parsed.success ? parsed.data : null;
}

/** The page a list's address asks for; the first page when it names none or something that is not a page. */
export function pageOf(url: URL): number {
  const parsed = pageText.safeParse(url.searchParams.get("page") ?? "");
  return parsed.success ? parsed.data : 1;
}

function badRequest(): never {
  throw data("Bad Request", { status: 400 });
}

export function notFound(): never {
  throw data("Not Found", { status: 404 });
}

const NUL = "\u0000";

/**
 * The body of a page form. A body that cannot be read as a form (a broken multipart body, a wrong encoding) is a
 * 400, not a failed page; NUL characters, which no text field can store, are removed from every text value.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    badRequest();
  }
  const clean = new FormData();
  for (const [name, value] of form) {
    clean.append(name.replaceAll(NUL, ""), typeof value === "string" ? value.replaceAll(NUL, "") : value);
  }
  return clean;
}
