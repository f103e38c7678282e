import type { Widen } from "../widen";
import type { koEditor } from "./editor.ko";

/** English messages of the editor area. */
export const enEditor: Widen<typeof koEditor> = {
  title: "editor",
};
