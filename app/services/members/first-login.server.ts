import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { checkNickname, type NicknameProblem } from "./nickname";

export class NicknameError extends Error {
  constructor(readonly problem: NicknameProblem | "taken") {
    super(problem);
    this.name = "NicknameError";
  }
}

/** Saves the nickname chosen at first login; the duplicate check is repeated here, where the unique index decides. */
export async function completeFirstLogin(db: Database, clock: Clock, userId: string, input: string) {
  const nickname = input.trim();
  const problem = checkNickname(nickname);
  if (problem) throw new NicknameError(problem);
  const [taken] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(sql`lower(${member.nickname}) = lower(${nickname})`, ne(member.id, userId)));
  if (taken) throw new NicknameError("taken");
  try {
    await db
      .update(member)
      .set({ nickname, name: nickname, profileComplete: true, updatedAt: clock.now() })
      .where(eq(member.id, userId));
  } catch (error) {
    // Two members racing for one nickname: the unique index lets one through.
    const [winner] = await db
      .select({ id: member.id })
      .from(member)
      .where(and(sql`lower(${member.nickname}) = lower(${nickname})`, ne(member.id, userId)));
    if (winner) throw new NicknameError("taken");
    throw error;
  }
}
