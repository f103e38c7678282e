import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { checkbox, idText, optionalText } from "../form-fields";

/**
 * The garage forms (/my/garage): add a model year, change when it was bought, its odometer and photo, take it out.
 * The browser and the action parse with one schema; the service checks the same rules again (`checkedMonth`,
 * `isOdometer`) with the month of its own clock. Pure: no database.
 */

/** Most motorcycles one garage holds. */
export const GARAGE_LIMIT = 10;
export const ODOMETER_MAX = 999_999;
const EARLIEST_MONTH = "1900-01";

const issue = (message: MessageKey) => ({ error: message });
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * A month as the form's month field writes it ("2024-03"), not after `latestMonth` (this month in Seoul), as the
 * first day of that month ("2024-03-01", the stored form); null when it is no month at all.
 */
export function checkedMonth(
  value: string,
  latestMonth: string,
): { ok: true; day: string } | { ok: false; code: "owned_since_invalid" | "owned_since_future" } {
  const text = value.trim();
  if (!MONTH.test(text) || text < EARLIEST_MONTH) return { ok: false, code: "owned_since_invalid" };
  if (text > latestMonth) return { ok: false, code: "owned_since_future" };
  return { ok: true, day: `${text}-01` };
}

export function isOdometer(value: number | null): boolean {
  return value === null || (Number.isInteger(value) && value >= 0 && value <= ODOMETER_MAX);
}

const month = (latestMonth: string) =>
  z
    .string(issue("garage.error.owned_since_invalid"))
    .superRefine((value, ctx) => {
      const checked = checkedMonth(value, latestMonth);
      if (!checked.ok) ctx.addIssue({ code: "custom", message: `garage.error.${checked.code}` });
    })
    .transform((value) => value.trim());

const odometer = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, issue("garage.error.odometer_invalid"))
  .transform(Number)
  .optional()
  .transform((value) => value ?? null);

export function garageSchema(latestMonth: string) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("add"),
      token: optionalText,
      motorcycleId: idText
        .optional()
        .catch(undefined)
        .pipe(z.number(issue("garage.error.model_year_not_found"))),
      ownedSince: month(latestMonth),
      odometerKm: odometer,
      photo: z.file().optional(),
    }),
    z.object({
      intent: z.literal("edit"),
      bikeId: idText,
      ownedSince: month(latestMonth),
      odometerKm: odometer,
      removePhoto: checkbox,
      photo: z.file().optional(),
    }),
    z.object({ intent: z.literal("remove"), bikeId: idText }),
  ]);
}
