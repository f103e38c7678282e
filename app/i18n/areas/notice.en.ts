import type { Widen } from "../widen";
import type { koNotice } from "./notice.ko";

/** English messages of the notice area. */
export const enNotice: Widen<typeof koNotice> = {
  title: "notice",
};
