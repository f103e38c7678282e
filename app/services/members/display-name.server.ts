import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member } from "#app/db/schema";

/** A member's display name: the nickname, or the account name before the first-login profile is done. */
export function displayName(
  row: { nickname: string | null; name: string | null } | null | undefined,
): string {
  return row?.nickname ?? row?.name ?? "";
}

/** The display name of one member, read in the caller's database or transaction ("" for no such member). */
export async function memberName(db: Database, id: string): Promise<string> {
  const [row] = await db
    .select({ nickname: member.nickname, name: member.name })
    .from(member)
    .where(eq(member.id, id));
  return displayName(row);
}
