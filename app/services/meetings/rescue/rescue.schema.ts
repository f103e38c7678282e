import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { idText, optionalText, requiredText } from "#app/services/form-fields";

/** Longest situation a rescue call carries, and longest district name sent with it. */
export const RESCUE_SITUATION_MAX = 200;
export const RESCUE_AREA_NAME_MAX = 40;

const issue = (message: MessageKey) => ({ error: message });

const coordinate = (bound: number) =>
  z
    .number(issue("rescue.error.location_invalid"))
    .min(-bound, issue("rescue.error.location_invalid"))
    .max(bound, issue("rescue.error.location_invalid"));

/**
 * The one-tap rescue form (/meeting/rescue/call): the situation typed by the rider and where they are (the
 * browser's position, or their main area, in hidden fields). The browser and the action parse with it; the service
 * checks the same rules again and finds the experts.
 */
export const rescueCallSchema = z.object({
  situation: requiredText("rescue.error.situation_invalid").refine(
    (text) => [...text].length <= RESCUE_SITUATION_MAX,
    issue("rescue.error.situation_invalid"),
  ),
  latitude: coordinate(90),
  longitude: coordinate(180),
  areaName: optionalText.transform((text) => [...text.trim()].slice(0, RESCUE_AREA_NAME_MAX).join("")),
});

/** The rider's page: send a call (the form above), or withdraw the open one. */
export const rescueCallPageSchema = z.discriminatedUnion("intent", [
  rescueCallSchema.extend({ intent: z.literal("send") }),
  z.object({ intent: z.literal("withdraw"), callId: idText }),
]);

/** An expert's answer to an incoming call: accept it (a meeting opens) or decline it; null names no call. */
export const incomingCallSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(["accept", "decline"]), callId: idText.nullable().catch(null) }),
]);
