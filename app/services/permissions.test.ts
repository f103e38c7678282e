import { describe, expect, it } from "vitest";
import { memberRoleOf } from "#app/db/schema";
import { actorOf } from "./actor";
import { DomainError } from "./errors";
import { can, isStaff, mayManage, permissions, requirePermission, type Permission } from "./permissions";

const staff = (role: "admin" | "moderator" | "finance", twoFactorEnabled = true) =>
  actorOf({ id: `${role}-1`, role, twoFactorEnabled });

/** What each role may do, written out here independently of the grant table it checks (ADR 055). */
const expected: Record<"admin" | "moderator" | "finance", Permission[]> = {
  admin: ["moderate:content", "manage:members", "manage:site", "manage:money", "read:audit"],
  moderator: ["moderate:content", "manage:members"],
  finance: ["manage:money", "read:audit"],
};

describe("staff permissions", () => {
  it("grants each staff role exactly its permissions", () => {
    for (const role of ["admin", "moderator", "finance"] as const) {
      const actor = staff(role);
      expect(isStaff(actor), role).toBe(true);
      expect(
        permissions.filter((permission) => can(actor, permission)),
        role,
      ).toEqual(expected[role]);
    }
  });

  it("grants nothing to members, visitors, or staff without two-step verification", () => {
    const nobody = [
      null,
      undefined,
      actorOf({ id: "m1", role: "member", twoFactorEnabled: true }),
      staff("admin", false),
      staff("moderator", false),
      staff("finance", false),
    ];
    for (const actor of nobody) {
      expect(isStaff(actor)).toBe(false);
      for (const permission of permissions) expect(can(actor, permission)).toBe(false);
    }
  });

  it("refuses with the area's own error, and lets the permitted through", () => {
    const fail = () => new DomainError("board", "admin_only");
    expect(() => requirePermission(staff("moderator"), "manage:site", fail)).toThrow(
      expect.objectContaining({ area: "board", code: "admin_only" }),
    );
    expect(() => requirePermission(staff("admin"), "manage:site", fail)).not.toThrow();
  });

  it("lets the author or staff who moderate content manage a post, and nobody else", () => {
    const author = actorOf({ id: "author", role: "member", twoFactorEnabled: false });
    expect(mayManage(author, "author")).toBe(true);
    expect(mayManage(staff("moderator"), "author")).toBe(true);
    expect(mayManage(staff("admin"), "author")).toBe(true);
    expect(mayManage(staff("finance"), "author")).toBe(false);
    expect(mayManage(null, "author")).toBe(false);
  });

  it("reads an unknown stored role as a member's", () => {
    expect(memberRoleOf("moderator")).toBe("moderator");
    expect(memberRoleOf("superuser")).toBe("member");
    expect(memberRoleOf(null)).toBe("member");
  });
});
