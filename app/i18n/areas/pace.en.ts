import type { Widen } from "../widen";
import type { koPace } from "./pace.ko";

/** English messages of the pace of actions that reach other members. */
export const enPace: Widen<typeof koPace> = {
  error: {
    too_many_listings:
      "You can post up to {limit, number} listings an hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
    too_many_offers:
      "You can make up to {limit, number} price offers an hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
    too_many_meeting_requests:
      "You can send up to {limit, number} meeting requests an hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
    too_many_rescue_calls:
      "You can send up to {limit, number} rescue calls an hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },
};
