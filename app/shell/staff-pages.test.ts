import { describe, expect, it } from "vitest";
import { actorOf } from "#app/services/actor";
import { staffPagesFor } from "./staff-pages";

const pathsOf = (role: "member" | "admin" | "moderator" | "finance", twoFactorEnabled = true) =>
  staffPagesFor(actorOf({ id: "x", role, twoFactorEnabled })).map((page) => page.path);

describe("the menu's staff links", () => {
  it("shows each staff role the pages its permissions open, and members and visitors none", () => {
    expect(pathsOf("admin")).toHaveLength(19);
    expect(pathsOf("moderator")).toEqual([
      "/admin",
      "/admin/members",
      "/admin/report",
      "/admin/meeting",
      "/admin/no-show",
      "/admin/motorcycle-report",
      "/admin/theft",
      "/admin/inquiry",
    ]);
    expect(pathsOf("finance")).toEqual([
      "/admin",
      "/admin/coupons",
      "/admin/payments",
      "/admin/refunds",
      "/admin/earnings",
      "/admin/settlement",
      "/admin/withdrawals",
      "/admin/audit",
    ]);
    expect(pathsOf("member")).toEqual([]);
    expect(pathsOf("admin", false)).toEqual([]);
    expect(staffPagesFor(null)).toEqual([]);
  });
});
