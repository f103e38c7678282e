import { areaErrors } from "#app/services/error-model";

/** Refusals of the notification inbox and its settings; their messages are named in camel case. */
export const alarmErrors = areaErrors("alarm.error", {
  alarm_not_found: { status: 404, messageKey: "alarm.error.notFound" },
  unknown_alarm_type: { status: 400, messageKey: "alarm.error.unknownType" },
});
