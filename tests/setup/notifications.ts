import type { Database } from "#app/db/client.server";
import { systemClock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import * as notifications from "#app/services/notifications/notify.server";

// For tests that send notifications directly: each call is a unit of work of its own, as a service's action is.
type Input = Omit<notifications.NotifyInput, "recipientId">;

export const notify = (db: Database, input: notifications.NotifyInput) =>
  runInTransaction(db, systemClock, (uow) => notifications.notify(uow, input));

export const notifyMany = (db: Database, recipientIds: readonly string[], input: Input) =>
  runInTransaction(db, systemClock, (uow) => notifications.notifyMany(uow, recipientIds, input));

export const notifyAll = (db: Database, input: Input) =>
  runInTransaction(db, systemClock, (uow) => notifications.notifyAll(uow, input));
