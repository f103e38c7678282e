import { z } from "zod";
import { countText, idText } from "../form-fields";

/**
 * The spark button's form: the review and how many sparks. Each is null when the form does not name one, so the
 * page answers the spark's own refusal (no such review, not an amount) rather than a form error.
 */
export const sparkGiftForm = z.object({
  reviewId: idText.nullable().catch(null),
  amount: countText.nullable().catch(null),
});
