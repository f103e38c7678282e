import { data } from "react-router";
import { languageFromPath, translate } from "#app/i18n";
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

/**
 * The 404 of a page or an action: the plain one, or with the page's own words for what is missing (shown by the error
 * screen, and the status text of the answer).
 */
export function notFound(message?: string): never {
  if (message === undefined) throw data("Not Found", { status: 404 });
  throw data(message, { status: 404, statusText: message });
}

/** A page whose subject is missing (deleted, unknown): its own data, to show in its own layout, answered as 404. */
export function missingPage<Body>(body: Body) {
  return data(body, { status: 404 });
}

const NUL = "\u0000";

/** How large a page form's body may be, and what a larger one is told. */
export interface FormLimit {
  bytes: number;
  message: "error.formTooLarge" | "error.payloadTooLarge";
}

const KIB = 1024;

/**
 * The body limits of page forms (ADR 051). A form of text fields needs a few kilobytes; the limit leaves room for
 * the longest field of any (4,000 characters of Korean, percent-encoded nine bytes each). Rich text is read up to
 * 200 KB of HTML, which percent-encoding can triple.
 */
export const formLimits = {
  text: { bytes: 64 * KIB, message: "error.formTooLarge" },
  richText: { bytes: 1024 * KIB, message: "error.formTooLarge" },
} as const satisfies Record<string, FormLimit>;

/** A form that carries up to `files` files of up to `bytesEach` each, besides its text fields. */
export function uploadFormLimit(files: number, bytesEach: number): FormLimit {
  return { bytes: files * bytesEach + formLimits.text.bytes, message: "error.payloadTooLarge" };
}

/**
 * The body refused as too large, in the language of the page it was sent to. The message is the answer's data, not
 * its status text: at an address without a page of its own the status text becomes the HTTP status line, which
 * cannot carry Korean.
 */
function tooLarge(request: Request, limit: FormLimit): never {
  const message = translate(languageFromPath(new URL(request.url).pathname), limit.message);
  throw data(message, { status: 413 });
}

/**
 * The body's bytes, read as they arrive whatever the transfer encoding, and refused as soon as they pass the limit:
 * nothing beyond it is read or kept (the edge closes the connection once the refusal is sent).
 */
async function readBody(request: Request, limit: FormLimit): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (declared > limit.bytes) tooLarge(request, limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit.bytes) {
      // Not cancelled: cancelling would reset the connection before the refusal is sent.
      reader.releaseLock();
      tooLarge(request, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The body of a page form, within its limit (a text form's unless told). A larger body is a localised 413 before
 * anything is parsed; a body that cannot be read as a form (a broken multipart body, a wrong encoding) is a 400, not
 * a failed page; NUL characters, which no text field can store, are removed from every text value.
 */
export async function readForm(request: Request, limit: FormLimit = formLimits.text): Promise<FormData> {
  const body = await readBody(request, limit);
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
  } catch {
    badRequest();
  }
  const clean = new FormData();
  for (const [name, value] of form) {
    clean.append(name.replaceAll(NUL, ""), typeof value === "string" ? value.replaceAll(NUL, "") : value);
  }
  return clean;
}
