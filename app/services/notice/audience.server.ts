import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member } from "#app/db/schema";
import { notifyMany, type NotifyInput } from "#app/services/notifications/notify.server";

/** Members who receive notices: the first-login profile is complete and the account is not withdrawn. */
export async function activeMemberIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.profileComplete, true), isNull(member.withdrawnAt)))
    .orderBy(member.id);
  return rows.map((row) => row.id);
}

/**
 * Sends one notification to every active member (a new announcement, an event starting). Answers how many members
 * it was addressed to (the actor, when given, is skipped by notify).
 */
export async function notifyAllMembers(
  db: Database,
  input: Omit<NotifyInput, "recipientId">,
): Promise<number> {
  const recipients = await activeMemberIds(db);
  await notifyMany(db, recipients, input);
  return recipients.length;
}
