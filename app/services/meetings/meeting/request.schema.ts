import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { HOUR_MS, parseSeoulInput } from "#app/platform/seoul-calendar";
import { optionalText, requiredText } from "#app/services/form-fields";

/** Longest texts of a meeting request. */
export const REQUEST_MEMO_MAX = 200;
const REQUEST_TEXT_MAX = 500;
const REQUEST_MODEL_MAX = 50;
export const REQUEST_ADDRESS_MAX = 120;
export const REQUEST_PLACE_MAX = 60;
/** A pickup is asked for at least this long ahead. */
export const PICKUP_LEAD_MS = HOUR_MS;
const PICKUP_DISTANCE_MAX_KM = 1000;
const PICKUP_MINUTES_MAX = 24 * 60;

const issue = (message: MessageKey) => ({ error: message });

const length = (text: string) => [...text].length;

/** A text the requester must write, at most `max` characters. */
const writtenText = (max: number) =>
  requiredText("meeting.error.text_required").refine(
    (text) => length(text) <= max,
    issue("meeting.error.text_length"),
  );

const limitedText = (max: number) =>
  optionalText
    .transform((text) => text.trim())
    .refine((text) => length(text) <= max, issue("meeting.error.text_length"));

/** A code of a reference table (the service checks that the table and the expert have it). */
const code = (message: MessageKey) =>
  requiredText(message).refine((text) => /^[A-Za-z0-9_]{1,40}$/.test(text), issue(message));

const coordinate = (bound: number) =>
  z
    .number(issue("meeting.error.location_required"))
    .min(-bound, issue("meeting.error.location_required"))
    .max(bound, issue("meeting.error.location_required"));
const latitude = coordinate(90);
const longitude = coordinate(180);

/** A date and time typed in Korean time ("2026-05-01T10:00"), as the moment it names. */
const seoulDateTime = (message: MessageKey) =>
  z
    .string(issue(message))
    .trim()
    .transform((value, ctx) => {
      const at = parseSeoulInput(value);
      if (!at) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return at;
    });

/**
 * The meeting request form (/meeting/{kind}/request), one variant per kind. The browser and the action parse with
 * it; `now` is when it is parsed (the browser's clock there, the app clock in the action), for the rules of time.
 * The service checks again what only it knows: the expert's skill, the reference codes, bans and blocks.
 */
export function meetingRequestSchema(now: () => Date = () => new Date()) {
  const common = z.object({
    skillId: z.number(issue("meeting.error.skill_not_found")).int().positive(),
    wishAt: seoulDateTime("meeting.error.date_invalid")
      .refine((at) => at.getTime() > now().getTime(), issue("meeting.error.wish_past"))
      .optional(),
    memo: optionalText
      .transform((text) => text.trim())
      .refine((text) => length(text) <= REQUEST_MEMO_MAX, issue("meeting.error.memo_length")),
    locationName: limitedText(REQUEST_PLACE_MAX),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
  });
  return z.discriminatedUnion("kind", [
    common.extend({
      kind: z.literal("owner"),
      modelId: z.number().int().positive().optional(),
      model: limitedText(REQUEST_MODEL_MAX),
      question: writtenText(REQUEST_TEXT_MAX),
    }),
    common.extend({
      kind: z.literal("repair"),
      model: writtenText(REQUEST_MODEL_MAX),
      repairOption: code("meeting.error.option_invalid"),
      symptom: writtenText(REQUEST_TEXT_MAX),
    }),
    common.extend({
      kind: z.literal("coaching"),
      goal: writtenText(REQUEST_TEXT_MAX),
      experience: writtenText(REQUEST_TEXT_MAX),
    }),
    common.extend({
      kind: z.literal("rescue"),
      // Where the rider is stranded: the provider needs the point, not only the district.
      locationName: writtenText(REQUEST_PLACE_MAX),
      latitude,
      longitude,
      situation: writtenText(REQUEST_TEXT_MAX),
    }),
    common.extend({
      kind: z.literal("pickup"),
      startAddress: writtenText(REQUEST_ADDRESS_MAX),
      destinationAddress: writtenText(REQUEST_ADDRESS_MAX),
      pickupAt: seoulDateTime("meeting.error.date_invalid").refine(
        (at) => at.getTime() >= now().getTime() + PICKUP_LEAD_MS,
        issue("meeting.error.pickup_too_soon"),
      ),
      item: code("meeting.error.item_invalid"),
      distanceKm: z
        .number(issue("meeting.error.number_invalid"))
        .positive(issue("meeting.error.number_invalid"))
        .max(PICKUP_DISTANCE_MAX_KM, issue("meeting.error.number_invalid")),
      minutes: z
        .number(issue("meeting.error.number_invalid"))
        .int(issue("meeting.error.number_invalid"))
        .min(1, issue("meeting.error.number_invalid"))
        .max(PICKUP_MINUTES_MAX, issue("meeting.error.number_invalid")),
    }),
  ]);
}

type MeetingRequestSchema = ReturnType<typeof meetingRequestSchema>;
/** A request as the schema hands it over: trimmed texts, numbers, moments. */
export type MeetingRequestInput = z.output<MeetingRequestSchema>;
