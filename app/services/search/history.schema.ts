import { z } from "zod";
import { idText } from "../form-fields";

/**
 * The recent searches' buttons: clear them all, or remove one (the default: a page without the intent removes). An
 * id that is not one removes nothing, as a search already gone does.
 */
export const recentSearchForm = z.object({
  intent: z.enum(["clear", "remove"]).default("remove"),
  id: idText.optional().catch(undefined),
});

/** The search box: the words as typed (the service reads them, and refuses an empty search). */
export const searchForm = z.object({
  q: z
    .string()
    .optional()
    .transform((q) => q ?? ""),
});
