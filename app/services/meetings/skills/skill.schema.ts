import { z } from "zod";
import type { MeetingKind, SkillAvailability } from "#app/db/schema/meeting";
import type { MessageKey } from "#app/i18n";
import { checkbox, idText, optionalText, requiredText } from "#app/services/form-fields";
import type { SkillErrorCode } from "./errors";

/**
 * The skill form (/my/skill): one schema for the five kinds, parsed by the browser before a submit and by the
 * action after it. What only the database knows (the member's garage and reviews, business membership, riding
 * years, the reference codes, their locations, skills already offered) is the service's to check. Pure: no database.
 */

/** The five kinds, in the order pages list them (the `meetingType` codes). */
export const skillKinds = [
  "owner",
  "repair",
  "coaching",
  "rescue",
  "pickup",
] as const satisfies readonly MeetingKind[];

export type SkillKind = (typeof skillKinds)[number];

export const repairLevels = ["individual", "shop"] as const;
export type RepairLevel = (typeof repairLevels)[number];

/** The reference table each coded kind chooses from. */
export const skillCodeTables = {
  repair: "repairSkill",
  rescue: "rescueSkill",
  pickup: "pickupItem",
} as const satisfies Partial<Record<MeetingKind, string>>;
export type CodedKind = keyof typeof skillCodeTables;

export function isCodedKind(kind: MeetingKind): kind is CodedKind {
  return kind in skillCodeTables;
}

/** Kinds whose provider says whether they have a truck that carries a motorcycle. */
export const truckKinds: readonly MeetingKind[] = ["rescue", "pickup"];

export const SKILL_ENTRIES_MAX = 5;
export const SKILL_ENTRY_MAX = 20;
export const SKILL_RADIUS_MIN = 1;
export const SKILL_RADIUS_MAX = 50;
export const SKILL_RADIUS_DEFAULT = 10;
const SKILL_PRICE_MAX = 10_000_000;
/** Riding years a coach needs. */
export const COACHING_MIN_YEARS = 3;

/** The spec's recommended prices (won per hour), shown as hints: owner tutoring, and skilled meetings otherwise. */
export const recommendedPrice: Record<MeetingKind, number> = {
  owner: 10_000,
  repair: 20_000,
  coaching: 20_000,
  rescue: 20_000,
  pickup: 20_000,
};

export function isSkillKind(value: unknown): value is MeetingKind {
  return typeof value === "string" && (skillKinds as readonly string[]).includes(value);
}

/** A skill as the service stores it: only the fields of its kind are set, the others are empty. */
export interface SkillInput {
  kind: MeetingKind;
  modelId: number | null;
  repairLevel: RepairLevel | null;
  outsideRepair: boolean;
  codes: string[];
  truck: boolean;
  entries: string[];
  locationId: number;
  radiusKm: number;
  priceGuide: number | null;
  availability: SkillAvailability;
  active: boolean;
}

