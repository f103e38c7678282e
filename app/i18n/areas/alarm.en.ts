import type { Widen } from "../widen";
import type { koAlarm } from "./alarm.ko";

/** English messages of the alarm area. */
export const enAlarm: Widen<typeof koAlarm> = {
  title: "alarm",
};
