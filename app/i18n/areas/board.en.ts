import type { Widen } from "../widen";
import type { koBoard } from "./board.ko";

/** English messages of the board area. */
export const enBoard: Widen<typeof koBoard> = {
  title: "Boards",
  blinded: "This is from a member you hid.",
  error: {
    kind_invalid: "There is no such board.",
    category_required: "Choose a category.",
    title_required: "Enter a title.",
    title_length: "Keep the title within 100 characters.",
    content_required: "Enter the content.",
    content_length: "Keep the content within 20,000 characters.",
    too_many_images: "A post can hold up to 10 images.",
    youtube_already_registered: "A YouTube video is already registered.",
    not_found: "This post was deleted or does not exist.",
    not_author: "Only the author can edit or delete this post.",
    forbidden: "You do not have permission to read this article.",
  },
  reveal: "Show",
};
