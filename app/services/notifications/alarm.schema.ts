import { z } from "zod";
import { idText } from "../form-fields";

/** The notification list's buttons: open one (marking it read), or mark them all read. */
export const alarmListSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: idText }),
  z.object({ intent: z.literal("readAll") }),
]);

/** A switch of the notification settings: the type (the service knows which exist) and the state it asks for. */
export const alarmSettingForm = z.object({
  type: z.string(),
  enabled: z.enum(["true", "false"]).transform((enabled) => enabled === "true"),
});
