/** Refusals of the operator console's own services (the audit log, later the members' sanctions). */
export type AdminErrorCode = "forbidden";
