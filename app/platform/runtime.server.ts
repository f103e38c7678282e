import type { CounterBuffer } from "./counter-buffer.server";
import type { Database } from "#app/db/client.server";
import type { Auth } from "./auth/auth.server";
import type { Messaging } from "./messaging/index.server";
import type { PaymentGateway } from "./payments/types";
import type { FileStorage } from "./storage/types";
import type { AddressProvider } from "./address.server";
import type { Clock } from "./clock.server";
import type { AppConfig } from "./env.server";
import type { Logger } from "./logger.server";

/** What the running process holds once: configuration, database, clock, logger and the build id. */
export interface Runtime {
  config: AppConfig;
  db: Database;
  clock: Clock;
  logger: Logger;
  buildId: string;
  auth: Auth;
  messaging: Messaging;
  /** The payment gateway (ADR 059): the local one by default, Toss Payments when configured. */
  payments: PaymentGateway;
  storage: FileStorage;
  addresses: AddressProvider;
  /** Post views counted since the last batch (written by the view-count flush, never by a page GET). */
  views: CounterBuffer;
}

// The server entry and the SSR bundle are separate module graphs (and dev reloads modules), so the process-wide
// instance lives on globalThis under a registered symbol instead of in a module variable.
const RUNTIME = Symbol.for("motomate.runtime");
type Holder = { [RUNTIME]?: Runtime };

export function setRuntime(runtime: Runtime | undefined) {
  (globalThis as Holder)[RUNTIME] = runtime;
}

/** The running process's runtime, or undefined where none was started (unit tests, scripts). */
export function findRuntime(): Runtime | undefined {
  return (globalThis as Holder)[RUNTIME];
}

export function getRuntime(): Runtime {
  const runtime = (globalThis as Holder)[RUNTIME];
  if (!runtime) throw new Error("The runtime has not been started");
  return runtime;
}
