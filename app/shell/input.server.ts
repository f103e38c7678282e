import { data } from "react-router";
import { z } from "zod";

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** A record id as an address or a form writes it: plain digits, 1 … 2³¹−1 (no signs, exponents or fractions). */
export const idText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_ID));

/** The id an address or a form names, or null when the text is not one (out of range, signed, a fraction, …). */
export function idOrNull(value: string | null | undefined): number | null {
  const parsed = idText.safeParse(value ?? "");
  return parsed.success ? parsed.data : null;
}

/** An id that may be absent or blank (an optional form field). */
export const optionalIdText = z.union([z.literal("").transform(() => undefined), idText]).optional();

export function badRequest(): never {
  throw data("Bad Request", { status: 400 });
}

/**
 * A route's parameters through its schema. An address whose parameters do not fit names no page: 404, never a
 * service call with NaN or an id beyond the column's range.
 */
export function parseParams<Schema extends z.ZodType>(
  params: Record<string, string | undefined>,
  schema: Schema,
): z.output<Schema> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) notFound();
  return parsed.data;
}

export function notFound(): never {
  throw data("Not Found", { status: 404 });
}

/**
 * A query string through its schema, field by field: a value that does not fit is dropped (a stale or edited
 * link shows the page as if the field were absent), a repeated key counts as its first value. Fields that must
 * never be dropped belong in the path or a form.
 */
export function parseQuery<Shape extends z.ZodRawShape>(
  source: Request | URL,
  shape: Shape,
): { [Key in keyof Shape]: z.output<Shape[Key]> | undefined } {
  const url = source instanceof URL ? source : new URL(source.url);
  const result: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const raw = url.searchParams.get(key);
    const parsed = (schema as z.ZodType).safeParse(raw === null ? undefined : raw);
    result[key] = parsed.success ? parsed.data : undefined;
  }
  return result as { [Key in keyof Shape]: z.output<Shape[Key]> | undefined };
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
