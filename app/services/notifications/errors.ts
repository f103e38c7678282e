/** Refusals of the notification inbox and its settings. */
export type AlarmErrorCode = "alarm_not_found" | "unknown_alarm_type";
