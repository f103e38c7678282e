import { z } from "zod";
import { idText } from "../form-fields";

/** A button of the kept posts' list: the post it takes off the list (null: an id that names no post). */
export const keptArticleForm = z.object({ articleId: idText.nullable().catch(null) });
