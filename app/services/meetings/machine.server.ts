import { meeting } from "#app/db/schema";
import { bindMachine } from "#app/services/state-machine.server";
import { meetingMachine } from "./meeting-machine";

/**
 * The meeting machine bound to `meeting.status`. Each transition's effects (system message, notification, jobs) are
 * taken by the meeting service right after it, in the same unit of work, where the acting side is known.
 */
export const meetings = bindMachine(meetingMachine, {
  table: meeting,
  id: meeting.id,
  state: meeting.status,
});
