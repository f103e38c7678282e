import { and, count, eq, like } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member, memberSkill, motorcycleManufacturer, motorcycleModel } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { actorOf } from "#app/services/actor";
import type { SkillInput } from "#app/services/meetings/skills/skill.schema";
import { ownedModels, saveSkill, skillLocations } from "#app/services/meetings/skills/skills.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";

/** A demo skill: its kind's fields, at which of the member's locations (0 = main), and an owned model for owners. */
type DemoSkill = Partial<Omit<SkillInput, "locationId">> &
  Pick<SkillInput, "kind"> & { location?: number; model?: { maker: string; model: string } };

const weekdays = { days: [1, 2, 3, 4, 5], from: "19:00", to: "22:00", onCall: false };
const weekend = { days: [0, 6], from: "09:00", to: "18:00", onCall: false };
const onCall = { days: [], from: null, to: null, onCall: true };

/** What the demo members offer, by the local part of their e-mail (see demo-members.server.ts). */
const demoSkills: Record<string, DemoSkill[]> = {
  minsu: [
    {
      kind: "owner",
      model: { maker: "honda", model: "forza-350" },
      entries: ["장거리 투어", "전동 스크린"],
      priceGuide: 10_000,
      availability: weekend,
    },
    {
      kind: "rescue",
      location: 1,
      codes: ["jumpStart", "tirePuncture", "fuelDelivery"],
      entries: ["마포·영등포 야간 출동"],
      radiusKm: 15,
      priceGuide: 30_000,
      availability: onCall,
    },
  ],
  jiyoung: [
    {
      kind: "owner",
      model: { maker: "honda", model: "pcx-125" },
      entries: ["출퇴근 연비 관리"],
      priceGuide: 0,
      availability: weekdays,
    },
    {
      kind: "pickup",
      codes: ["parts", "gear"],
      entries: ["강남 부품 퀵"],
      radiusKm: 5,
      priceGuide: 10_000,
      availability: weekdays,
    },
  ],
  taeho: [
    {
      kind: "owner",
      model: { maker: "yamaha", model: "mt-07" },
      entries: ["와인딩", "서스펜션 세팅"],
      priceGuide: 10_000,
      availability: weekend,
    },
    {
      kind: "coaching",
      entries: ["장거리 투어 코칭", "와인딩 기초"],
      radiusKm: 20,
      priceGuide: 20_000,
      availability: weekend,
    },
    {
      kind: "pickup",
      location: 1,
      codes: ["under125", "over125", "over500"],
      truck: true,
      entries: ["1톤 트럭 탁송"],
      radiusKm: 50,
      priceGuide: 80_000,
      availability: weekend,
    },
  ],
  seoyeon: [
    {
      kind: "coaching",
      entries: ["초보 주행 연수", "2종 소형 준비"],
      priceGuide: 20_000,
      availability: { days: [2, 4, 6], from: "10:00", to: "17:00", onCall: false },
    },
    {
      kind: "repair",
      repairLevel: "individual",
      codes: ["engineOil", "chainCare", "battery"],
      entries: ["자가 정비 같이 해요"],
      priceGuide: 20_000,
      availability: weekend,
    },
  ],
  garage: [
    {
      kind: "repair",
      repairLevel: "shop",
      outsideRepair: true,
      codes: ["inspection", "engineOil", "tire", "brakePad", "cvt", "diagnosis", "engineOverhaul"],
      entries: ["수입 바이크 정비", "스쿠터 구동계"],
      radiusKm: 10,
      availability: { days: [1, 2, 3, 4, 5, 6], from: "09:00", to: "19:00", onCall: false },
    },
    {
      kind: "rescue",
      codes: ["towing", "roadsideRepair", "accidentSupport"],
      truck: true,
      entries: ["견인 트럭 상시 대기"],
      radiusKm: 20,
      priceGuide: 50_000,
      availability: onCall,
    },
  ],
};

async function modelIdOf(db: Database, maker: string, model: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: motorcycleModel.id })
    .from(motorcycleModel)
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(and(eq(motorcycleManufacturer.slug, maker), eq(motorcycleModel.slug, model)));
  return row?.id;
}

/**
 * Skills of the demo members around Seoul (the business member offers shop repair), written through the skill
 * service like a member's own, into a database with demo members and no skill yet. Owner skills need the demo
 * garages (seedDemoMotorcycles) and are left out without them. Answers how many skills it wrote.
 */
export async function seedDemoSkills(db: Database, clock: Clock): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(memberSkill);
  if ((existing?.n ?? 0) > 0) return 0;
  const riders = await db
    .select({ id: member.id, email: member.email })
    .from(member)
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  let written = 0;
  for (const rider of riders) {
    const skills = demoSkills[rider.email.split("@")[0]!] ?? [];
    const actor = actorOf({ id: rider.id, role: "member", twoFactorEnabled: false });
    const [locations, owned] = await Promise.all([skillLocations(db, rider.id), ownedModels(db, rider.id)]);
    for (const { location, model, ...demo } of skills) {
      const place = locations[location ?? 0] ?? locations[0];
      if (!place) continue;
      let modelId: number | null = null;
      if (model) {
        const id = await modelIdOf(db, model.maker, model.model);
        if (!id || !owned.some((one) => one.modelId === id)) continue;
        modelId = id;
      }
      await saveSkill(db, clock, actor, {
        modelId,
        repairLevel: null,
        outsideRepair: false,
        codes: [],
        truck: false,
        entries: [],
        radiusKm: 10,
        priceGuide: null,
        availability: weekdays,
        active: true,
        ...demo,
        locationId: place.id,
      });
      written += 1;
    }
  }
  return written;
}
