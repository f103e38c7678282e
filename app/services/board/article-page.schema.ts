import { z } from "zod";
import { blindForm } from "../members/relations.schema";

/** A post page's own forms (ADR 026): delete the post, hide or show again its author. */
export const articlePageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete") }),
  blindForm,
]);
