/** Korean messages of the alarm area (part of the catalogue in ../ko.ts). */
export const koAlarm = {
  title: "alarm",
} as const;
