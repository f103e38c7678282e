/** Refusals of the notification inbox and its settings. */
export const alarmErrorCodes = ["alarm_not_found", "unknown_alarm_type"] as const;
export type AlarmErrorCode = (typeof alarmErrorCodes)[number];
