import { z } from "zod";
import { optionalText } from "../form-fields";

/**
 * A member's inquiry as typed, with the form's one-time token; the service checks what it must say (its title and
 * body, within their lengths).
 */
export const inquiryFormSchema = z.object({ token: optionalText, title: optionalText, body: optionalText });
