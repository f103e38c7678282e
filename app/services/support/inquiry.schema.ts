import { z } from "zod";
import { optionalText } from "../form-fields";

/** A member's inquiry as typed; the service checks what it must say (its title and body, within their lengths). */
export const inquiryFormSchema = z.object({ title: optionalText, body: optionalText });
