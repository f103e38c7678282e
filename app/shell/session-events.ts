import { useEffect, useRef } from "react";

/** The session as the browser knows it: who is signed in and until when (never the token). */
export type SessionSnapshot = {
  userId: string;
  name: string;
  profileComplete: boolean;
  expiresAt: string;
} | null;

export type SessionEvent =
  "INITIAL_SESSION" | "SIGNED_IN" | "SIGNED_OUT" | "TOKEN_REFRESHED" | "USER_UPDATED";

/** Keys of client-held member state that sign-out clears. */
const memberStorageKeys = { userId: "motomate.userId", profile: "motomate.profile" } as const;

/** The events that lead from one snapshot to the next (undefined: the page has just loaded). */
export function sessionEventsBetween(
  previous: SessionSnapshot | undefined,
  next: SessionSnapshot,
): SessionEvent[] {
  if (previous === undefined) return ["INITIAL_SESSION"];
  if (!previous && !next) return [];
  if (!previous && next) return ["SIGNED_IN"];
  if (previous && !next) return ["SIGNED_OUT"];
  if (previous!.userId !== next!.userId) return ["SIGNED_OUT", "SIGNED_IN"];
  const events: SessionEvent[] = [];
  if (previous!.expiresAt !== next!.expiresAt) events.push("TOKEN_REFRESHED");
  if (previous!.name !== next!.name || previous!.profileComplete !== next!.profileComplete)
    events.push("USER_UPDATED");
  return events;
}

/**
 * Follows the session in the root loader's data (shared by every page) and acts on its events: signing out
 * clears the member state kept in this browser.
 */
export function useSessionEvents(session: SessionSnapshot) {
  const previous = useRef<SessionSnapshot | undefined>(undefined);
  useEffect(() => {
    const events = sessionEventsBetween(previous.current, session);
    previous.current = session;
    for (const event of events) {
      if (event === "SIGNED_OUT" || (event === "INITIAL_SESSION" && !session)) {
        window.localStorage.removeItem(memberStorageKeys.userId);
        window.localStorage.removeItem(memberStorageKeys.profile);
      }
      if (session && (event === "SIGNED_IN" || event === "INITIAL_SESSION")) {
        window.localStorage.setItem(memberStorageKeys.userId, session.userId);
      }
    }
  }, [session]);
}
