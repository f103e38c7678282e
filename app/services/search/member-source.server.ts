import { and, asc, eq, ilike, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member, memberProfile } from "#app/db/schema";
import { encodeCursor } from "#app/services/cursor";
import { containsPattern, decodeCursor } from "./query";
import type { ProfileHit, SearchPage, SearchSource } from "./types";

/** Members who can be found: first-login profile complete, not withdrawn, nickname containing the query. */
export function memberMatchSql(query: string): SQL {
  return and(
    eq(member.onboarding, "welcomed"),
    isNull(member.withdrawnAt),
    isNotNull(member.nickname),
    ilike(member.nickname, containsPattern(query)),
  )!;
}

/**
 * Member nicknames ("라이더" finds "한강라이더민수"), nicknames that start with the query first. Members the reader
 * hid are still found (the reader may want their profile, to unblind them), flagged blinded like their posts.
 */
export const memberSearchSource: SearchSource = {
  area: "member",
  labelKey: "search.area.member",
  async search(db: Database, ctx): Promise<SearchPage> {
    const match = memberMatchSql(ctx.query);
    const position = sql<number>`strpos(lower(${member.nickname}), lower(${ctx.query}))`;
    let keyset: SQL | undefined;
    if (ctx.cursor) {
      const [pos, nickname, id] = decodeCursor(ctx.cursor, ["number", "string", "string"]);
      keyset = sql`(${position}, ${member.nickname}, ${member.id}) > (${pos}, ${nickname}, ${id})`;
    }
    const [[counted], rows] = await Promise.all([
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(member)
        .where(match),
      db
        .select({
          id: member.id,
          nickname: member.nickname,
          image: member.image,
          introduction: memberProfile.introduction,
          position,
        })
        .from(member)
        .leftJoin(memberProfile, eq(memberProfile.userId, member.id))
        .where(and(match, keyset))
        .orderBy(asc(position), asc(member.nickname), asc(member.id))
        .limit(ctx.limit + 1),
    ]);
    const page = rows.slice(0, ctx.limit);
    const last = page.at(-1);
    return {
      total: counted?.n ?? 0,
      items: page.map((row): ProfileHit => ({
        layout: "profile",
        id: row.id,
        memberId: row.id,
        path: `/profile/${row.id}`,
        nickname: row.nickname ?? "",
        avatarUrl: row.image,
        introduction: row.introduction,
        blinded: ctx.blinded.has(row.id),
      })),
      nextCursor:
        rows.length > ctx.limit && last ? encodeCursor([last.position, last.nickname ?? "", last.id]) : null,
    };
  },
};
