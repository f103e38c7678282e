import { defineMachine } from "#app/services/state-machine";

/**
 * A meeting opens chatting when a requester sends a request. The provider confirms the appointment (reserved) and
 * closes the meeting after it (ended); either side cancels before it ends, with a reason; an administrator may
 * cancel or close a meeting in a dispute. The system expires a request the provider never answered (7 days).
 * Payment has its own machine on `meeting.payment_status`; amount-0 meetings end without one.
 */
export const meetingMachine = defineMachine({
  name: "meeting",
  states: ["chatting", "reserved", "cancelled", "ended", "expired"],
  roles: ["requester", "provider", "system", "admin", "member"],
  initial: "chatting",
  transitions: [
    { name: "reserve", from: ["chatting"], to: "reserved", actors: ["provider"] },
    {
      name: "cancel",
      from: ["chatting", "reserved"],
      to: "cancelled",
      actors: ["requester", "provider", "admin"],
    },
    { name: "end", from: ["reserved"], to: "ended", actors: ["provider", "admin"] },
    { name: "expire", from: ["chatting"], to: "expired", actors: ["system"] },
  ],
});
