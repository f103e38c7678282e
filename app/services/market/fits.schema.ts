import { z } from "zod";
import { idText } from "../form-fields";
import type { FitInput } from "./fits";

/**
 * The listing form's fit rows (`fits[0].modelId`, `fits[0].yearFrom`, `fits[0].yearTo`, ADR 072): a row without a
 * model is an unused row and dropped; an empty year is no bound. The service checks the models and years against the
 * catalogue and the count.
 */
const fitYear = z
  .string()
  .trim()
  .regex(/^\d{4}$/, { error: "partsFit.error.fit_years_invalid" })
  .transform(Number)
  .optional();

export const fitsField = z
  .array(z.object({ modelId: idText.optional(), yearFrom: fitYear, yearTo: fitYear }).optional())
  .optional()
  .transform((rows): FitInput[] =>
    (rows ?? []).flatMap((row) =>
      row?.modelId === undefined
        ? []
        : [{ modelId: row.modelId, yearFrom: row.yearFrom ?? null, yearTo: row.yearTo ?? null }],
    ),
  );
