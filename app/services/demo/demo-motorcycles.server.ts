import { randomBytes } from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import {
  garageBike,
  member,
  motorcycle,
  motorcycleManufacturer,
  motorcycleModel,
  motorcycleReview,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { actorOf, type Actor } from "#app/services/actor";
import { addBike } from "#app/services/motorcycles/garage.server";
import { giftPoints } from "#app/services/points/gifts.server";
import { createReview } from "#app/services/reviews/reviews.server";
import { ratingItems } from "#app/services/reviews/items";
import { giveSparks } from "#app/services/sparks/sparks.server";
import { storeImage, thumbnailPath } from "#app/services/uploads/uploads.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";
import { demoPicture, type DemoPictureSubject } from "./pictures.server";

/** Demo members by the local part of their e-mail (see demo-members.server.ts). */
type DemoRider = "minsu" | "jiyoung" | "taeho" | "seoyeon" | "garage";

interface DemoBike {
  maker: string;
  model: string;
  year: number;
}

interface DemoReview {
  author: DemoRider;
  bike: DemoBike;
  /** The nine ratings in the form's order. */
  ratings: [number, number, number, number, number, number, number, number, number];
  texts: Partial<Record<(typeof ratingItems)[number], string>>;
  disadvantage: string;
  tags: string[];
  ownerMeeting: boolean;
  photo: { subject: DemoPictureSubject; color: string };
  hoursAgo: number;
}

const HOUR = 60 * 60 * 1000;
const clockAt = (ms: number): Clock => ({ now: () => new Date(ms) });

/** What the demo members ride; each review's model year is one of them, so its author shows as an owner. */
const garages: Record<DemoRider, (DemoBike & { since: string; odometerKm: number })[]> = {
  minsu: [{ maker: "honda", model: "forza-350", year: 2023, since: "2023-04", odometerKm: 14_200 }],
  jiyoung: [{ maker: "honda", model: "pcx-125", year: 2021, since: "2021-06", odometerKm: 12_000 }],
  taeho: [{ maker: "yamaha", model: "mt-07", year: 2022, since: "2022-03", odometerKm: 21_500 }],
  seoyeon: [{ maker: "yamaha", model: "nmax-125", year: 2023, since: "2023-09", odometerKm: 6_800 }],
  garage: [],
};

const demoReviews: DemoReview[] = [
  {
    author: "minsu",
    bike: garages.minsu[0]!,
    ratings: [8, 8, 7, 9, 9, 8, 9, 7, 8],
    texts: {
      performance: "고속도로 100km/h 정속 주행이 편안하고 추월 가속도 충분합니다.",
      convenience: "시트 아래에 풀페이스 헬멧이 들어가고 전동 스크린이 편합니다.",
    },
    disadvantage: "차체가 무거워 좁은 골목에서 유턴할 때 조심해야 합니다.",
    tags: ["commuting", "touring", "comfortable", "storage", "windProtection"],
    ownerMeeting: true,
    photo: { subject: "scooter", color: "#1e3a8a" },
    hoursAgo: 30,
  },
  {
    author: "jiyoung",
    bike: garages.jiyoung[0]!,
    ratings: [6, 7, 6, 9, 8, 7, 8, 10, 10],
    texts: {
      maintenance: "엔진오일과 구동계 소모품 값이 저렴해서 유지비 부담이 거의 없습니다.",
      value: "출퇴근용으로 이만한 가성비가 없어요. 연비는 리터당 45km 정도 나옵니다.",
    },
    disadvantage: "뒷좌석이 좁아 둘이 타면 장거리는 힘듭니다.",
    tags: ["beginnerFriendly", "commuting", "fuelEfficient", "cheapToRun", "cityRiding"],
    ownerMeeting: false,
    photo: { subject: "scooter", color: "#94a3b8" },
    hoursAgo: 20,
  },
  {
    author: "taeho",
    bike: garages.taeho[0]!,
    ratings: [9, 7, 10, 8, 8, 7, 6, 8, 9],
    texts: {
      engine: "CP2 엔진의 저중속 토크가 좋아서 와인딩에서 정말 재밌습니다.",
      braking: "순정 브레이크는 무난하지만 패드를 바꾸니 훨씬 좋아졌어요.",
    },
    disadvantage: "순정 서스펜션이 물러서 두 명이 타면 출렁입니다.",
    tags: ["agile", "powerful", "soundsGreat", "customisable", "touring"],
    ownerMeeting: true,
    photo: { subject: "motorcycle", color: "#111827" },
    hoursAgo: 10,
  },
  {
    author: "seoyeon",
    bike: garages.seoyeon[0]!,
    ratings: [7, 7, 6, 8, 8, 8, 8, 9, 9],
    texts: {
      design: "각진 디자인이 깔끔하고 계기판이 밤에도 잘 보입니다.",
      convenience: "스마트키와 USB 충전이 있어 교육 다닐 때 편합니다.",
    },
    disadvantage: "시트가 높아서 키가 작은 분은 처음에 발이 불안할 수 있어요.",
    tags: ["beginnerFriendly", "commuting", "fuelEfficient", "reliable"],
    ownerMeeting: false,
    photo: { subject: "scooter", color: "#0f766e" },
    hoursAgo: 5,
  },
];

/** Sparks given among the demo members (giver, the review's author, how many). */
const demoSparks: [DemoRider, DemoRider, number][] = [
  ["jiyoung", "taeho", 5],
  ["seoyeon", "taeho", 3],
  ["taeho", "minsu", 4],
  ["garage", "minsu", 2],
  ["minsu", "jiyoung", 3],
  ["garage", "seoyeon", 1],
];

async function modelYearId(db: Runtime["db"], bike: DemoBike): Promise<number | undefined> {
  const [row] = await db
    .select({ id: motorcycle.id })
    .from(motorcycle)
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(
      and(
        eq(motorcycleManufacturer.slug, bike.maker),
        eq(motorcycleModel.slug, bike.model),
        eq(motorcycle.modelYear, bike.year),
      ),
    );
  return row?.id;
}

/**
 * Demo garages, owner reviews with a photo each, sparks between the demo members and a point gift, written through
 * the services like a member's own, into a database with demo members, the shipped catalogue and no review yet.
 * Answers how many reviews it wrote.
 */
export async function seedDemoMotorcycles(runtime: Runtime): Promise<number> {
  const { db, clock, storage } = runtime;
  const riders = await db
    .select({ id: member.id, email: member.email, nickname: member.nickname })
    .from(member)
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  const byName = new Map<string, { actor: Actor; nickname: string | null }>(
    riders.map((row) => [
      row.email.split("@")[0]!,
      { actor: actorOf({ id: row.id, role: "member", twoFactorEnabled: false }), nickname: row.nickname },
    ]),
  );
  if (byName.size === 0) return 0;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(motorcycleReview);
  if ((existing?.n ?? 0) > 0) return 0;

  const now = clock.now().getTime();
  const bikeIds: number[] = [];
  for (const [name, bikes] of Object.entries(garages)) {
    const rider = byName.get(name);
    if (!rider) continue;
    for (const bike of bikes) {
      const motorcycleId = await modelYearId(db, bike);
      if (!motorcycleId) continue;
      const { id } = await addBike({ db, clock, storage }, rider.actor, {
        motorcycleId,
        ownedSince: bike.since,
        odometerKm: bike.odometerKm,
      });
      bikeIds.push(id);
    }
  }

  const reviewIds = new Map<DemoRider, number>();
  for (const demo of demoReviews) {
    const author = byName.get(demo.author);
    const motorcycleId = await modelYearId(db, demo.bike);
    if (!author || !motorcycleId) continue;
    const at = clockAt(now - demo.hoursAgo * HOUR);
    const stored = await storeImage(storage, await demoPicture(demo.photo), { kind: "post", clock: at });
    const thumbnailUrl = thumbnailPath(stored.url);
    const { id } = await createReview(db, at, author.actor, {
      motorcycleId,
      ratings: Object.fromEntries(ratingItems.map((item, index) => [item, demo.ratings[index]!])) as Record<
        (typeof ratingItems)[number],
        number
      >,
      texts: Object.fromEntries(ratingItems.map((item) => [item, demo.texts[item] ?? ""])) as Record<
        (typeof ratingItems)[number],
        string
      >,
      disadvantage: demo.disadvantage,
      images: [{ url: stored.url, thumbnailUrl }],
      tags: demo.tags,
      ownerMeeting: demo.ownerMeeting,
    });
    reviewIds.set(demo.author, id);
  }
  // Marked like every demo row, so they can be told apart and removed.
  if (bikeIds.length) await db.update(garageBike).set({ demo: true }).where(inArray(garageBike.id, bikeIds));
  if (reviewIds.size)
    await db
      .update(motorcycleReview)
      .set({ demo: true })
      .where(inArray(motorcycleReview.id, [...reviewIds.values()]));

  for (const [giver, author, amount] of demoSparks) {
    const from = byName.get(giver);
    const reviewId = reviewIds.get(author);
    if (from && reviewId) await giveSparks(db, clock, from.actor, reviewId, amount);
  }

  // A reviewer thanks the shop with points (only reviewers may gift).
  const sender = byName.get("taeho");
  const recipient = byName.get("garage");
  if (sender && recipient?.nickname && reviewIds.has("taeho")) {
    await giftPoints(db, clock, sender.actor, {
      nickname: recipient.nickname,
      amount: 500,
      token: randomBytes(16).toString("base64url"),
    });
  }
  return reviewIds.size;
}