/** What a skill may be given before the rules are checked: any kind's fields, possibly missing. */
export interface SkillDraft {
  kind: MeetingKind;
  modelId?: number | null;
  repairLevel?: string | null;
  outsideRepair?: boolean;
  codes?: readonly string[];
  truck?: boolean;
  entries?: readonly string[];
  locationId?: number | null;
  radiusKm?: number | null;
  priceGuide?: number | null;
  availability: { days: readonly number[]; from: string | null; to: string | null; onCall: boolean };
  active?: boolean;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Each rule a draft breaks, with the field the message belongs next to (the form's field names). */
export function skillProblems(draft: SkillDraft): { field: string; code: SkillErrorCode }[] {
  const problems: { field: string; code: SkillErrorCode }[] = [];
  const add = (field: string, code: SkillErrorCode) => problems.push({ field, code });
  const { kind, availability } = draft;
  if (!isSkillKind(kind)) {
    add("kind", "kind_invalid");
    return problems;
  }
  if (kind === "owner" && !draft.modelId) add("modelId", "model_required");
  if (kind === "repair" && !(repairLevels as readonly string[]).includes(draft.repairLevel ?? ""))
    add("repairLevel", "repair_level_required");
  if (isCodedKind(kind) && (draft.codes ?? []).length === 0) add("codes", "codes_required");
  const entries = (draft.entries ?? []).map((entry) => entry.trim()).filter(Boolean);
  if (entries.length > SKILL_ENTRIES_MAX) add("entries", "entries_too_many");
  if (entries.some((entry) => [...entry].length > SKILL_ENTRY_MAX)) add("entries", "entry_too_long");
  if (!draft.locationId) add("locationId", "location_required");
  const radius = draft.radiusKm ?? SKILL_RADIUS_DEFAULT;
  if (!Number.isInteger(radius) || radius < SKILL_RADIUS_MIN || radius > SKILL_RADIUS_MAX)
    add("radiusKm", "radius_invalid");
  const price = draft.priceGuide ?? null;
  if (price !== null && (!Number.isInteger(price) || price < 0 || price > SKILL_PRICE_MAX))
    add("priceGuide", "price_invalid");
  if (availability.onCall) {
    if (kind !== "rescue") add("onCall", "on_call_rescue_only");
  } else {
    const days = availability.days;
    if (days.length === 0 || days.some((day) => !Number.isInteger(day) || day < 0 || day > 6))
      add("days", "days_required");
    if (
      !availability.from ||
      !availability.to ||
      !TIME.test(availability.from) ||
      !TIME.test(availability.to)
    )
      add("from", "hours_required");
    else if (availability.from >= availability.to) add("to", "hours_order");
  }
  return problems;
}

/** A draft without problems as it is stored: trimmed entries, codes once each, the other kinds' fields emptied. */
export function normalisedSkill(draft: SkillDraft): SkillInput {
  const { kind } = draft;
  const onCall = kind === "rescue" && draft.availability.onCall;
  return {
    kind,
    modelId: kind === "owner" ? (draft.modelId ?? null) : null,
    repairLevel: kind === "repair" ? (draft.repairLevel as RepairLevel) : null,
    outsideRepair: kind === "repair" ? Boolean(draft.outsideRepair) : false,
    codes: isCodedKind(kind) ? [...new Set(draft.codes ?? [])] : [],
    truck: truckKinds.includes(kind) ? Boolean(draft.truck) : false,
    entries: (draft.entries ?? []).map((entry) => entry.trim()).filter(Boolean),
    locationId: draft.locationId!,
    radiusKm: draft.radiusKm ?? SKILL_RADIUS_DEFAULT,
    priceGuide: draft.priceGuide ?? null,
    availability: onCall
      ? { days: [], from: null, to: null, onCall: true }
      : {
          days: [...new Set(draft.availability.days)].sort((a, b) => a - b),
          from: draft.availability.from,
          to: draft.availability.to,
          onCall: false,
        },
    active: draft.active ?? true,
  };
}

const message = (code: SkillErrorCode): MessageKey => `skill.error.${code}`;
const issue = (code: SkillErrorCode) => ({ error: message(code) });

/** Digits typed in a number field, or missing (null); anything else is the field's message. */
const wholeNumber = (code: SkillErrorCode) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, issue(code))
    .transform(Number)
    .optional()
    .transform((value) => value ?? null);

const texts = z
  .array(z.string().optional())
  .optional()
  .transform((values) => (values ?? []).filter((value): value is string => typeof value === "string"));

/** The skill form. `skillId` is set when a skill is edited. */
export const skillFormSchema = z
  .object({
    skillId: idText.optional().catch(undefined),
    kind: requiredText(message("kind_invalid")).refine(isSkillKind, issue("kind_invalid")),
    modelId: idText.optional().catch(undefined),
    repairLevel: optionalText,
    outsideRepair: checkbox,
    codes: texts,
    truck: checkbox,
    entries: texts,
    locationId: idText.optional().catch(undefined),
    radiusKm: wholeNumber("radius_invalid"),
    priceGuide: wholeNumber("price_invalid"),
    days: z
      .array(z.string().regex(/^[0-6]$/, issue("days_required")))
      .optional()
      .transform((days) => (days ?? []).map(Number)),
    from: optionalText,
    to: optionalText,
    onCall: checkbox,
    active: checkbox,
  })
  .transform((form) => ({
    skillId: form.skillId ?? null,
    draft: {
      kind: form.kind as MeetingKind,
      modelId: form.modelId ?? null,
      repairLevel: form.repairLevel,
      outsideRepair: form.outsideRepair,
      codes: form.codes,
      truck: form.truck,
      entries: form.entries,
      locationId: form.locationId ?? null,
      radiusKm: form.radiusKm,
      priceGuide: form.priceGuide,
      availability: { days: form.days, from: form.from || null, to: form.to || null, onCall: form.onCall },
      active: form.active,
    } satisfies SkillDraft,
  }))
  .superRefine(({ draft }, ctx) => {
    for (const problem of skillProblems(draft))
      ctx.addIssue({ code: "custom", path: [problem.field], message: message(problem.code) });
  })
  .transform(({ skillId, draft }) => ({ skillId, skill: normalisedSkill(draft) }));

/** The switch and delete buttons of a skill card: nothing typed, only which skill and what to do. */
export const skillTargetSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), skillId: idText, active: z.enum(["on", "off"]) }),
  z.object({ intent: z.literal("delete"), skillId: idText }),
  // The skill form's own fields are `skillFormSchema`'s.
  z.object({ intent: z.literal("save") }),
]);
