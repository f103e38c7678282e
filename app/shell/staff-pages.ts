import type { Actor } from "#app/services/actor";
import { can, isStaff, type Permission } from "#app/services/permissions";

/**
 * The staff pages the menu and the console's navigation link to, each with the permission that opens it (none: any
 * staff member); the page's own guard checks again.
 */
const staffPages = [
  { path: "/admin", label: "dashboard", permission: null },
  { path: "/admin/members", label: "members", permission: "manage:members" },
  { path: "/admin/report", label: "report", permission: "moderate:content" },
  { path: "/admin/meeting", label: "meeting", permission: "moderate:content" },
  { path: "/admin/no-show", label: "noShow", permission: "moderate:content" },
  { path: "/admin/motorcycle-report", label: "motorcycleReport", permission: "moderate:content" },
  { path: "/admin/theft", label: "theft", permission: "moderate:content" },
  { path: "/admin/inquiry", label: "inquiry", permission: "moderate:content" },
  { path: "/admin/community", label: "community", permission: "manage:site" },
  { path: "/admin/board", label: "board", permission: "manage:site" },
  { path: "/admin/motorcycle", label: "motorcycle", permission: "manage:site" },
  { path: "/admin/jobs", label: "jobs", permission: "manage:site" },
  { path: "/admin/coupons", label: "coupons", permission: "manage:money" },
  { path: "/admin/payments", label: "payments", permission: "manage:money" },
  { path: "/admin/refunds", label: "refunds", permission: "manage:money" },
  { path: "/admin/earnings", label: "earnings", permission: "manage:money" },
  { path: "/admin/settlement", label: "settlement", permission: "manage:money" },
  { path: "/admin/withdrawals", label: "withdrawals", permission: "manage:money" },
  { path: "/admin/audit", label: "audit", permission: "read:audit" },
] as const satisfies readonly { path: string; label: string; permission: Permission | null }[];

export interface StaffPageLink {
  path: string;
  /** A key of the shell's `nav.staff` messages. */
  label: (typeof staffPages)[number]["label"];
}

/** The staff pages this actor may open, in menu order: none for members and visitors. */
export function staffPagesFor(actor: Actor | null): StaffPageLink[] {
  return staffPages
    .filter((page) => (page.permission === null ? isStaff(actor) : can(actor, page.permission)))
    .map(({ path, label }) => ({ path, label }));
}
