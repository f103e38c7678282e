import type { Widen } from "../widen";
import type { koComment } from "./comment.ko";

/** English messages of the comment area. */
export const enComment: Widen<typeof koComment> = {
  title: "comment",
};
