import type { PeriodicWork, ServiceWork } from "#app/db/schema";

/** The kinds of work a log entry records, in the order the forms list them (the table's CHECK lists the same). */
export const serviceWorks = [
  "oil",
  "chain",
  "tyres",
  "brakes",
  "coolant",
  "battery",
  "inspection",
  "other",
] as const satisfies readonly ServiceWork[];

/** The periodic kinds of work that have reminders. */
export const periodicWorks = ["oil", "chain", "tyres"] as const satisfies readonly PeriodicWork[];

export type { PeriodicWork, ServiceWork };
