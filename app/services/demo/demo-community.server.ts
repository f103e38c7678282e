import { eq, like, sql } from "drizzle-orm";
import { announcement, boardArticle, boardComment, boardLike, communityEvent, member } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import type { ArticleKind } from "#app/services/board/kinds";
import { storeImage } from "#app/services/uploads/uploads.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";
import { demoPicture } from "./pictures.server";

/** Demo authors by the local part of their e-mail (see demo-members.server.ts). */
type DemoAuthor = "minsu" | "jiyoung" | "taeho" | "seoyeon" | "garage";

interface DemoPost {
  kind: ArticleKind;
  /** Category code of the board (ignored for the guestbook). */
  category?: string;
  author: DemoAuthor;
  title: string;
  paragraphs: string[];
  /** A generated picture in this colour is attached. */
  picture?: string;
  video?: string;
  comments?: { author: DemoAuthor; text: string; replies?: { author: DemoAuthor; text: string }[] }[];
  likes?: DemoAuthor[];
  hoursAgo: number;
}

const DEMO_MARK = "[데모]";

/** Realistic posts for every board, each title marked as demo content. */
const demoPosts: DemoPost[] = [
  {
    kind: "qna",
    category: "maintenance",
    author: "jiyoung",
    title: "스쿠터 엔진오일 교환 주기 질문드려요",
    paragraphs: [
      "출퇴근용 125cc 스쿠터 타고 있어요. 하루 왕복 30km 정도인데 엔진오일을 몇 km마다 갈아야 할까요?",
      "매뉴얼에는 3,000km라고 되어 있는데 센터에서는 2,000km를 권하네요.",
    ],
    comments: [
      {
        author: "garage",
        text: "시내 단거리 위주면 2,000~2,500km 권해 드립니다. 여름철엔 조금 더 일찍 가셔도 좋아요.",
        replies: [{ author: "jiyoung", text: "감사합니다! 이번 주말에 교환하러 갈게요." }],
      },
      { author: "minsu", text: "저도 2,000km마다 갈아요. 오일 필터는 두 번에 한 번 교환합니다." },
    ],
    likes: ["minsu", "taeho"],
    hoursAgo: 5,
  },
  {
    kind: "qna",
    category: "gear",
    author: "seoyeon",
    title: "초보 라이더 첫 헬멧, 풀페이스 vs 시스템?",
    paragraphs: [
      "코칭 수업 듣는 분들이 가장 많이 묻는 질문이라 의견을 모아 보려고 해요.",
      "안전은 풀페이스가 우선이지만 안경 쓰시는 분은 시스템 헬멧도 편하다고 하시네요. 여러분 생각은 어떠세요?",
    ],
    comments: [{ author: "taeho", text: "장거리 투어엔 시스템이 정말 편합니다. 단, 무게를 꼭 확인하세요." }],
    likes: ["jiyoung"],
    hoursAgo: 30,
  },
  {
    kind: "free",
    category: "chat",
    author: "minsu",
    title: "오늘 한강 야간 라이딩 다녀왔습니다",
    paragraphs: [
      "퇴근하고 여의도에서 출발해서 반포대교까지 한 바퀴 돌았어요. 바람이 선선해서 딱 좋았습니다.",
      "다들 야간에는 반사 조끼 꼭 챙기세요!",
    ],
    comments: [
      { author: "jiyoung", text: "반포대교 분수 켜져 있었나요? 저도 다음 주에 가 봐야겠어요." },
      { author: "seoyeon", text: "야간엔 시야가 좁아지니 속도 줄이시는 것도 잊지 마세요 :)" },
    ],
    likes: ["jiyoung", "taeho", "seoyeon"],
    hoursAgo: 2,
  },
  {
    kind: "free",
    category: "info",
    author: "taeho",
    title: "겨울철 배터리 방전 막는 간단한 방법",
    paragraphs: [
      "기온이 영하로 내려가면 배터리 성능이 확 떨어집니다. 2주 이상 안 타실 거면 배터리 보조 충전기를 연결해 두세요.",
      "충전기가 없으면 마이너스 단자만 분리해 둬도 자연 방전을 꽤 줄일 수 있어요.",
    ],
    likes: ["minsu"],
    hoursAgo: 50,
  },
  {
    kind: "issue",
    category: "policy",
    author: "taeho",
    title: "이륜차 후면 번호판 단속 강화 소식 정리",
    paragraphs: [
      "후면 무인 단속 카메라가 늘어나고 있습니다. 번호판 각도를 임의로 꺾거나 가리면 과태료 대상이에요.",
      "튜닝하신 분들은 번호판 브래킷이 규정에 맞는지 한 번 확인해 보세요.",
    ],
    comments: [{ author: "garage", text: "번호판 브래킷 인증품으로 교체하시는 분들이 요즘 많아요." }],
    likes: ["minsu", "garage"],
    hoursAgo: 20,
  },
  {
    kind: "issue",
    category: "safety",
    author: "seoyeon",
    title: "비 오는 날 맨홀 뚜껑과 차선 도색 조심하세요",
    paragraphs: [
      "빗길에서는 맨홀 뚜껑, 차선 도색, 철판 위에서 특히 미끄러집니다.",
      "코너 진입 전에 충분히 감속하고 기울인 상태에서는 급제동을 피하세요.",
    ],
    hoursAgo: 72,
  },
  {
    kind: "route",
    category: "gangwon",
    author: "taeho",
    title: "미시령 옛길 → 속초 해안도로 코스 후기",
    paragraphs: [
      "인제에서 미시령 옛길로 넘어가 속초 해안도로를 따라 양양까지 내려오는 코스예요. 총 120km 정도입니다.",
      "옛길은 노면이 거친 구간이 있으니 낙석 주의하시고, 해안도로는 주말 오후에 차가 많아요.",
    ],
    video: "https://www.youtube.com/embed/aqz-KE-bpKQ",
    comments: [{ author: "minsu", text: "영상 보니 바로 떠나고 싶네요. 주유소는 어디서 하셨어요?" }],
    likes: ["minsu", "jiyoung", "seoyeon"],
    hoursAgo: 26,
  },
  {
    kind: "route",
    category: "capital",
    author: "minsu",
    title: "북악스카이웨이 아침 코스 추천",
    paragraphs: [
      "일요일 아침 7시쯤 가면 차가 거의 없어서 여유롭게 달릴 수 있어요.",
      "팔각정 주차장에서 잠깐 쉬면서 서울 전경 보는 걸 추천합니다.",
    ],
    hoursAgo: 100,
  },
  {
    kind: "riding",
    category: "meetup",
    author: "jiyoung",
    title: "토요일 오전 양평 카페 번개 하실 분",
    paragraphs: [
      "이번 주 토요일 오전 9시에 팔당대교 남단 편의점에서 출발해요. 125cc 스쿠터도 환영합니다.",
      "천천히 국도로 가니까 초보분들도 부담 없이 오세요!",
    ],
    comments: [
      { author: "seoyeon", text: "초보 분들 오시면 출발 전에 간단한 수신호 알려 드릴게요." },
      { author: "minsu", text: "참석합니다! 인원 몇 명인지 알려 주세요." },
    ],
    likes: ["seoyeon"],
    hoursAgo: 8,
  },
  {
    kind: "riding",
    category: "tips",
    author: "seoyeon",
    title: "코너링할 때 시선 처리 연습법",
    paragraphs: [
      "코너에서는 가고 싶은 방향, 코너 출구를 먼저 보세요. 시선이 가는 곳으로 바이크가 갑니다.",
      "넓은 주차장에서 라바콘 두 개를 놓고 8자 주행으로 연습하면 효과가 좋아요.",
    ],
    likes: ["jiyoung", "minsu"],
    hoursAgo: 120,
  },
  {
    kind: "tuning",
    category: "engine",
    author: "garage",
    title: "슬립온 머플러 장착 후 ECU 맵핑, 꼭 해야 할까?",
    paragraphs: [
      "슬립온만 교체하면 대부분 맵핑 없이도 문제없습니다. 다만 풀 시스템이나 흡기까지 바꾸면 맵핑을 권해요.",
      "소음 기준을 넘으면 정기 검사에서 불합격이니 인증 제품인지 확인하세요.",
    ],
    comments: [{ author: "taeho", text: "인증 제품 목록은 어디서 확인할 수 있나요?" }],
    hoursAgo: 40,
  },
  {
    kind: "tuning",
    category: "exterior",
    author: "minsu",
    title: "스크린 교체하니 고속 주행이 편해졌어요",
    paragraphs: [
      "순정보다 5cm 높은 투어링 스크린으로 바꿨더니 100km/h 이상에서 헬멧 흔들림이 확 줄었습니다.",
    ],
    likes: ["taeho"],
    hoursAgo: 150,
  },
  {
    kind: "gallery",
    category: "bike",
    author: "taeho",
    title: "전국 일주 120일째, 제 어드벤처 바이크입니다",
    paragraphs: ["먼지투성이지만 여전히 잘 달려 줍니다. 다음 목적지는 남해예요."],
    picture: "#1d4ed8",
    comments: [{ author: "jiyoung", text: "와, 사이드 케이스까지 완벽하네요!" }],
    likes: ["minsu", "jiyoung", "seoyeon", "garage"],
    hoursAgo: 12,
  },
  {
    kind: "gallery",
    category: "scenery",
    author: "jiyoung",
    title: "가을 남한강 자전거길 옆 국도 풍경",
    paragraphs: ["단풍이 절정이었어요. 잠깐 세워서 한 장 남겼습니다."],
    picture: "#b45309",
    likes: ["taeho"],
    hoursAgo: 60,
  },
  {
    kind: "business",
    category: "intro",
    author: "garage",
    title: "성수모토정비를 소개합니다 (데모 업체)",
    paragraphs: [
      "엔진오일 교환부터 오버홀까지 이륜차 전문 정비를 합니다. 평일 9시~19시, 토요일도 영업해요.",
      "모토메이트 재능 만남으로 예약하시면 점검 내용을 채팅으로 바로 안내해 드립니다.",
    ],
    comments: [{ author: "minsu", text: "지난번 체인 정비 정말 꼼꼼하게 해 주셨어요." }],
    likes: ["minsu"],
    hoursAgo: 200,
  },
  {
    kind: "business",
    category: "promotion",
    author: "garage",
    title: "겨울맞이 배터리·타이어 무료 점검 주간",
    paragraphs: ["12월 첫째 주 동안 배터리 전압과 타이어 공기압을 무료로 점검해 드립니다."],
    hoursAgo: 16,
  },
  {
    kind: "reportTheft",
    category: "theft",
    author: "minsu",
    title: "마포구 망원동에서 흰색 125cc 스쿠터 도난",
    paragraphs: [
      "11월 18일 밤 망원시장 근처 골목에 세워 둔 흰색 스쿠터를 도난당했습니다. 뒤쪽 탑박스에 스티커가 붙어 있어요.",
      "경찰 신고는 마쳤습니다. 비슷한 차량을 보신 분은 댓글 부탁드립니다.",
    ],
    comments: [{ author: "jiyoung", text: "망원 쪽 자주 지나가는데 눈여겨볼게요. 꼭 찾으시길!" }],
    hoursAgo: 36,
  },
  {
    kind: "reportTheft",
    category: "recovered",
    author: "taeho",
    title: "지난달 도난당한 바이크 찾았습니다, 감사합니다",
    paragraphs: ["댓글로 목격 제보 주신 덕분에 경찰과 함께 회수했어요. GPS 트래커 꼭 다세요!"],
    likes: ["minsu", "seoyeon"],
    hoursAgo: 300,
  },
  {
    kind: "vehicleCare",
    category: "storage",
    author: "garage",
    title: "겨울철 장기 보관 체크리스트",
    paragraphs: [
      "연료는 가득 채우고 연료 안정제를 넣어 주세요. 체인은 청소 후 윤활, 타이어 공기압은 조금 높게 맞춥니다.",
      "커버를 씌우되 습기가 차지 않게 통풍이 되는 곳에 두세요.",
    ],
    likes: ["taeho", "seoyeon"],
    hoursAgo: 45,
  },
  {
    kind: "vehicleCare",
    category: "washing",
    author: "jiyoung",
    title: "셀프 세차장에서 바이크 세차할 때 주의점",
    paragraphs: [
      "고압수는 베어링과 전장 부위를 피해서 쏘세요. 세차 후에는 체인 윤활을 꼭 다시 해 줘야 합니다.",
    ],
    hoursAgo: 90,
  },
  {
    kind: "guestbook",
    author: "seoyeon",
    title: "모토메이트 가입 인사드려요",
    paragraphs: ["초보 라이더 코칭을 하고 있어요. 궁금한 점 있으면 편하게 물어보세요!"],
    comments: [{ author: "minsu", text: "반갑습니다! 다음 번개 때 뵈어요." }],
    hoursAgo: 400,
  },
  {
    kind: "guestbook",
    author: "jiyoung",
    title: "스쿠터 라이더도 환영해 주셔서 감사해요",
    paragraphs: ["출퇴근 라이더라 주말 투어는 처음인데 많이 배우고 있어요."],
    likes: ["seoyeon"],
    hoursAgo: 10,
  },
];

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Fills the boards of a fresh embedded database with a few posts, comments and likes by the demo members. Every
 * title starts with "[데모]" and every row carries demo = true. Does nothing unless the demo members exist and no
 * article has been written yet.
 */
