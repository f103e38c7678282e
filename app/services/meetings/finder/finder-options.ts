import type { MeetingKind } from "#app/db/schema";

/** The `meetingType` codes, as the schema lists them; pages import this module, so it stays free of the schema. */
const meetingKinds: readonly MeetingKind[] = ["owner", "repair", "coaching", "rescue", "pickup"];

/** Where the finder looks when the page sent no position and the member has no main area (spec §9). */
export const DEFAULT_ORIGIN = { lat: 37.526618, lng: 126.919666 } as const;
/** The radius options 1 to 6 (spec §2, pickup; every kind offers the same list). */
export const RADIUS_OPTIONS_KM = [3, 5, 10, 20, 30, 50] as const;
export type RadiusKm = (typeof RADIUS_OPTIONS_KM)[number];
/** Option 3: the spec's default search radius of 10,000 m. */
export const DEFAULT_RADIUS_OPTION = 3;

export function isMeetingKind(value: unknown): value is MeetingKind {
  return (meetingKinds as readonly unknown[]).includes(value);
}
