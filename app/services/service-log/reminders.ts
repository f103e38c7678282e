import { periodicWorks, type PeriodicWork } from "./works";

/**
 * When periodic work is due (ADR 071): from the last entry of that work and the bike's latest known mileage, by
 * months or by kilometres, whichever comes first. Pure: the day and the readings are given.
 */

export interface ReminderInterval {
  enabled: boolean;
  months: number;
  km: number;
}

/** What a bike has without the owner's own intervals: engine oil, chain care, a tyre check. */
export const defaultIntervals: Readonly<Record<PeriodicWork, ReminderInterval>> = {
  oil: { enabled: true, months: 6, km: 3_000 },
  chain: { enabled: true, months: 3, km: 1_000 },
  tyres: { enabled: true, months: 36, km: 15_000 },
};

export const INTERVAL_MONTHS_MAX = 120;
export const INTERVAL_KM_MIN = 100;
export const INTERVAL_KM_MAX = 100_000;

/** How close to its day or distance an item counts as coming soon. */
const SOON_DAYS = 30;
const SOON_KM = 300;

/**
 * `none`: no entry of that work yet, so nothing to count from; `ok`; `soon`: within SOON_DAYS or SOON_KM; `due`:
 * its day has come or its distance has been ridden.
 */
type ReminderState = "off" | "none" | "ok" | "soon" | "due";

export interface LastService {
  entryId: number;
  doneOn: string;
  mileageKm: number | null;
}

export interface ReminderStatus {
  work: PeriodicWork;
  state: ReminderState;
  interval: ReminderInterval;
  /** The entry it counts from. */
  last: LastService | null;
  /** The day it is due ("2026-05-14"), and the mileage (null when the last entry has none). */
  dueOn: string | null;
  dueKm: number | null;
}

/** A calendar day ("2026-01-31") plus whole months, kept within the target month ("2026-02-28"). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${targetYear}-${pad(targetMonth)}-${pad(Math.min(date, lastDay))}`;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** One periodic work's state on `today` (a Seoul day) with the bike's latest known mileage. */
export function reminderStatus(
  work: PeriodicWork,
  interval: ReminderInterval,
  last: LastService | null,
  latestKm: number | null,
  today: string,
): ReminderStatus {
  const base = { work, interval, last };
  if (!interval.enabled) return { ...base, state: "off", dueOn: null, dueKm: null };
  if (!last) return { ...base, state: "none", dueOn: null, dueKm: null };
  const dueOn = addMonths(last.doneOn, interval.months);
  const dueKm = last.mileageKm === null ? null : last.mileageKm + interval.km;
  const daysLeft = dayNumber(dueOn) - dayNumber(today);
  const kmLeft = dueKm === null || latestKm === null ? null : dueKm - latestKm;
  const state: ReminderState =
    daysLeft <= 0 || (kmLeft !== null && kmLeft <= 0)
      ? "due"
      : daysLeft <= SOON_DAYS || (kmLeft !== null && kmLeft <= SOON_KM)
        ? "soon"
        : "ok";
  return { ...base, state, dueOn, dueKm };
}

/** Every periodic work of one bike, in the catalogue's order. */
export function bikeReminders(
  intervals: Partial<Record<PeriodicWork, ReminderInterval>>,
  lastByWork: Partial<Record<PeriodicWork, LastService>>,
  latestKm: number | null,
  today: string,
): ReminderStatus[] {
  return periodicWorks.map((work) =>
    reminderStatus(
      work,
      intervals[work] ?? defaultIntervals[work],
      lastByWork[work] ?? null,
      latestKm,
      today,
    ),
  );
}

/** The event a due reminder is notified once for: this bike's work counted from this entry. */
export function reminderDedupeKey(bikeId: number, status: ReminderStatus): string {
  return `serviceDue:${bikeId}:${status.work}:${status.last?.entryId ?? 0}`;
}
