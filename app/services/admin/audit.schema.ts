import { z } from "zod";
import { pageText } from "#app/services/form-fields";

/** A Seoul calendar day as a date field sends it (a real date: 2026-02-30 is not one). */
const dayText = z.string().trim().pipe(z.iso.date());

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );

/**
 * The audit log's search, read from the page's address: the administrator's id, the subject's kind and id, and the
 * first and last Seoul days. A field that is not what it should be is left out, as an empty one is.
 */
export const auditQuerySchema = z.object({
  admin: optional(z.string().trim().max(100)).catch(undefined),
  kind: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z_]{1,40}$/),
  ).catch(undefined),
  subject: optional(z.string().trim().max(100)).catch(undefined),
  from: optional(dayText).catch(undefined),
  to: optional(dayText).catch(undefined),
  page: pageText.catch(1),
});

export type AuditQueryFields = z.infer<typeof auditQuerySchema>;
