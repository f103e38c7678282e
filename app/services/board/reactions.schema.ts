import { z } from "zod";
import { idText } from "../form-fields";

/** A button of the kept posts' list: the post it takes off the list. */
export const keptArticleForm = z.object({ articleId: idText });
