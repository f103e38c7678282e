import type { Database } from "#app/db/client.server";
import { member } from "#app/db/schema";

let counter = 0;

/** A member row with a complete profile flag, for service tests that need authors and readers. */
export async function insertMember(
  db: Database,
  options: { nickname?: string; role?: "member" | "admin" } = {},
): Promise<{ id: string; nickname: string; role: "member" | "admin" }> {
  counter += 1;
  const id = `m${Date.now().toString(36)}${counter}`;
  const nickname = options.nickname ?? `rider${counter}${Date.now().toString(36).slice(-4)}`;
  const role = options.role ?? "member";
  await db
    .insert(member)
    .values({ id, name: nickname, email: `${id}@example.com`, nickname, role, profileComplete: true });
  return { id, nickname, role };
}
