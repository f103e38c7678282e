/** Messages that carry verification codes and links, and the adapters that deliver them. */

interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

interface SmsMessage {
  /** A Korean mobile number: 11 digits, no hyphens (for example 01012345678). */
  to: string;
  text: string;
}

export interface EmailSender {
  /** Which adapter this is ("outbox", "smtp"), for logs and the development pages. */
  readonly kind: string;
  /** Resolves once the message was handed over; rejects with a DeliveryError otherwise. */
  send(message: EmailMessage): Promise<void>;
}

export interface SmsSender {
  /** Which adapter this is ("outbox", "http"), for logs and the development pages. */
  readonly kind: string;
  /** Resolves once the provider accepted the message; rejects with a DeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/** A message could not be handed over. The message is safe to log; it never carries credentials. */
export class DeliveryError extends Error {
  readonly code = "delivery_failed" as const;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DeliveryError";
  }
}

const mobileNumber = /^01\d{9}$/;

/** Throws a DeliveryError unless `to` is a Korean mobile number in the 11-digit form without hyphens. */
export function assertMobileNumber(to: string): void {
  if (!mobileNumber.test(to)) {
    throw new DeliveryError("SMS recipient must be an 11-digit Korean mobile number without hyphens");
  }
}
