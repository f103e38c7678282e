import { eq, inArray, like, sql } from "drizzle-orm";
import {
  marketListing,
  marketListingFit,
  member,
  motorcycleManufacturer,
  motorcycleModel,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import { listCategories } from "#app/services/board/articles.server";
import { memberTradeAreas } from "#app/services/market/areas.server";
import type { FitKind } from "#app/services/market/fits";
import { checkListing, insertListing } from "#app/services/market/listings.server";
import { storeImage } from "#app/services/uploads/uploads.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";
import { demoPicture, type DemoPictureSubject } from "./pictures.server";

/** Demo sellers by the local part of their e-mail (see demo-members.server.ts). */
type DemoSeller = "minsu" | "jiyoung" | "taeho" | "seoyeon";

interface DemoFitListing {
  kind: FitKind;
  category: string;
  seller: DemoSeller;
  title: string;
  text: string;
  price: number;
  /** Catalogue models by manufacturer and model slug, with the years fitted (null for no bound). */
  fits: { maker: string; model: string; from: number | null; to: number | null }[];
  photo: { subject: DemoPictureSubject; color: string };
  hoursAgo: number;
}

const DEMO_MARK = "[데모]";
const HOUR = 60 * 60 * 1000;

/**
 * Parts and gear naming the models they fit, matched to the demo garages (demo-motorcycles.server.ts): 민수 rides a
 * Forza 350 of 2023, 지영 a PCX 125 of 2021, 태호 an MT-07 of 2022, 서연 an NMAX 125 of 2023. The PCX mirror fits
 * only the older PCX, so 지영's "fits my garage" leaves it out.
 */
const demoFitListings: DemoFitListing[] = [
  {
    kind: "parts",
    category: "exhaust",
    seller: "taeho",
    title: "포르자 350 순정 머플러 (21년식 이후)",
    text: "튜닝하면서 떼어 둔 순정 머플러입니다. 21년식부터 24년식까지 그대로 맞습니다.",
    price: 180_000,
    fits: [{ maker: "honda", model: "forza-350", from: 2021, to: 2024 }],
    photo: { subject: "part", color: "#475569" },
    hoursAgo: 5,
  },
  {
    kind: "parts",
    category: "luggage",
    seller: "minsu",
    title: "PCX 125 리어 캐리어 (21~23년식)",
    text: "배달 대행할 때 쓰던 리어 캐리어입니다. 볼트 포함, 21~23년식 PCX에 맞습니다.",
    price: 45_000,
    fits: [{ maker: "honda", model: "pcx-125", from: 2021, to: 2023 }],
    photo: { subject: "box", color: "#0f766e" },
    hoursAgo: 9,
  },
  {
    kind: "parts",
    category: "brake",
    seller: "seoyeon",
    title: "MT-07 앞 브레이크 패드 새것",
    text: "잘못 주문한 새 패드입니다. MT-07 전 연식에 맞습니다.",
    price: 35_000,
    fits: [{ maker: "yamaha", model: "mt-07", from: null, to: null }],
    photo: { subject: "part", color: "#b91c1c" },
    hoursAgo: 14,
  },
  {
    kind: "gear",
    category: "other",
    seller: "jiyoung",
    title: "스쿠터용 방한 무릎 덮개 (포르자·엔맥스)",
    text: "포르자 350과 엔맥스 125 차체에 맞게 재단된 방한 덮개입니다. 한 시즌 썼어요.",
    price: 30_000,
    fits: [
      { maker: "honda", model: "forza-350", from: null, to: null },
      { maker: "yamaha", model: "nmax-125", from: 2021, to: null },
    ],
    photo: { subject: "glove", color: "#1e3a8a" },
    hoursAgo: 20,
  },
  {
    kind: "parts",
    category: "body",
    seller: "taeho",
    title: "구형 PCX 125 사이드 미러 (18~20년식)",
    text: "18~20년식 PCX 전용 미러 한 쌍입니다. 21년식 이후 모델에는 맞지 않습니다.",
    price: 20_000,
    fits: [{ maker: "honda", model: "pcx-125", from: 2018, to: 2020 }],
    photo: { subject: "part", color: "#334155" },
    hoursAgo: 26,
  },
];

const clockAt = (ms: number): Clock => ({ now: () => new Date(ms) });

/**
 * Writes the demo parts and gear that name the models they fit, through the market's services and rules. Does
 * nothing unless the demo members and the catalogue exist, or once a demo listing names a fit. Answers how many it
 * wrote.
 */
export async function seedDemoPartsFit(runtime: Runtime): Promise<number> {
  const { db, clock, storage } = runtime;
  const sellers = await db
    .select({ id: member.id, email: member.email })
    .from(member)
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  const byName = new Map(sellers.map((row) => [row.email.split("@")[0]!, row.id]));
  if (byName.size === 0) return 0;
  const [seeded] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(marketListingFit)
    .innerJoin(marketListing, eq(marketListing.articleId, marketListingFit.articleId))
    .where(eq(marketListing.demo, true));
  if ((seeded?.n ?? 0) > 0) return 0;

  const slugs = [...new Set(demoFitListings.flatMap((listing) => listing.fits.map((fit) => fit.model)))];
  const models = await db
    .select({ id: motorcycleModel.id, slug: motorcycleModel.slug, maker: motorcycleManufacturer.slug })
    .from(motorcycleModel)
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(inArray(motorcycleModel.slug, slugs));
  const modelId = (maker: string, slug: string) =>
    models.find((model) => model.maker === maker && model.slug === slug)?.id;

  const now = clock.now().getTime();
  let written = 0;
  for (const demo of demoFitListings) {
    const sellerId = byName.get(demo.seller);
    const fits = demo.fits.map((fit) => ({
      modelId: modelId(fit.maker, fit.model),
      yearFrom: fit.from,
      yearTo: fit.to,
    }));
    if (!sellerId || fits.some((fit) => fit.modelId === undefined)) continue;
    const at = clockAt(now - demo.hoursAgo * HOUR);
    const [area] = await memberTradeAreas(db, sellerId);
    const category = (await listCategories(db, demo.kind)).find((row) => row.code === demo.category);
    if (!area || !category) continue;
    const photo = await storeImage(storage, await demoPicture(demo.photo), { kind: "post", clock: at });
    const checked = await checkListing(db, at, {
      kind: demo.kind,
      categoryId: category.id,
      title: `${DEMO_MARK} ${demo.title}`,
      contentHtml: `<img src="${photo.url}" alt="${demo.title}" width="${photo.width}" height="${photo.height}"><p>${demo.text}</p>`,
      price: demo.price,
      negotiable: true,
      tradeDirect: true,
      tradeDelivery: true,
      areaCode: area.code,
      fits: fits.map((fit) => ({ ...fit, modelId: fit.modelId! })),
    });
    const seller = actorOf({ id: sellerId, role: "member", twoFactorEnabled: false });
    await insertListing(db, at, seller, checked, { demo: true });
    written++;
  }
  return written;
}
