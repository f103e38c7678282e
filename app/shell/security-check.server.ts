import type { Actor } from "#app/services/actor";

/** Stub of the withdrawal password's security check (replaced by the settlement-information branch). */
export async function requireSecurityCheck(_request: Request, _actor: Actor): Promise<void> {}
