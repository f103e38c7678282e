import type { Database } from "#app/db/client.server";
import { member, type MemberRole } from "#app/db/schema";
import { actorOf, type Actor } from "#app/services/actor";

let counter = 0;

/** A member row, and the actor it is (made by `actorOf` from the stored role and two-step verification). */
export type TestMember = Actor & { nickname: string; twoFactorEnabled: boolean };

/** A member row with a complete profile flag, for service tests that need authors and readers. */
export async function insertMember(
  db: Database,
  options: {
    nickname?: string;
    role?: MemberRole;
    twoFactorEnabled?: boolean;
    joinedAt?: Date;
    memberType?: "individual" | "business";
  } = {},
): Promise<TestMember> {
  counter += 1;
  const id = `m${Date.now().toString(36)}${counter}`;
  const nickname = options.nickname ?? `rider${counter}${Date.now().toString(36).slice(-4)}`;
  const role = options.role ?? "member";
  const twoFactorEnabled = options.twoFactorEnabled ?? false;
  await db.insert(member).values({
    id,
    name: nickname,
    email: `${id}@example.com`,
    nickname,
    role,
    twoFactorEnabled,
    onboarding: "welcomed",
    memberType: options.memberType ?? null,
    createdAt: options.joinedAt ?? new Date(),
    updatedAt: options.joinedAt ?? new Date(),
  });
  return { ...actorOf({ id, role, twoFactorEnabled }), nickname, twoFactorEnabled };
}

/** An administrator with two-step verification on: the one who acts as an administrator. */
export function insertAdmin(db: Database, options: { nickname?: string } = {}): Promise<TestMember> {
  return insertMember(db, { ...options, role: "admin", twoFactorEnabled: true });
}
