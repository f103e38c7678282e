/** Refusals of the operator console's own services: the audit log and the members' sanctions (ADR 056). */
export type AdminErrorCode =
  | "forbidden"
  | "member_not_found"
  | "member_self"
  | "member_staff"
  | "member_withdrawn"
  | "member_suspended"
  | "member_not_suspended"
  | "member_not_locked"
  | "member_no_sessions";
