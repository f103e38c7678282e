import { eq, like } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member, memberReputation } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { recomputeReputation } from "#app/services/reputation/reputation.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";

/**
 * The demo members' manner temperatures, computed from what the other demo seeds left (trades, reviews, meetings,
 * feedback) by the same recompute the services run. Some seeds write their rows directly, so this runs after them
 * all; it is idempotent, and answers how many demo members' scores it changed.
 */
export async function seedDemoReputations(db: Database, clock: Clock): Promise<number> {
  const riders = await db
    .select({ id: member.id, score: memberReputation.score })
    .from(member)
    .leftJoin(memberReputation, eq(memberReputation.memberId, member.id))
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  if (riders.length === 0) return 0;
  await runInTransaction(db, clock, (uow) =>
    recomputeReputation(
      uow,
      riders.map((rider) => rider.id),
    ),
  );
  const after = await db
    .select({ id: memberReputation.memberId, score: memberReputation.score })
    .from(memberReputation)
    .innerJoin(member, eq(member.id, memberReputation.memberId))
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  const before = new Map(riders.map((rider) => [rider.id, rider.score]));
  return after.filter((row) => before.get(row.id) !== row.score).length;
}
