import { data } from "react-router";
import { translate, type Language } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import type { AreaErrors, ErrorAnswer } from "#app/services/error-model";
import {
  errorTable,
  isDomainError,
  type DomainError,
  type ErrorArea,
  type ErrorCodes,
} from "#app/services/errors";
import { echoText } from "./form.server";

/** A refusal as pages and the JSON API send it: the code and its message in the reader's language. */
export interface ErrorBody {
  code: string;
  message: string;
  /** Why a password was refused, one message per reason. */
  reasons?: string[];
}

interface DomainFailureBody {
  error: ErrorBody;
  values: Record<string, string>;
}

/** The one table, typed so that an area's part takes any of that area's codes. */
const answers: { readonly [A in ErrorArea]: AreaErrors<ErrorCodes[A]> } = errorTable;

/** The status and message of one code of an area, from the one table. */
export function answerOf<A extends ErrorArea>(area: A, code: ErrorCodes[A]): ErrorAnswer {
  return answers[area][code];
}

/** The HTTP status a refusal answers with. */
export function errorStatus(error: DomainError): number {
  return answerOf(error.area, error.code).status;
}

/** The localised form of a DomainError; anything else is rethrown. */
function domainErrorBody(language: Language, error: unknown): ErrorBody {
  if (!isDomainError(error)) throw error;
  const until = isDomainError(error, "auth") ? error.details.until : undefined;
  const params = until ? { ...error.params, until: formatDateTime(language, until) } : error.params;
  const body: ErrorBody = {
    code: error.code,
    message: translate(language, answerOf(error.area, error.code).messageKey, params),
  };
  if (isDomainError(error, "auth") && error.details.reasons) {
    body.reasons = error.details.reasons.map((reason) => translate(language, `auth.weak.${reason}`));
  }
  return body;
}

/** A refusal's whole answer (status, localised body, headers); anything that is not a refusal is rethrown. */
export function domainAnswer(language: Language, error: unknown) {
  if (!isDomainError(error)) throw error;
  return {
    refusal: error,
    status: errorStatus(error),
    error: domainErrorBody(language, error),
    headers: errorHeaders(error),
  };
}

/** Headers a refusal answers with: when to try again, for the refusals that say so. */
function errorHeaders(error: DomainError): Headers {
  const headers = new Headers();
  const retryAfterMs =
    isDomainError(error, "auth") || isDomainError(error, "pace") ? error.details.retryAfterMs : undefined;
  if (retryAfterMs) headers.set("Retry-After", String(Math.ceil(retryAfterMs / 1000)));
  return headers;
}

/** Each refused field's message, for forms that show them beside the fields (the profile form). */
export function fieldErrors(language: Language, error: DomainError<"profile">): Record<string, string> {
  return Object.fromEntries(
    Object.entries(error.details.fields ?? {}).map(([field, code]) => [
      field,
      translate(language, answerOf("profile", code).messageKey),
    ]),
  );
}

/**
 * The answer of a failed page form: the status and localised message of the one table, and what was typed so that
 * nothing is lost (each text within the echo's bound). Anything that is not a refusal is rethrown.
 */
export function domainFailure(language: Language, error: unknown, values: Record<string, string> = {}) {
  if (!isDomainError(error)) throw error;
  const kept = Object.fromEntries(Object.entries(values).map(([name, text]) => [name, echoText(text)]));
  const body: DomainFailureBody = { error: domainErrorBody(language, error), values: kept };
  return data(body, { status: errorStatus(error), headers: errorHeaders(error) });
}
