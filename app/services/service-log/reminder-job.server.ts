import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import {
  garageBike,
  motorcycle,
  motorcycleManufacturer,
  motorcycleModel,
  periodicWorks,
  serviceLogEntry,
} from "#app/db/schema";
import { defineJob } from "#app/platform/jobs.server";
import { seoulDay } from "#app/platform/seoul-calendar";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { notifyEach, type NotifyInput } from "#app/services/notifications/notify.server";
import { reminderDedupeKey } from "./reminders";
import { remindersOf } from "./service-log.server";

/** The page a reminder opens: the bike's log. */
const serviceLogPath = (bikeId: number) => `/my/garage/${bikeId}/log`;

/**
 * Tells each owner once when a periodic work of a bike in their garage becomes due (ADR 071): the notification's
 * dedupe key names the bike, the work and the entry it counts from, so a new entry of that work starts a new
 * reminder and a run on another day (or a retried one) repeats nothing. Only bikes with an entry of a periodic work
 * can be due. Answers how many were due.
 */
export async function notifyDueReminders(uow: UnitOfWork): Promise<number> {
  const bikes = await uow.tx
    .selectDistinct({
      id: garageBike.id,
      memberId: garageBike.memberId,
      odometerKm: garageBike.odometerKm,
      nameEn: motorcycleModel.nameEn,
      makerEn: motorcycleManufacturer.nameEn,
    })
    .from(garageBike)
    .innerJoin(serviceLogEntry, eq(serviceLogEntry.garageBikeId, garageBike.id))
    .innerJoin(motorcycle, eq(motorcycle.id, garageBike.motorcycleId))
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(and(isNull(garageBike.deletedAt), inArray(serviceLogEntry.work, [...periodicWorks])));
  const reminders = await remindersOf(uow, bikes, seoulDay(uow.now));
  const due: NotifyInput[] = [];
  for (const bike of bikes)
    for (const status of reminders.get(bike.id) ?? []) {
      if (status.state !== "due") continue;
      due.push({
        recipientId: bike.memberId,
        type: "serviceDue",
        // The catalogue's messages choose by number: the work as its place in `periodicWorks` (1: oil …).
        params: { model: `${bike.makerEn} ${bike.nameEn}`, work: periodicWorks.indexOf(status.work) + 1 },
        link: serviceLogPath(bike.id),
        dedupeKey: reminderDedupeKey(bike.id, status),
      });
    }
  if (due.length > 0) await notifyEach(uow, due);
  return due.length;
}

/** Every day at 09:00 in Seoul. */
const serviceReminderJob = defineJob("serviceLog.reminders", {
  payload: z.object({}).strict(),
  daily: { seoulHour: 9 },
  handle: async (_payload, { uow }) => {
    await notifyDueReminders(uow);
  },
});

/** The service log's jobs, composed into the worker's registry at start-up. */
export const serviceLogJobs = [serviceReminderJob];