export async function seedDemoCommunity(runtime: Runtime): Promise<number> {
  const { db, clock, storage } = runtime;
  const authors = await db
    .select({ id: member.id, email: member.email })
    .from(member)
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  // Demo members write as the members they are.
  const byName = new Map(
    authors.map((row) => [
      row.email.split("@")[0] as DemoAuthor,
      actorOf({ id: row.id, role: "member", twoFactorEnabled: false }),
    ]),
  );
  if (byName.size === 0) return 0;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(boardArticle);
  if ((existing?.n ?? 0) > 0) return 0;

  const now = clock.now().getTime();
  const ids: number[] = [];
  for (const post of demoPosts) {
    const author = byName.get(post.author);
    if (!author) continue;
    const categories = post.kind === "guestbook" ? [] : await listCategories(db, post.kind);
    const category = categories.find((c) => c.code === post.category) ?? categories[0];
    let html = post.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("");
    if (post.picture) {
      const stored = await storeImage(storage, await demoPicture({ color: post.picture }), {
        kind: "post",
        clock,
      });
      html += `<img src="${stored.url}" alt="${escapeHtml(post.title)}" width="${stored.width}" height="${stored.height}">`;
    }
    if (post.video) html += `<div data-youtube-video=""><iframe src="${post.video}"></iframe></div>`;
    const { id } = await createArticle(db, clock, author, {
      kind: post.kind,
      categoryId: category?.id ?? null,
      title: `${DEMO_MARK} ${post.title}`,
      contentHtml: html,
      isPrivate: false,
    });
    ids.push(id);
    const createdAt = new Date(now - post.hoursAgo * 60 * 60 * 1000);
    await db.transaction(async (tx) => {
      let minutes = 10;
      for (const comment of post.comments ?? []) {
        const commenter = byName.get(comment.author);
        if (!commenter) continue;
        const at = new Date(createdAt.getTime() + minutes++ * 60 * 1000);
        const [parent] = await tx
          .insert(boardComment)
          .values({
            articleId: id,
            authorId: commenter.id,
            content: comment.text,
            demo: true,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: boardComment.id });
        for (const reply of comment.replies ?? []) {
          const replier = byName.get(reply.author);
          if (!replier) continue;
          const repliedAt = new Date(at.getTime() + minutes++ * 60 * 1000);
          await tx.insert(boardComment).values({
            articleId: id,
            parentId: parent!.id,
            authorId: replier.id,
            content: reply.text,
            demo: true,
            createdAt: repliedAt,
            updatedAt: repliedAt,
          });
        }
      }
      const likers = (post.likes ?? []).map((name) => byName.get(name)).filter((m) => m !== undefined);
      if (likers.length > 0) {
        await tx
          .insert(boardLike)
          .values(likers.map((m) => ({ articleId: id, memberId: m.id, createdAt })))
          .onConflictDoNothing();
      }
      await tx
        .update(boardArticle)
        .set({
          demo: true,
          createdAt,
          updatedAt: createdAt,
          likeCount: likers.length,
          commentCount: sql`(select count(*)::int from ${boardComment} where ${boardComment.articleId} = ${id})`,
          viewCount: 7 + ((id * 37) % 180),
        })
        .where(eq(boardArticle.id, id));
    });
  }
  await seedDemoNotices(runtime);
  return ids.length;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Two announcements and three events (one ended, one running, one upcoming) around the seeding time. */
async function seedDemoNotices({ db, clock }: Runtime) {
  const now = clock.now().getTime();
  const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${escapeHtml(text)}</p>`).join("");
  const notices = [
    {
      tab: "notice",
      pinned: true,
      title: `${DEMO_MARK} 모토메이트 커뮤니티를 시작합니다`,
      text: [
        "게시판, 방명록, 검색과 알림을 지금 바로 써 보세요.",
        "이 글은 데모 데이터입니다. 실제 서비스 공지가 아닙니다.",
      ],
      at: now - 3 * DAY,
    },
    {
      tab: "update",
      pinned: false,
      title: `${DEMO_MARK} 통합 검색과 실시간 알림이 추가되었습니다`,
      text: ["게시글, 방명록, 회원 닉네임을 한 번에 검색하고, 내 글의 댓글과 좋아요를 바로 알려 드립니다."],
      at: now - DAY,
    },
  ];
  for (const notice of notices) {
    const html = paragraphs(...notice.text);
    await db.insert(announcement).values({
      tab: notice.tab,
      title: notice.title,
      contentHtml: html,
      contentText: notice.text.join(" "),
      pinned: notice.pinned,
      demo: true,
      createdAt: new Date(notice.at),
      updatedAt: new Date(notice.at),
    });
  }
  const events = [
    {
      title: `${DEMO_MARK} 가을 라이딩 인증샷 이벤트`,
      summary: "라이딩 사진을 갤러리에 올리고 참여하면 추첨으로 포인트를 드립니다.",
      startsAt: now - 20 * DAY,
      endsAt: now - 5 * DAY,
    },
    {
      title: `${DEMO_MARK} 안전 라이딩 캠페인`,
      summary: "헬멧과 보호대 착용을 약속하고 참여해 주세요.",
      startsAt: now - 2 * DAY,
      endsAt: now + 12 * DAY,
    },
    {
      title: `${DEMO_MARK} 겨울 정비 체크리스트 챌린지`,
      summary: "겨울 보관 전에 점검한 내용을 공유해 주세요.",
      startsAt: now + 7 * DAY,
      endsAt: now + 30 * DAY,
    },
  ];
  for (const event of events) {
    await db.insert(communityEvent).values({
      title: event.title,
      summary: event.summary,
      contentHtml: paragraphs(event.summary, "이 이벤트는 데모 데이터입니다."),
      startsAt: new Date(event.startsAt),
      endsAt: new Date(event.endsAt),
      // Demo events are not announced to the demo members.
      startNotifiedAt: event.startsAt <= now ? new Date(now) : null,
      demo: true,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  }
}
