import { z } from "zod";
// Sets Zod up for the browser's Content-Security-Policy before the schema here is built.
import "../form-fields";

/** The form that hides a member's posts from the reader, or shows them again: the member it names. */
export const blindForm = z.object({
  intent: z.literal(["blind", "unblind"]),
  userId: z.string().trim().min(1),
});

/** A list's button that undoes a relation (unpin, unblind): the member it names. */
export const relatedMemberForm = z.object({ userId: z.string().trim().min(1) });

/** The buttons of a member's profile: pin or hide them, or undo either. */
export const profileRelationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(["pin", "unpin", "blind", "unblind"]) }),
]);
