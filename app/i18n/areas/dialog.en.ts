import type { Widen } from "../widen";
import type { koDialog } from "./dialog.ko";

/** English messages of the dialogs. */
export const enDialog: Widen<typeof koDialog> = {
  close: "Close",
  cancel: "Cancel",
  leave: "Leave",
  stay: "Keep writing",
};
