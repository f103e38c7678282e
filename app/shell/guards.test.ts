import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clientStateKeys,
  guardNames,
  resolveGuards,
  runGuards,
  type GuardContext,
  type Viewer,
} from "./guards";

const member: Viewer = { id: "m1", onboarding: "welcomed" };
const newcomer: Viewer = { id: "m2", onboarding: "signed_up" };
const saved: Viewer = { id: "m3", onboarding: "profile_saved" };

function context(path: string, viewer: Viewer | null, params: GuardContext["params"] = {}): GuardContext {
  return { side: "server", url: new URL(path, "http://localhost"), params, viewer };
}

describe("route guards", () => {
  it("refuses an unknown guard name", () => {
    expect(() => resolveGuards(["auth", "admin-only"])).toThrow("Unknown route middleware: admin-only");
    expect(() => runGuards(["toString"], context("/", null))).toThrow("Unknown route middleware: toString");
    expect(resolveGuards(guardNames)).toHaveLength(guardNames.length);
  });

  it("auth sends visitors to the login page with the way back, in their language", () => {
    expect(runGuards(["auth"], context("/point?tab=earn", null))).toEqual({
      kind: "redirect",
      to: "/login?redirectTo=%2Fpoint%3Ftab%3Dearn",
    });
    expect(runGuards(["auth"], context("/en/point", null))).toEqual({
      kind: "redirect",
      to: "/en/login?redirectTo=%2Fen%2Fpoint",
    });
    expect(runGuards(["auth"], context("/point", member))).toEqual({ kind: "allow" });
    expect(runGuards(["auth"], context("/point", newcomer))).toEqual({ kind: "redirect", to: "/login/new" });
    expect(runGuards(["auth"], context("/point", saved))).toEqual({ kind: "redirect", to: "/login/welcome" });
  });

  it("auth sends an administrator without two-factor to the security settings first", () => {
    const admin: Viewer = { id: "a1", onboarding: "welcomed", role: "admin", twoFactorEnabled: false };
    expect(runGuards(["auth"], context("/point", admin))).toEqual({
      kind: "redirect",
      to: "/setting/account",
    });
    expect(runGuards(["auth"], context("/en/point", admin))).toEqual({
      kind: "redirect",
      to: "/en/setting/account",
    });
    expect(runGuards(["auth"], context("/setting/account", admin))).toEqual({ kind: "allow" });
    expect(runGuards(["auth"], context("/point", { ...admin, twoFactorEnabled: true }))).toEqual({
      kind: "allow",
    });
  });

  it("auth holds moderators and finance to the same two-factor rule, and members not at all", () => {
    for (const role of ["moderator", "finance"] as const) {
      const staff: Viewer = { id: "s1", onboarding: "welcomed", role, twoFactorEnabled: false };
      expect(runGuards(["auth"], context("/point", staff)), role).toEqual({
        kind: "redirect",
        to: "/setting/account",
      });
      expect(runGuards(["auth"], context("/point", { ...staff, twoFactorEnabled: true })), role).toEqual({
        kind: "allow",
      });
    }
    expect(
      runGuards(["auth"], context("/point", { ...member, role: "member", twoFactorEnabled: false })),
    ).toEqual({
      kind: "allow",
    });
  });

  it("main-auth lets visitors in and sends unfinished members to the first-login profile", () => {
    expect(runGuards(["main-auth"], context("/", null))).toEqual({ kind: "allow" });
    expect(runGuards(["main-auth"], context("/", member))).toEqual({ kind: "allow" });
    expect(runGuards(["main-auth"], context("/en", newcomer))).toEqual({
      kind: "redirect",
      to: "/en/login/new",
    });
    expect(runGuards(["main-auth"], context("/en", saved))).toEqual({
      kind: "redirect",
      to: "/en/login/welcome",
    });
  });

  it("first-auth keeps finished members and visitors out of the first-login pages", () => {
    expect(runGuards(["first-auth"], context("/login/new", newcomer))).toEqual({ kind: "allow" });
    expect(runGuards(["first-auth"], context("/login/welcome", saved))).toEqual({ kind: "allow" });
    expect(runGuards(["first-auth"], context("/login/new", member))).toEqual({ kind: "redirect", to: "/" });
    expect(runGuards(["first-auth"], context("/login/welcome", null))).toMatchObject({ kind: "redirect" });
  });

  it("leave sign-in decisions to the server when the browser does not know the viewer", () => {
    const browser = (path: string): GuardContext => ({
      ...context(path, null),
      side: "client",
      viewer: undefined,
    });
    expect(runGuards(["auth", "main-auth", "first-auth"], browser("/point"))).toEqual({ kind: "allow" });
    expect(runGuards(["expired-article"], { ...browser("/board/free/x"), params: { boardId: "x" } })).toEqual(
      {
        kind: "redirect",
        to: "/board/free",
      },
    );
  });

  it("expired-article returns to the list for an id that cannot exist", () => {
    expect(runGuards(["expired-article"], context("/board/free/12", null, { boardId: "12" }))).toEqual({
      kind: "allow",
    });
    expect(runGuards(["expired-article"], context("/en/board/free/abc", null, { boardId: "abc" }))).toEqual({
      kind: "redirect",
      to: "/en/board/free",
    });
    expect(runGuards(["expired-article"], context("/market/parts/0", null, { boardId: "0" }))).toEqual({
      kind: "redirect",
      to: "/market/parts",
    });
  });

  it("expired-review returns to the review list without a valid id", () => {
    expect(runGuards(["expired-review"], context("/review/motorcycle/detail?id=7", null))).toEqual({
      kind: "allow",
    });
    expect(runGuards(["expired-review"], context("/review/motorcycle/detail?id=-1", null))).toEqual({
      kind: "redirect",
      to: "/review/motorcycle/list",
    });
  });

  it("stops at the first guard that does not allow", () => {
    expect(runGuards(["main-auth", "auth", "expired-article"], context("/board/free/x", null))).toEqual({
      kind: "redirect",
      to: "/login?redirectTo=%2Fboard%2Ffree%2Fx",
    });
  });

  describe("clear guards", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("clear their page state in the browser and allow", () => {
      const removed: string[] = [];
      vi.stubGlobal("window", { sessionStorage: { removeItem: (key: string) => removed.push(key) } });
      const names = ["clear-article-page", "clear-meeting-manage-index", "clear-search-model"] as const;
      const result = runGuards(names, { ...context("/", null), side: "client" });
      expect(result).toEqual({ kind: "allow" });
      expect(removed).toEqual(names.map((name) => clientStateKeys[name]));
    });

    it("do nothing on the server", () => {
      expect(runGuards(["clear-article-page"], context("/", null))).toEqual({ kind: "allow" });
    });
  });
});
