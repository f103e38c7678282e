import { z } from "zod";
import type { InspectionCondition, InspectionSystem, InspectionVerdict } from "#app/db/schema";
import type { MessageKey } from "#app/i18n";
import { parseSeoulInput } from "#app/platform/seoul-calendar";
import { optionalText } from "#app/services/form-fields";
import { reportConditions, reportSystems, reportVerdicts } from "./terms";

/** Longest note on one system, and longest summary, of a report. */
export const INSPECTION_NOTE_MAX = 300;
export const INSPECTION_SUMMARY_MAX = 1000;
/** Most photos a report carries. */
export const INSPECTION_PHOTOS_MAX = 6;

const issue = (message: MessageKey) => ({ error: message });
const length = (text: string) => [...text].length;

const note = optionalText
  .transform((text) => text.trim())
  .refine((text) => length(text) <= INSPECTION_NOTE_MAX, issue("inspection.error.note_length"));

/** The form's field names of one system: `engineCondition`, `engineNote` … */
export const conditionField = (system: InspectionSystem) => `${system}Condition` as const;
export const noteField = (system: InspectionSystem) => `${system}Note` as const;

const systemFields = Object.fromEntries(
  reportSystems.flatMap((system) => [
    [conditionField(system), z.enum(reportConditions as [InspectionCondition]).default("unchecked")],
    [noteField(system), note],
  ]),
) as Record<`${InspectionSystem}Condition`, z.ZodDefault<z.ZodEnum<{ [C in InspectionCondition]: C }>>> &
  Record<`${InspectionSystem}Note`, typeof note>;

/** The report form: a condition and a note per system, the verdict, a summary, and which stored photos stay. */
const reportFields = z.object({
  ...systemFields,
  verdict: z.enum(reportVerdicts as [InspectionVerdict]).optional(),
  summary: optionalText
    .transform((text) => text.trim())
    .refine((text) => length(text) <= INSPECTION_SUMMARY_MAX, issue("inspection.error.summary_length")),
  keep: z.array(z.string()).default([]),
});

/** A time typed in Korean time, ahead of `now`. */
const proposedTime = (now: () => Date) =>
  z
    .string(issue("inspection.error.time_required"))
    .trim()
    .transform((value, ctx) => {
      const at = parseSeoulInput(value);
      if (!at) {
        ctx.addIssue({ code: "custom", message: "inspection.error.time_required" });
        return z.NEVER;
      }
      return at;
    })
    .refine((at) => at.getTime() > now().getTime(), issue("inspection.error.time_past"));

/**
 * The inspection page's forms, by `intent`: the seller's answer and publication, a new time (buyer or expert), and
 * the expert's report, saved or submitted. The service checks again who may do which.
 */
export function inspectionPageSchema(now: () => Date = () => new Date()) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("agree") }),
    z.object({ intent: z.literal("decline") }),
    z.object({ intent: z.literal("publish") }),
    z.object({ intent: z.literal("propose"), at: proposedTime(now) }),
    reportFields.extend({ intent: z.literal("save") }),
    reportFields.extend({ intent: z.literal("submit") }),
  ]);
}

type InspectionPageInput = z.output<ReturnType<typeof inspectionPageSchema>>;
/** The report form as the schema hands it over. */
export type ReportInput = Extract<InspectionPageInput, { intent: "save" | "submit" }>;
