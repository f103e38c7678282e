/**
 * Tabs and limits of the notice area (announcements, FAQ, events), shared by pages and services.
 *
 * Announcement tabs: "notice" (공지) for service notices and policy changes, "update" (업데이트) for new features and
 * releases, "event" (이벤트 소식) for news about events. The first tab is the default of /announce.
 */
export const announcementTabs = ["notice", "update", "event"] as const;
export type AnnouncementTab = (typeof announcementTabs)[number];

/** FAQ tabs in the spec's order: users, experts, payments and settlement, service info. */
export const faqTabs = ["users", "experts", "payments", "service"] as const;
export type FaqTab = (typeof faqTabs)[number];

/** Event list tabs: the three states, and the events the signed-in member took part in. */
export const eventTabs = ["upcoming", "active", "ended", "participated"] as const;
export type EventTab = (typeof eventTabs)[number];
export type EventState = "upcoming" | "active" | "ended";

export const ANNOUNCEMENT_TITLE_MAX = 100;
export const EVENT_TITLE_MAX = 100;
export const EVENT_SUMMARY_MAX = 200;
export const FAQ_QUESTION_MAX = 200;
export const FAQ_ANSWER_MAX = 2000;

const includes = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

export const isAnnouncementTab = (value: unknown): value is AnnouncementTab =>
  includes(announcementTabs, value);
export const isFaqTab = (value: unknown): value is FaqTab => includes(faqTabs, value);
export const isEventTab = (value: unknown): value is EventTab => includes(eventTabs, value);

/** Upcoming before its start, active from its start until (not including) its end, ended after. */
export function eventState(event: { startsAt: Date; endsAt: Date }, now: Date): EventState {
  if (now.getTime() < event.startsAt.getTime()) return "upcoming";
  if (now.getTime() < event.endsAt.getTime()) return "active";
  return "ended";
}
