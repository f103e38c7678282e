import type { Widen } from "../widen";
import type { koBoard } from "./board.ko";

/** English messages of the board area. */
export const enBoard: Widen<typeof koBoard> = {
  title: "Boards",
  blinded: "This is from a member you hid.",
  reveal: "Show",
};
