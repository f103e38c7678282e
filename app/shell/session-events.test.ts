import { describe, expect, it } from "vitest";
import { sessionEventsBetween, type SessionSnapshot } from "./session-events";

const rider: SessionSnapshot = {
  userId: "u1",
  name: "라이더",
  profileComplete: true,
  expiresAt: "2027-12-01T00:00:00Z",
};

describe("session events", () => {
  it("announce the first session, sign-in, sign-out and a switch of member", () => {
    expect(sessionEventsBetween(undefined, null)).toEqual(["INITIAL_SESSION"]);
    expect(sessionEventsBetween(undefined, rider)).toEqual(["INITIAL_SESSION"]);
    expect(sessionEventsBetween(null, rider)).toEqual(["SIGNED_IN"]);
    expect(sessionEventsBetween(rider, null)).toEqual(["SIGNED_OUT"]);
    expect(sessionEventsBetween(rider, { ...rider!, userId: "u2" })).toEqual(["SIGNED_OUT", "SIGNED_IN"]);
    expect(sessionEventsBetween(null, null)).toEqual([]);
  });

  it("announce a refreshed session and an updated member", () => {
    expect(sessionEventsBetween(rider, { ...rider!, expiresAt: "2027-12-02T00:00:00Z" })).toEqual([
      "TOKEN_REFRESHED",
    ]);
    expect(sessionEventsBetween(rider, { ...rider!, name: "새닉네임" })).toEqual(["USER_UPDATED"]);
    expect(sessionEventsBetween(rider, { ...rider! })).toEqual([]);
  });
});
