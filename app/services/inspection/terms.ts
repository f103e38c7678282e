import type { InspectionCondition, InspectionSystem, InspectionVerdict } from "#app/db/schema";

/** The report's systems, conditions and verdicts, as the schema lists them; pages import this module, not the schema. */
export const reportSystems: readonly InspectionSystem[] = [
  "engine",
  "brakes",
  "chain",
  "tyres",
  "electrics",
  "frame",
  "papers",
];
export const reportConditions: readonly InspectionCondition[] = ["good", "attention", "fault", "unchecked"];
export const reportVerdicts: readonly InspectionVerdict[] = ["recommended", "withCare", "notRecommended"];
