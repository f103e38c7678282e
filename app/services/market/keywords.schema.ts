import { z } from "zod";
import { checkbox, idText, optionalText } from "../form-fields";

/** The keyword alerts' forms on /my/market (ADR 026): save one (the service checks its words), delete one. */
export const keywordFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("saveKeyword"),
    keyword: optionalText,
    kind: z.string().optional(),
    areaCode: z.string().optional(),
    onlyFitting: checkbox,
  }),
  z.object({ intent: z.literal("deleteKeyword"), id: idText }),
]);
