import { data } from "react-router";
import { translate, type Language } from "#app/i18n";
import { DomainError } from "#app/services/errors";

export interface DomainFailureBody {
  error: { code: string; message: string };
  values: Record<string, string>;
}

/** The localised form of a DomainError; anything else is rethrown. */
export function domainErrorBody(language: Language, error: unknown): DomainFailureBody["error"] {
  if (!(error instanceof DomainError)) throw error;
  return { code: error.code, message: translate(language, error.messageKey, error.params) };
}

/** The answer of a failed page form: the localised message and what was typed, so nothing is lost. */
export function domainFailure(language: Language, error: unknown, values: Record<string, string> = {}) {
  const body: DomainFailureBody = { error: domainErrorBody(language, error), values };
  return data(body, { status: (error as DomainError).status });
}
