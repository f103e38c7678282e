import { eq, like, sql } from "drizzle-orm";
import { boardArticle, boardComment, marketListing, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { actorOf, type Actor } from "#app/services/actor";
import { listCategories } from "#app/services/board/articles.server";
import { memberTradeAreas } from "#app/services/market/areas.server";
import type { MarketKind } from "#app/services/market/kinds";
import { checkListing, insertListing, type VehicleInput } from "#app/services/market/listings.server";
import { makeOffer } from "#app/services/market/offers.server";
import { reserveListing, sellListing } from "#app/services/market/trade.server";
import { storeImage } from "#app/services/uploads/uploads.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";
import { demoPicture, type DemoPictureSubject } from "./pictures.server";

/** Demo sellers by the local part of their e-mail (see demo-members.server.ts). */
type DemoSeller = "minsu" | "jiyoung" | "taeho" | "seoyeon" | "garage";

interface DemoListing {
  kind: MarketKind;
  /** Category code of the kind (see market/categories.ts). */
  category: string;
  seller: DemoSeller;
  /** Which of the seller's own trade areas: the main one unless said. */
  area?: number;
  title: string;
  paragraphs: string[];
  price: number;
  negotiable?: boolean;
  delivery?: boolean;
  vehicle?: VehicleInput;
  /** Generated photos of this subject and colour, one per view; the first is the cover. */
  photos: { subject: DemoPictureSubject; color: string; count: 1 | 2 | 3 };
  comments?: { author: DemoSeller; text: string; replies?: { author: DemoSeller; text: string }[] }[];
  /** An open price offer, after the comments. */
  offer?: { buyer: DemoSeller; price: number; message: string };
  /** A trade step the seller takes last, with a member who commented. */
  trade?: { step: "reserve" | "sell"; buyer: DemoSeller };
  hoursAgo: number;
}

const DEMO_MARK = "[데모]";
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Listings in every market kind, each title marked as demo content; at most 3 vehicle sales per seller. */
const demoListings: DemoListing[] = [
  {
    kind: "under125Scooter",
    category: "individual",
    seller: "jiyoung",
    title: "혼다 PCX 125 2021년식 1.2만km 팝니다",
    paragraphs: [
      "출퇴근용으로 2년 탔고 차를 사게 되어 내놓습니다. 엔진오일은 2,000km마다 센터에서 교환했어요.",
      "스마트키 2개, 순정 탑박스 포함입니다. 작은 스크래치 외에 사고 이력은 없습니다. 강남역 근처 직거래 원해요.",
    ],
    price: 2_300_000,
    negotiable: true,
    vehicle: {
      modelName: "혼다 PCX 125",
      modelYear: 2021,
      mileageKm: 12_000,
      displacementCc: 125,
      colour: "흰색",
      accidentHistory: "",
      paperwork: ["registration"],
      tuned: false,
    },
    photos: { subject: "scooter", color: "#94a3b8", count: 3 },
    comments: [
      {
        author: "taeho",
        text: "시내용 세컨 바이크로 찾고 있었어요. 토요일 오후에 강남에서 보실 수 있을까요?",
        replies: [{ author: "jiyoung", text: "네, 토요일 3시 강남역 11번 출구 쪽 어떠세요?" }],
      },
    ],
    trade: { step: "reserve", buyer: "taeho" },
    hoursAgo: 20,
  },
  {
    kind: "under125Manual",
    category: "dealer",
    seller: "garage",
    title: "혼다 슈퍼커브 110 2022년식 8천km (점검 완료)",
    paragraphs: [
      "매입 후 구동계와 브레이크 점검, 엔진오일과 체인 교환까지 마쳤습니다.",
      "명의 이전 대행해 드리며, 구매 후 1개월 동안 무상 점검을 해 드립니다.",
    ],
    price: 1_900_000,
    vehicle: {
      modelName: "혼다 슈퍼커브 110",
      modelYear: 2022,
      mileageKm: 8_000,
      displacementCc: 109,
      colour: "하늘색",
      accidentHistory: "",
      paperwork: ["registration"],
      tuned: false,
    },
    photos: { subject: "motorcycle", color: "#0ea5e9", count: 2 },
    comments: [{ author: "seoyeon", text: "코칭용으로 딱이네요. 평일 오전에 방문해서 시승해 봐도 될까요?" }],
    hoursAgo: 30,
  },
  {
    kind: "under125Manual",
    category: "project",
    seller: "garage",
    title: "대림 시티100 부품용으로 넘깁니다",
    paragraphs: [
      "시동이 걸리지 않는 부품용 차량입니다. 외관 카울과 휠, 계기판 상태는 괜찮아요.",
      "폐지 처리된 차량이라 등록증은 없습니다. 성수동 가게에서 직접 가져가셔야 해요.",
    ],
    price: 250_000,
    vehicle: {
      modelName: "대림 시티100",
      modelYear: 2012,
      mileageKm: 61_000,
      displacementCc: 97,
      colour: "빨간색",
      accidentHistory: "전도 이력 있음, 엔진 시동 불량",
      paperwork: ["scrapCertificate"],
      tuned: false,
    },
    photos: { subject: "motorcycle", color: "#b91c1c", count: 1 },
    hoursAgo: 150,
  },
  {
    kind: "over125Scooter",
    category: "individual",
    seller: "minsu",
    area: 1,
    title: "야마하 XMAX 300 2020년식 2.1만km",
    paragraphs: [
      "투어용으로 잘 탔습니다. 롱 스크린과 열선 그립이 달려 있고 순정 부품도 모두 있어요.",
      "타이어는 올해 봄에 앞뒤 교환했습니다. 망원동에서 직거래합니다.",
    ],
    price: 4_800_000,
    negotiable: true,
    vehicle: {
      modelName: "야마하 XMAX 300",
      modelYear: 2020,
      mileageKm: 21_000,
      displacementCc: 292,
      colour: "무광 회색",
      accidentHistory: "",
      paperwork: ["registration"],
      tuned: true,
    },
    photos: { subject: "scooter", color: "#475569", count: 2 },
    comments: [{ author: "jiyoung", text: "열선 그립 정말 부럽네요. 겨울 출퇴근에 최고죠." }],
    hoursAgo: 54,
  },
  {
    kind: "over125Scooter",
    category: "dealer",
    seller: "garage",
    title: "혼다 포르자 350 2023년식 3,500km 신차급",
    paragraphs: [
      "신차 출고 후 3,500km 주행한 차량입니다. 1,000km 초기 점검 기록이 있어요.",
      "할부 상담 가능하며, 수도권은 탁송도 해 드립니다.",
    ],
    price: 7_200_000,
    delivery: true,
    vehicle: {
      modelName: "혼다 포르자 350",
      modelYear: 2023,
      mileageKm: 3_500,
      displacementCc: 330,
      colour: "진회색",
      accidentHistory: "",
      paperwork: ["registration"],
      tuned: false,
    },
    photos: { subject: "scooter", color: "#1e3a8a", count: 3 },
    hoursAgo: 6,
  },
  {
    kind: "over125Manual",
    category: "individual",
    seller: "taeho",
    title: "BMW R1250GS 2019년식 4.8만km 풀옵션",
    paragraphs: [
      "전국 일주를 함께한 바이크입니다. BMW 공식 센터에서만 정비했고 정비 내역을 모두 드립니다.",
      "순정 알루미늄 케이스 3종, 안개등, 엔진 가드가 달려 있어요. 하남에서 시승 가능합니다.",
    ],
    price: 16_900_000,
    negotiable: true,
    area: 1,
    vehicle: {
      modelName: "BMW R1250GS",
      modelYear: 2019,
      mileageKm: 48_000,
      displacementCc: 1254,
      colour: "흰색/파란색",
      accidentHistory: "정차 중 제자리 넘어짐 1회, 엔진 가드만 교체",
      paperwork: ["registration"],
      tuned: true,
    },
    photos: { subject: "motorcycle", color: "#1d4ed8", count: 3 },
    comments: [
      {
        author: "minsu",
        text: "케이스 내부 방수 백도 포함인가요?",
        replies: [{ author: "taeho", text: "네, 사이드 케이스 두 개 모두 이너백 포함입니다." }],
      },
    ],
    hoursAgo: 75,
  },
  {
    kind: "over125Manual",
    category: "individual",
    seller: "minsu",
    title: "가와사키 Z900 2020년식 1.5만km",
    paragraphs: [
      "슬립온 머플러와 프레임 슬라이더가 달려 있고, 순정 머플러도 함께 드립니다.",
      "체인과 스프라킷은 3,000km 전에 교환했어요. 영등포에서 직거래 원합니다.",
    ],
    price: 8_500_000,
    negotiable: true,
    vehicle: {
      modelName: "가와사키 Z900",
      modelYear: 2020,
      mileageKm: 15_000,
      displacementCc: 948,
      colour: "녹색/검정",
      accidentHistory: "",
      paperwork: ["registration"],
      tuned: true,
    },
    photos: { subject: "motorcycle", color: "#15803d", count: 2 },
    offer: {
      buyer: "garage",
      price: 8_000_000,
      message: "현금 거래로 800만 원 가능할까요? 매입 후 점검해서 판매하려고 합니다.",
    },
    hoursAgo: 40,
  },
  {
    kind: "gear",
    category: "helmet",
    seller: "seoyeon",
    title: "아라이 RX-7X M사이즈 헬멧 (사용 10회 미만)",
    paragraphs: [
      "사이즈가 맞지 않아 몇 번 쓰지 못했어요. 내피 상태 깨끗하고 박스, 헬멧 주머니 모두 있습니다.",
      "택배 거래는 안전 포장해서 보내 드립니다.",
    ],
    price: 550_000,
    negotiable: true,
    delivery: true,
    photos: { subject: "helmet", color: "#7c3aed", count: 2 },
    hoursAgo: 12,
  },
  {
    kind: "gear",
    category: "helmet",
    seller: "taeho",
    title: "쇼에이 GT-Air 2 L사이즈 시스템 헬멧",
    paragraphs: [
      "투어용으로 1년 썼습니다. 선바이저 잘 작동하고 세나 블루투스 거치대가 붙어 있어요.",
      "쉴드는 작년에 새것으로 교체했습니다.",
    ],
    price: 380_000,
    delivery: true,
    photos: { subject: "helmet", color: "#334155", count: 2 },
    comments: [{ author: "jiyoung", text: "L사이즈 찾고 있었어요! 주말에 송파에서 직거래 가능할까요?" }],
    trade: { step: "sell", buyer: "jiyoung" },
    hoursAgo: 96,
  },
  {
    kind: "gear",
    category: "protector",
    seller: "minsu",
    title: "무릎 보호대 나눔합니다",
    paragraphs: [
      "새 보호대를 사서 쓰던 무릎 보호대를 나눔해요. 벨크로 상태는 멀쩡합니다.",
      "초보 라이더분께 드리고 싶어요. 여의도역 근처에서 받아 가세요.",
    ],
    price: 0,
    photos: { subject: "box", color: "#ea580c", count: 1 },
    comments: [{ author: "seoyeon", text: "코칭 수강생 중에 필요하신 분이 있어서 연락드려도 될까요?" }],
    hoursAgo: 3,
  },
  {
    kind: "deliveryGear",
    category: "box",
    seller: "jiyoung",
    title: "배달통 90L + 범용 브라켓 세트",
    paragraphs: [
      "배달 부업을 그만두면서 정리합니다. 잠금장치 열쇠 2개 있고 방수 패킹 상태 좋아요.",
      "PCX, NMAX 같은 125cc 스쿠터에 바로 달 수 있는 브라켓입니다.",
    ],
    price: 70_000,
    photos: { subject: "box", color: "#f59e0b", count: 2 },
    hoursAgo: 110,
  },
  {
    kind: "parts",
    category: "exhaust",
    seller: "garage",
    title: "요시무라 R-11 슬립온 머플러 (Z900 17~20년식)",
    paragraphs: [
      "탈거 후 보관하던 정품 요시무라 슬립온입니다. 인증 라벨이 붙어 있어 정기 검사 문제없어요.",
      "연결 링크 파이프 포함이고, 가게에서 장착도 해 드립니다.",
    ],
    price: 450_000,
    negotiable: true,
    delivery: true,
    photos: { subject: "part", color: "#64748b", count: 3 },
    comments: [{ author: "minsu", text: "제 Z900에도 맞겠네요. 장착 공임은 따로인가요?" }],
    hoursAgo: 66,
  },
  {
    kind: "parts",
    category: "luggage",
    seller: "taeho",
    area: 1,
    title: "GIVI V47 탑박스 + 베이스 플레이트",
    paragraphs: [
      "풀페이스 헬멧 하나와 소지품이 넉넉히 들어갑니다. 뒷면 브레이크등 배선 포함이에요.",
      "키는 2개 있습니다. 하남 미사역 근처 직거래 또는 택배 가능합니다.",
    ],
    price: 220_000,
    delivery: true,
    photos: { subject: "box", color: "#0f766e", count: 1 },
    hoursAgo: 180,
  },
  {
    kind: "buy",
    category: "vehicle",
    seller: "seoyeon",
    title: "코칭용 125cc 매뉴얼 바이크 구합니다",
    paragraphs: [
      "초보 라이더 코칭에 쓸 125cc 매뉴얼 바이크를 찾고 있어요. CB125R, 슈퍼커브 등 좋습니다.",
      "주행거리 2만km 이하, 사고 이력 없는 차량이면 좋겠어요. 노원구 근처면 직접 보러 갈게요.",
    ],
    price: 2_000_000,
    photos: { subject: "motorcycle", color: "#a855f7", count: 1 },
    hoursAgo: 26,
  },
  {
    kind: "buy",
    category: "gear",
    seller: "minsu",
    title: "겨울용 열선 장갑 L사이즈 구해요",
    paragraphs: ["배터리식 열선 장갑 찾습니다. 배터리 상태 괜찮은 것으로요. 택배 거래도 좋아요."],
    price: 80_000,
    delivery: true,
    photos: { subject: "glove", color: "#be123c", count: 1 },
    hoursAgo: 130,
  },
];

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A clock stopped at one moment: each demo listing's steps happen through the services at their own past time. */
const clockAt = (ms: number): Clock => ({ now: () => new Date(ms) });

/**
 * Fills the market of a fresh embedded database with listings in every kind by the demo members, written through the
 * market services (with their rules: categories, displacement, the vehicle listing limit, buyers who commented).
 * Every title starts with "[데모]" and every row carries demo = true. Does nothing unless the demo members exist and
 * no listing has been written yet.
 */
export async function seedDemoMarket(runtime: Runtime): Promise<number> {
  const { db, clock, storage } = runtime;
  const sellers = await db
    .select({ id: member.id, email: member.email })
    .from(member)
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  // Demo members sell as the members they are.
  const byName = new Map<string, Actor>(
    sellers.map((row) => [
      row.email.split("@")[0]!,
      actorOf({ id: row.id, role: "member", twoFactorEnabled: false }),
    ]),
  );
  if (byName.size === 0) return 0;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(marketListing);
  if ((existing?.n ?? 0) > 0) return 0;

  const now = clock.now().getTime();
  let written = 0;
  for (const demo of demoListings) {
    const seller = byName.get(demo.seller);
    if (!seller) continue;
    const createdAt = now - demo.hoursAgo * HOUR;
    const at = clockAt(createdAt);
    const areas = await memberTradeAreas(db, seller.id);
    const area = areas[demo.area ?? 0] ?? areas[0];
    const category = (await listCategories(db, demo.kind)).find((c) => c.code === demo.category);
    if (!area || !category) continue;

    let html = "";
    for (let view = 0; view < demo.photos.count; view++) {
      const photo = await demoPicture({ ...demo.photos, view });
      const stored = await storeImage(storage, photo, { kind: "post", clock: at });
      html += `<img src="${stored.url}" alt="${escapeHtml(demo.title)}" width="${stored.width}" height="${stored.height}">`;
    }
    html += demo.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("");
    const checked = await checkListing(db, at, {
      kind: demo.kind,
      categoryId: category.id,
      title: `${DEMO_MARK} ${demo.title}`,
      contentHtml: html,
      price: demo.price,
      negotiable: demo.negotiable ?? false,
      tradeDirect: true,
      tradeDelivery: demo.delivery ?? false,
      areaCode: area.code,
      vehicle: demo.vehicle ?? null,
    });
    const { id } = await insertListing(db, at, seller, checked, { demo: true });
    written++;

    // Comments are written as demo rows at their own times, as the demo posts' are; nobody is notified of them.
    let step = 0;
    const later = () => new Date(createdAt + (25 + 17 * step++) * MINUTE);
    for (const comment of demo.comments ?? []) {
      const commenter = byName.get(comment.author);
      if (!commenter) continue;
      const commentedAt = later();
      const [parent] = await db
        .insert(boardComment)
        .values({
          articleId: id,
          authorId: commenter.id,
          content: comment.text,
          demo: true,
          createdAt: commentedAt,
          updatedAt: commentedAt,
        })
        .returning({ id: boardComment.id });
      for (const reply of comment.replies ?? []) {
        const replier = byName.get(reply.author);
        if (!replier) continue;
        const repliedAt = later();
        await db.insert(boardComment).values({
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
    await db
      .update(boardArticle)
      .set({
        commentCount: sql`(select count(*)::int from ${boardComment} where ${boardComment.articleId} = ${id})`,
        viewCount: 12 + ((id * 37) % 240),
      })
      .where(eq(boardArticle.id, id));

    const buyer = demo.offer && byName.get(demo.offer.buyer);
    if (demo.offer && buyer) {
      await makeOffer(db, clockAt(later().getTime()), buyer, id, {
        price: demo.offer.price,
        message: demo.offer.message,
      });
    }
    const partner = demo.trade && byName.get(demo.trade.buyer);
    if (demo.trade && partner) {
      const take = demo.trade.step === "reserve" ? reserveListing : sellListing;
      await take(db, clockAt(later().getTime()), seller, id, partner.id);
    }
  }
  return written;
}
