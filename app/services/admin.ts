/** Who asks for an administrator function. */
export interface AdminActor {
  id: string;
  role: string;
  twoFactorEnabled: boolean;
}

/**
 * Administrator functions (reports, categories, notices, inquiries) are for administrators who turned on two-step
 * verification; every service checks this itself, whatever the page showed.
 */
export function isActingAdmin(actor: Pick<AdminActor, "role" | "twoFactorEnabled">): boolean {
  return actor.role === "admin" && actor.twoFactorEnabled;
}
