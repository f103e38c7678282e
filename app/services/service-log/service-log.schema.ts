import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { checkbox, idText, optionalText } from "../form-fields";
import { INTERVAL_KM_MAX, INTERVAL_KM_MIN, INTERVAL_MONTHS_MAX, type ReminderInterval } from "./reminders";
import { periodicWorks, serviceWorks, type PeriodicWork } from "./works";

/**
 * The service log's forms (/my/garage/:bikeId/log): add, edit and delete an entry, and the bike's reminder intervals.
 * The browser and the action parse with one schema; the service checks the same rules again (`checkedEntry`) with
 * the day of its own clock. Pure: no database.
 */

export const NOTE_MAX = 200;
export const SHOP_MAX = 50;
export const COST_MAX = 100_000_000;
export const MILEAGE_MAX = 999_999;
/** Most entries one bike's log holds. */
export const ENTRY_LIMIT = 500;
const EARLIEST_DAY = "1900-01-01";

const issue = (message: MessageKey) => ({ error: message });
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A day as a date field writes it ("2026-03-14"), a real one, not after `today` (Seoul). */
export function checkedDay(
  value: string,
  today: string,
): { ok: true; day: string } | { ok: false; code: "date_invalid" | "date_future" } {
  const text = value.trim();
  if (!DAY.test(text) || text < EARLIEST_DAY) return { ok: false, code: "date_invalid" };
  const [year, month, date] = text.split("-").map(Number) as [number, number, number];
  if (date > new Date(Date.UTC(year, month, 0)).getUTCDate()) return { ok: false, code: "date_invalid" };
  if (text > today) return { ok: false, code: "date_future" };
  return { ok: true, day: text };
}

const chars = (text: string) => [...text].length;

const day = (today: string) =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      const checked = checkedDay(value, today);
      if (!checked.ok) ctx.addIssue({ code: "custom", message: `serviceLog.error.${checked.code}` });
    })
    .transform((value) => value?.trim() ?? null);

const whole = (message: MessageKey, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, issue(message))
    .transform(Number)
    .pipe(z.number().max(max, issue(message)))
    .optional()
    .transform((value) => value ?? null);

const limited = (max: number, message: MessageKey) =>
  optionalText.transform((text) => text.trim()).refine((text) => chars(text) <= max, issue(message));

function entryFields(today: string) {
  return {
    doneOn: day(today),
    mileageKm: whole("serviceLog.error.mileage_invalid", MILEAGE_MAX),
    work: z.enum(serviceWorks, issue("serviceLog.error.work_invalid")),
    note: limited(NOTE_MAX, "serviceLog.error.note_length"),
    costWon: whole("serviceLog.error.cost_invalid", COST_MAX),
    shop: limited(SHOP_MAX, "serviceLog.error.shop_length"),
  };
}

const interval = (max: number, min: number) =>
  z
    .string(issue("serviceLog.error.interval_invalid"))
    .trim()
    .regex(/^\d{1,6}$/, issue("serviceLog.error.interval_invalid"))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, issue("serviceLog.error.interval_invalid"))
        .max(max, issue("serviceLog.error.interval_invalid")),
    );

/** The reminder form's field names of one periodic work. */
export const intervalFields = (work: PeriodicWork) =>
  ({ enabled: `${work}Enabled`, months: `${work}Months`, km: `${work}Km` }) as const;

const reminderFields = Object.fromEntries(
  periodicWorks.flatMap((work) => {
    const names = intervalFields(work);
    return [
      [names.enabled, checkbox],
      [names.months, interval(INTERVAL_MONTHS_MAX, 1)],
      [names.km, interval(INTERVAL_KM_MAX, INTERVAL_KM_MIN)],
    ];
  }),
) as Record<`${PeriodicWork}Enabled`, typeof checkbox> &
  Record<`${PeriodicWork}Months` | `${PeriodicWork}Km`, ReturnType<typeof interval>>;

type ReminderFields = { [Name in keyof typeof reminderFields]: z.output<(typeof reminderFields)[Name]> };

/** The reminder form's fields as the bike's intervals, one per periodic work. */
export function intervalsOf(fields: ReminderFields): Record<PeriodicWork, ReminderInterval> {
  const interval = (work: PeriodicWork): ReminderInterval => {
    const names = intervalFields(work);
    return { enabled: fields[names.enabled], months: fields[names.months], km: fields[names.km] };
  };
  return { oil: interval("oil"), chain: interval("chain"), tyres: interval("tyres") };
}

export function serviceLogSchema(today: string) {
  return z.discriminatedUnion("intent", [
    z
      .object({
        intent: z.literal("add"),
        token: optionalText,
        meetingId: idText.optional().catch(undefined),
        ...entryFields(today),
      })
      .superRefine((value, ctx) => {
        // A linked meeting fills in the day; without one the owner writes it.
        if (value.doneOn === null && value.meetingId === undefined)
          ctx.addIssue({ code: "custom", path: ["doneOn"], message: "serviceLog.error.date_required" });
      }),
    z
      .object({ intent: z.literal("edit"), entryId: idText, ...entryFields(today) })
      .superRefine((value, ctx) => {
        if (value.doneOn === null)
          ctx.addIssue({ code: "custom", path: ["doneOn"], message: "serviceLog.error.date_required" });
      }),
    z.object({ intent: z.literal("delete"), entryId: idText }),
    z.object({ intent: z.literal("reminders"), ...reminderFields }),
  ]);
}
