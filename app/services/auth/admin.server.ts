import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";

/** Makes the member with this e-mail an administrator; answers false when no such member exists. */
export async function promoteToAdmin(db: Database, clock: Clock, email: string): Promise<boolean> {
  const updated = await db
    .update(member)
    .set({ role: "admin", updatedAt: clock.now() })
    .where(eq(member.email, email.trim().toLowerCase()))
    .returning({ id: member.id });
  return updated.length > 0;
}
