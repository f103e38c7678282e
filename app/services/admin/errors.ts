import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of the operator console's own services: the audit log and the members' sanctions (ADR 056). */
export const adminErrors = areaErrors("admin.error", {
  forbidden: 403,
  member_not_found: 404,
  member_self: 409,
  member_staff: 409,
  member_withdrawn: 409,
  member_suspended: 409,
  member_not_suspended: 409,
  member_not_locked: 409,
  member_no_sessions: 409,
});
export type AdminErrorCode = ErrorCodeOf<typeof adminErrors>;
