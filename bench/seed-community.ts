/**
 * Fills a bench database with 100,000 board articles and 500,000 comments (1,000 members), all in SQL so that it
 * takes seconds rather than minutes. Counters other than comments (likes, views) are synthetic: no like rows exist.
 */
import { sql } from "drizzle-orm";
import { systemClock } from "#app/platform/clock.server";
import { queryRows, type DatabaseHandle } from "#app/db/client.server";
import { seedBoardCategories } from "#app/services/board/articles.server";
import { boardListQuery, listBoardArticles } from "#app/services/board/list.server";
import { boardKinds } from "#app/services/board/kinds";
import { seedReferenceData } from "#app/services/reference/seed.server";

export const BENCH_ARTICLES = 100_000;
export const BENCH_COMMENTS = 500_000;
const MEMBERS = 1_000;

const titles = [
  "엔진오일 교환 주기 질문드립니다",
  "주말 북악스카이웨이 라이딩 후기",
  "초보 라이더 헬멧 추천 부탁드려요",
  "체인 장력 조절 방법 정리",
  "겨울철 배터리 관리 팁",
  "강원도 미시령 옛길 코스 공유",
  "슬립온 머플러 장착 후기",
  "스쿠터 출퇴근 한 달 유지비",
  "타이어 공기압 얼마로 맞추세요",
  "정비소 추천 부탁드립니다",
  "비 오는 날 라이딩 주의점",
  "번호판 단속 강화 소식",
];

const bodies = [
  "지난 주말에 다녀온 코스인데 노면 상태가 좋아서 초보분들도 부담 없이 달릴 수 있었습니다. 중간에 쉬어 갈 카페도 많아요.",
  "센터에서는 3,000km마다 교환하라고 하는데 시내 주행이 많으면 더 자주 갈아 주는 게 좋다고 하네요. 여러분은 어떻게 관리하시나요?",
  "장비는 안전이 최우선이라 인증 받은 제품 위주로 골랐습니다. 사이즈는 꼭 직접 써 보고 고르세요.",
  "체인은 500km마다 청소하고 윤활하는 게 좋습니다. 장력은 매뉴얼의 유격 기준을 지켜 주세요.",
];

export async function seedBenchCommunity(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await seedReferenceData(db, systemClock);
  await seedBoardCategories(db, systemClock);
  const kinds = sql.raw(`array[${boardKinds.map((kind) => `'${kind}'`).join(",")}]`);
  const titleArray = sql.raw(`array[${titles.map((title) => `'${title}'`).join(",")}]`);
  const bodyArray = sql.raw(`array[${bodies.map((body) => `'${body}'`).join(",")}]`);

  await db.execute(sql`
    insert into member (id, name, email, nickname, role, onboarding, member_type, created_at, updated_at)
    select 'bench-' || g, '벤치라이더' || g, 'bench' || g || '@bench.motomate.kr', '벤치라이더' || g, 'member', 'welcomed',
      'individual', now(), now()
    from generate_series(1, ${MEMBERS}) g`);

  // Articles: newest first by id, spread five minutes apart; about 1 % private.
  await db.execute(sql`
    with cats as (select kind, array_agg(id order by id) ids from board_category group by kind),
    src as (
      select g, (${kinds})[1 + g % ${boardKinds.length}] as kind,
        (${titleArray})[1 + g % ${titles.length}] as title,
        (${bodyArray})[1 + g % ${bodies.length}] as body
      from generate_series(1, ${BENCH_ARTICLES}) g
    )
    insert into board_article (kind, category_id, author_id, title, content_html, content_text, is_private,
      like_count, view_count, created_at, updated_at)
    select s.kind, c.ids[1 + (s.g / 10) % array_length(c.ids, 1)], 'bench-' || (1 + s.g % ${MEMBERS}),
      s.title || ' ' || s.g, '<p>' || s.body || '</p>', s.body, s.g % 97 = 0,
      (s.g * 7919) % 200, (s.g * 31) % 5000,
      now() - ((${BENCH_ARTICLES} - s.g) * interval '5 minutes'),
      now() - ((${BENCH_ARTICLES} - s.g) * interval '5 minutes')
    from src s join cats c on c.kind = s.kind
    order by s.g`);

  // Five comments per article on average; every fifth comment after the first round replies to the comment of the
  // same article one round earlier (ids are assigned in insertion order on the fresh table).
  await db.execute(sql`
    insert into board_comment (article_id, parent_id, author_id, content, created_at, updated_at)
    select 1 + (g - 1) % ${BENCH_ARTICLES},
      case when g > ${BENCH_ARTICLES} and g % 5 = 0 then g - ${BENCH_ARTICLES} end,
      'bench-' || (1 + (g * 13) % ${MEMBERS}),
      '좋은 정보 감사합니다. 저도 비슷한 경험이 있어요. (' || g || ')',
      now() - ((${BENCH_COMMENTS} - g) * interval '1 minute'),
      now() - ((${BENCH_COMMENTS} - g) * interval '1 minute')
    from generate_series(1, ${BENCH_COMMENTS}) g
    order by g`);

  await db.execute(sql`
    update board_article a set comment_count = c.n
    from (select article_id, count(*)::int n from board_comment group by article_id) c
    where a.id = c.article_id`);
  await db.execute(sql`analyze`);
}

/**
 * The plans PostgreSQL chooses for the /board/free list query as the page runs it: the first page and the next one
 * (keyset cursor). Both must read the board's partial index, with no sort step and no OFFSET.
 */
export async function explainBoardList(handle: DatabaseHandle): Promise<string> {
  const { db } = handle;
  const first = await listBoardArticles(db, null, new Set(), { kind: "free", sort: "latest" });
  const plans: string[] = [];
  for (const [label, cursor] of [
    ["first page", null],
    ["next page (cursor)", first.nextCursor],
  ] as const) {
    const query = boardListQuery(db, { kind: "free", sort: "latest", cursor });
    const rows = await queryRows<Record<string, string>>(
      db,
      sql`explain (analyze, costs off, timing off) ${query}`,
    );
    plans.push(`-- ${label}\n${rows.map((row) => Object.values(row)[0]).join("\n")}`);
  }
  return plans.join("\n");
}
