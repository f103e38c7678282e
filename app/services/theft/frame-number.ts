import { z } from "zod";
import type { MessageKey } from "#app/i18n";

/**
 * Frame numbers (차대번호) as riders type them (ADR 070). Two forms are accepted:
 * - the 17-character vehicle identification number of ISO 3779, letters A–Z and digits without I, O and Q;
 * - the older frame number that inspections still accept for bikes imported from Japan before 2003: 9–12 characters
 *   with the hyphen, a frame type of 2–6 letters and digits, a hyphen and a serial of 5–8 digits (MC22-1001234,
 *   4KM-012345, GJ74A-123456).
 * Browser-safe: the form's schema checks with it before the server does.
 */

export type FrameNumberFormat = "vin" | "legacy";

/** The VIN's alphabet: I, O and Q are never used, so that they cannot be read as 1 and 0. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const VIN_SHAPE = /^[A-Z0-9]{17}$/;
const LEGACY = /^[A-Z0-9]{2,6}-[0-9]{5,8}$/;
const LEGACY_LENGTH = { min: 9, max: 12 };

/** Full-width characters as their ASCII forms, upper case, and spaces around and inside removed. */
function tidied(typed: string): string {
  return typed.normalize("NFKC").toUpperCase().replace(/\s+/g, "");
}

/** The number as it is compared and hashed: upper case, without spaces or hyphens. */
export function normalisedFrameNumber(typed: string): string {
  return tidied(typed).replace(/[-‐‑–—]/g, "");
}

type FrameNumberProblem = "frame_number_invalid" | "frame_number_letters";

export type FrameNumberReading =
  { ok: true; format: FrameNumberFormat; normalised: string } | { ok: false; problem: FrameNumberProblem };

/** Reads a typed frame number: its format and normalised form, or why it is not one. */
export function readFrameNumber(typed: string): FrameNumberReading {
  const text = tidied(typed).replace(/[‐‑–—]/g, "-");
  const joined = text.replace(/-/g, "");
  if (VIN.test(joined)) return { ok: true, format: "vin", normalised: joined };
  if (LEGACY.test(text) && text.length >= LEGACY_LENGTH.min && text.length <= LEGACY_LENGTH.max)
    return { ok: true, format: "legacy", normalised: joined };
  if (VIN_SHAPE.test(joined)) return { ok: false, problem: "frame_number_letters" };
  return { ok: false, problem: "frame_number_invalid" };
}

/** The only part of a number ever shown again: its last four characters. */
export function frameNumberTail(normalised: string): string {
  return normalised.slice(-4);
}

/** The form field: empty (no number, or keep the stored one) or a frame number of either format. */
export const frameNumberField = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "")
  .superRefine((value, ctx) => {
    if (value === "") return;
    const reading = readFrameNumber(value);
    if (!reading.ok)
      ctx.addIssue({ code: "custom", message: `theft.error.${reading.problem}` satisfies MessageKey });
  });
