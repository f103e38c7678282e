import type { MessageKey, MessageParams } from "#app/i18n";

/**
 * A rule of a community (or later) service was broken. `messageKey` names the localised text the member sees;
 * `status` is the HTTP status a page action or API answers with.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly status: number = 400,
    readonly params?: MessageParams,
  ) {
    super(code);
    this.name = "DomainError";
  }
}
