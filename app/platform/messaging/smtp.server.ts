import nodemailer from "nodemailer";
import { DeliveryError, type EmailSender } from "./types";

export interface SmtpEmailSenderOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465` (TLS from the start). */
  url: string;
  /** The From header and envelope sender, for example `"모토메이트 <no-reply@example.com>"`. */
  from: string;
}

export interface SmtpEmailSender extends EmailSender {
  readonly kind: "smtp";
  /** Closes the transport; messages still being sent may fail. */
  close(): void;
}

/** Sends e-mail through an SMTP server (a provider's relay or the organisation's own). */
export function createSmtpEmailSender({ url, from }: SmtpEmailSenderOptions): SmtpEmailSender {
  // Query parameters of the url override these; without them a dead server would hold a request for minutes.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const password = passwordOf(url);

  return {
    kind: "smtp",
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new DeliveryError(`E-mail delivery failed: ${redact(reason, password)}`, { cause: error });
      }
    },
    close() {
      transport.close();
    },
  };
}

function passwordOf(url: string): string | undefined {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password === "" ? undefined : password;
  } catch {
    return undefined;
  }
}

function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join("***") : text;
}
