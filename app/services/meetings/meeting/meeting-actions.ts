import { MINUTE_MS } from "#app/platform/seoul-calendar";
import { allowedTransitions } from "#app/services/state-machine";
import type { Meeting, MeetingRole } from "./participants.server";
import { meetingMachine } from "./meeting-machine";

/** What a viewer may do in a meeting's chat: the plus controller's buttons, and the requester's cancel. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the list names the union below
const meetingActions = ["setAppointment", "setPlace", "reserve", "cancel", "end", "reportNoShow"] as const;
export type MeetingAction = (typeof meetingActions)[number];

/** The no-show button opens this long after the agreed time. */
const NO_SHOW_AFTER_MS = 15 * MINUTE_MS;
/** Reminders go this many minutes before the appointment. */
export const REMINDER_MINUTES = [60, 30] as const;
export type ReminderMinutes = (typeof REMINDER_MINUTES)[number];

/** States in which the provider still arranges the meeting (appointment, place). */
const arranging: ReadonlySet<Meeting["status"]> = new Set(["chatting", "reserved"]);

type MeetingFacts = Pick<Meeting, "status" | "appointmentAt">;

/**
 * The one resolver of (state × role × time): what the meeting machine lets the role take from this state, narrowed
 * by the rules of time (a reservation needs an appointment still ahead; a meeting ends only once its time has come;
 * a no-show is reported from 15 minutes after it), plus the provider's arranging. Pages show exactly these.
 */
export function allowedActions(m: MeetingFacts, role: MeetingRole, now: Date): MeetingAction[] {
  const transitions = new Set(allowedTransitions(meetingMachine, m.status, role));
  const at = m.appointmentAt?.getTime() ?? null;
  const time = now.getTime();
  const actions: MeetingAction[] = [];
  if (role === "provider" && arranging.has(m.status)) actions.push("setAppointment", "setPlace");
  if (transitions.has("reserve") && at !== null && at > time) actions.push("reserve");
  if (transitions.has("cancel")) actions.push("cancel");
  if (transitions.has("end") && at !== null && time >= at) actions.push("end");
  if (
    (role === "provider" || role === "requester") &&
    m.status === "reserved" &&
    at !== null &&
    time >= at + NO_SHOW_AFTER_MS
  )
    actions.push("reportNoShow");
  return actions;
}
