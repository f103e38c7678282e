import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Database } from "#app/db/client.server";
import { memberSanction } from "#app/db/schema";

/** The code a refused session carries out of the authentication library (and the social sign-in's `?error=`). */
export const SUSPENDED_CODE = "member_suspended";

/** A suspension that refuses sign-in now: until when (null: permanently). */
export interface SuspensionInForce {
  id: number;
  endsAt: Date | null;
}

/**
 * The member's suspension in force at `now`, if any: started, not ended, not lifted. Of several, the one that
 * lasts longest (a permanent one first).
 */
export async function suspensionInForce(
  db: Database,
  memberId: string,
  now: Date,
): Promise<SuspensionInForce | undefined> {
  const [row] = await db
    .select({ id: memberSanction.id, endsAt: memberSanction.endsAt })
    .from(memberSanction)
    .where(
      and(
        eq(memberSanction.memberId, memberId),
        eq(memberSanction.kind, "suspension"),
        isNull(memberSanction.liftedAt),
        lte(memberSanction.startsAt, now),
        or(isNull(memberSanction.endsAt), gt(memberSanction.endsAt, now)),
      ),
    )
    .orderBy(sql`${memberSanction.endsAt} desc nulls first`, desc(memberSanction.id))
    .limit(1);
  return row;
}

/** The member row's copy of the suspension in force (see `member.suspendedFrom`): does it refuse at `now`? */
export function suspendedAt(
  copy: { suspendedFrom?: Date | string | null; suspendedUntil?: Date | string | null },
  now: Date,
): boolean {
  if (!copy.suspendedFrom || new Date(copy.suspendedFrom) > now) return false;
  return !copy.suspendedUntil || new Date(copy.suspendedUntil) > now;
}

/**
 * The refusal of a session for a suspended member, thrown from the session hook whatever way in was tried (password,
 * two-step code, a provider, an e-mail link): the library turns it into its error answer or, for a provider, a
 * redirect to the sign-in page with `?error=member_suspended`.
 */
export async function refuseSuspendedSession(db: Database, memberId: string, now: Date): Promise<void> {
  if (!(await suspensionInForce(db, memberId, now))) return;
  throw new APIError("FORBIDDEN", { code: SUSPENDED_CODE, message: "This account is suspended" });
}

/** Whether an error from the authentication library is the refusal above. */
export function isSuspendedRefusal(error: unknown): boolean {
  return error instanceof APIError && (error.body as { code?: unknown } | undefined)?.code === SUSPENDED_CODE;
}
