import { and, eq, inArray, sql } from "drizzle-orm";
import {
  garageBike,
  marketListing,
  member,
  motorcycle,
  motorcycleModel,
  motorcycleReview,
  serviceLogEntry,
} from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { actorOf } from "#app/services/actor";
import { setListingServiceLog } from "#app/services/service-log/listing-log.server";
import { setRunningCosts } from "#app/services/service-log/running-costs.server";
import { addEntry, type EntryInput } from "#app/services/service-log/service-log.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";

/** Whose bike keeps the demo log: a demo member with the model in the garage, a review of it and a listing of it. */
const DEMO_OWNER = `jiyoung@${DEMO_EMAIL_DOMAIN}`;
const DEMO_MODEL_SLUG = "pcx-125";

/** Four years of a commuter scooter's services. */
const demoEntries: EntryInput[] = [
  {
    doneOn: "2021-07-10",
    mileageKm: 1_000,
    work: "oil",
    costWon: 15_000,
    shop: "혼다 지정 정비소 송파점",
    note: "길들이기 후 첫 엔진오일 교환",
  },
  {
    doneOn: "2022-01-15",
    mileageKm: 4_100,
    work: "oil",
    costWon: 18_000,
    shop: "혼다 지정 정비소 송파점",
    note: "",
  },
  {
    doneOn: "2022-06-20",
    mileageKm: 6_800,
    work: "tyres",
    costWon: 160_000,
    shop: "잠실 타이어",
    note: "앞뒤 타이어 교체",
  },
  {
    doneOn: "2022-11-05",
    mileageKm: 8_200,
    work: "inspection",
    costWon: 40_000,
    shop: "혼다 지정 정비소 송파점",
    note: "구동계 점검, 벨트 상태 양호",
  },
  {
    doneOn: "2023-05-12",
    mileageKm: 9_400,
    work: "oil",
    costWon: 18_000,
    shop: "혼다 지정 정비소 송파점",
    note: "",
  },
  {
    doneOn: "2023-12-02",
    mileageKm: 10_500,
    work: "brakes",
    costWon: 55_000,
    shop: "가락 모터스",
    note: "뒤 브레이크 패드 교체",
  },
  {
    doneOn: "2024-08-30",
    mileageKm: 11_300,
    work: "battery",
    costWon: 65_000,
    shop: "가락 모터스",
    note: "",
  },
  {
    doneOn: "2025-06-14",
    mileageKm: 11_900,
    work: "oil",
    costWon: 20_000,
    shop: "혼다 지정 정비소 송파점",
    note: "",
  },
];

/**
 * A demo service log, written through the service like a member's own: the demo member's PCX 125 in her garage,
 * attached to her PCX listing, with the running costs shown on her review of it. Needs the demo garages, listings and
 * reviews; does nothing once any log entry exists. Answers how many entries it wrote.
 */
export async function seedDemoServiceLog(runtime: Runtime): Promise<number> {
  const { db, clock } = runtime;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(serviceLogEntry);
  if ((existing?.n ?? 0) > 0) return 0;
  const [bike] = await db
    .select({ id: garageBike.id, memberId: garageBike.memberId, modelId: motorcycle.modelId })
    .from(garageBike)
    .innerJoin(member, eq(member.id, garageBike.memberId))
    .innerJoin(motorcycle, eq(motorcycle.id, garageBike.motorcycleId))
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .where(and(eq(member.email, DEMO_OWNER), eq(motorcycleModel.slug, DEMO_MODEL_SLUG)));
  if (!bike) return 0;
  const owner = actorOf({ id: bike.memberId, role: "member", twoFactorEnabled: false });

  const ids: number[] = [];
  for (const entry of demoEntries) ids.push((await addEntry(db, clock, owner, bike.id, entry)).id);
  await db.update(serviceLogEntry).set({ demo: true }).where(inArray(serviceLogEntry.id, ids));

  const [listing] = await db
    .select({ id: marketListing.articleId })
    .from(marketListing)
    .where(
      and(
        eq(marketListing.sellerId, owner.id),
        eq(marketListing.demo, true),
        sql`${marketListing.modelName} like '%PCX%'`,
      ),
    );
  if (listing)
    await runInTransaction(db, clock, (uow) =>
      setListingServiceLog(uow, owner, listing.id, { kind: "bike", bikeId: bike.id }),
    );
  const [review] = await db
    .select({ id: motorcycleReview.id })
    .from(motorcycleReview)
    .where(and(eq(motorcycleReview.authorId, owner.id), eq(motorcycleReview.modelId, bike.modelId)));
  if (review) await setRunningCosts(db, clock, owner, review.id, true);
  return ids.length;
}
