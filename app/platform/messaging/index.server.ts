import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import { createOutboxEmailSender, createOutboxSmsSender } from "./outbox.server";
import { createHttpSmsSender } from "./sms-http.server";
import { createSmtpEmailSender } from "./smtp.server";
import type { EmailSender, SmsSender } from "./types";

export type { SmsSender } from "./types";
export interface MessagingConfig {
  /** `smtp://…` or `smtps://…`; without it e-mail goes to the outbox. */
  smtpUrl?: string;
  /** The From of every e-mail. */
  mailFrom: string;
  /** The SMS provider endpoint; with `smsApiKey` it replaces the outbox. */
  smsApiUrl?: string;
  smsApiKey?: string;
  /** The registered sender number, required with the provider. */
  smsSender?: string;
}

export interface Messaging {
  email: EmailSender;
  sms: SmsSender;
  /** Closes the SMTP transport, if any. */
  close(): Promise<void>;
}

/** The e-mail and SMS senders for this configuration: the real adapters when configured, the outbox otherwise. */
export function createMessaging({
  db,
  clock,
  config,
}: {
  db: Database;
  clock: Clock;
  config: MessagingConfig;
}): Messaging {
  const smtp = config.smtpUrl
    ? createSmtpEmailSender({ url: config.smtpUrl, from: config.mailFrom })
    : undefined;

  let sms: SmsSender;
  if (config.smsApiUrl && config.smsApiKey) {
    if (!config.smsSender) throw new Error("The SMS provider needs a sender number (smsSender)");
    sms = createHttpSmsSender({ url: config.smsApiUrl, apiKey: config.smsApiKey, sender: config.smsSender });
  } else {
    sms = createOutboxSmsSender(db, clock);
  }

  return {
    email: smtp ?? createOutboxEmailSender(db, clock),
    sms,
    async close() {
      smtp?.close();
    },
  };
}
