import { assertMobileNumber, DeliveryError, type SmsSender } from "./types";

/**
 * The SMS provider adapter, for a generic HTTP protocol:
 *
 *     POST {url}
 *     Authorization: Bearer {apiKey}
 *     Content-Type: application/json
 *     { "from": "0212345678", "to": "01012345678", "text": "…", "type": "SMS" | "LMS" }
 *
 * answered with a 2xx and `{ "status": "accepted", "messageId": "…" }` when the provider took the message, or with
 * an `errorMessage` field when it did not.
 */

export interface HttpSmsSenderOptions {
  url: string;
  apiKey: string;
  /** The registered sender number. */
  sender: string;
  fetch?: typeof globalThis.fetch;
  /** How long to wait for the provider's answer. */
  timeoutMs?: number;
}

/** Longest text, in EUC-KR bytes, that goes out as a short message; longer texts are sent as LMS. */
const SMS_MAX_BYTES = 90;

/** The length of `text` in EUC-KR terms: ASCII characters count 1 byte, Hangul and everything else 2. */
export function smsByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) bytes += char.codePointAt(0)! < 0x80 ? 1 : 2;
  return bytes;
}

export function smsType(text: string): "SMS" | "LMS" {
  return smsByteLength(text) > SMS_MAX_BYTES ? "LMS" : "SMS";
}

export function createHttpSmsSender({
  url,
  apiKey,
  sender,
  fetch = globalThis.fetch,
  timeoutMs = 10_000,
}: HttpSmsSenderOptions): SmsSender {
  const fail = (reason: string, cause?: unknown): DeliveryError =>
    new DeliveryError(`SMS delivery failed: ${redact(reason, apiKey)}`, cause === undefined ? {} : { cause });

  return {
    kind: "http",
    async send(message) {
      assertMobileNumber(message.to);
      let response: Response;
      let body: string;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            from: sender,
            to: message.to,
            text: message.text,
            type: smsType(message.text),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.text();
      } catch (error) {
        const timedOut = (error as { name?: unknown } | null)?.name === "TimeoutError";
        const reason = timedOut
          ? `the provider did not answer within ${timeoutMs} ms`
          : `the provider could not be reached (${error instanceof Error ? error.message : String(error)})`;
        throw fail(reason, error);
      }

      const answer = parseAnswer(body);
      if (response.ok && answer?.status === "accepted") return;
      const detail = typeof answer?.errorMessage === "string" ? `: ${answer.errorMessage}` : "";
      const status = typeof answer?.status === "string" ? `, status ${answer.status}` : "";
      throw fail(`the provider answered HTTP ${response.status}${status}${detail}`);
    },
  };
}

function parseAnswer(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function redact(text: string, secret: string): string {
  return secret === "" ? text : text.split(secret).join("***");
}
