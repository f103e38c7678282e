import { data } from "react-router";
import { z } from "zod";

/** The largest id a PostgreSQL `integer` column holds. */
const MAX_ID = 2_147_483_647;

/** A record id as an address or a form writes it: plain digits, 1 … 2³¹−1 (no signs, exponents or fractions). */
const idText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_ID));

/** The id an address or a form names, or null when the text is not one (out of range, signed, a fraction, …). */
export function idOrNull(value: string | null | undefined): number | null {
  const parsed = idText.safeParse(value ?? "");
  return parsed.success ? parsed.data : null;
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
