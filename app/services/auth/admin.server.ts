import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { StaffRole } from "#app/services/permissions";

/**
 * Gives the member with this e-mail a staff role (an administrator unless told otherwise); answers false when no
 * such member exists.
 */
export async function promoteToAdmin(
  db: Database,
  clock: Clock,
  email: string,
  role: StaffRole = "admin",
): Promise<boolean> {
  const updated = await db
    .update(member)
    .set({ role, updatedAt: clock.now() })
    .where(eq(member.email, email.trim().toLowerCase()))
    .returning({ id: member.id });
  return updated.length > 0;
}
