import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member, memberSkill, type MeetingKind } from "#app/db/schema";
import type { Language } from "#app/i18n";
import { listFilterTable } from "#app/services/reference/filters.server";
import { activeBan } from "#app/services/meetings/conduct/bans.server";

export interface RequestTarget {
  skillId: number;
  providerId: string;
  nickname: string;
  avatarUrl: string | null;
  business: boolean;
  /** The district only: an expert's exact place is never shown. */
  areaName: string;
  entries: string[];
  priceGuide: number | null;
  /** The repair or pickup items a request may name: the expert's own, or every one when they named none. */
  options: { code: string; label: string }[];
}

/**
 * The expert a request page asks, by skill: null when the skill is missing, switched off, of another kind, or its
 * member is banned or gone (the request itself is refused the same way by `requestMeeting`).
 */
export async function requestTarget(
  db: Database,
  kind: MeetingKind,
  skillId: number,
  now: Date,
  language: Language,
): Promise<RequestTarget | null> {
  const [row] = await db
    .select({
      skill: memberSkill,
      nickname: member.nickname,
      name: member.name,
      avatarUrl: member.image,
      memberType: member.memberType,
    })
    .from(memberSkill)
    .innerJoin(member, eq(member.id, memberSkill.memberId))
    .where(
      and(
        eq(memberSkill.id, skillId),
        eq(memberSkill.kind, kind),
        eq(memberSkill.active, true),
        isNull(member.withdrawnAt),
      ),
    );
  if (!row || (await activeBan(db, row.skill.memberId, now))) return null;
  const table = kind === "repair" ? "repairSkill" : kind === "pickup" ? "pickupItem" : null;
  const offered = row.skill.codes;
  const options = table
    ? (await listFilterTable(db, table))
        .filter((item) => offered.length === 0 || offered.includes(item.code))
        .map((item) => ({ code: item.code, label: item.label[language] }))
    : [];
  return {
    skillId: row.skill.id,
    providerId: row.skill.memberId,
    nickname: row.nickname ?? row.name,
    avatarUrl: row.avatarUrl,
    business: row.memberType === "business",
    areaName: row.skill.areaName,
    entries: row.skill.entries,
    priceGuide: row.skill.priceGuide,
    options,
  };
}
