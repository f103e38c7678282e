import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { garageBike, meetingBan, member, memberLocation, memberProfile, memberSkill } from "#app/db/schema";
import { AdjustableClock, FixedClock } from "#app/platform/clock.server";
import { DAY_MS } from "#app/platform/seoul-calendar";
import { DomainError } from "#app/services/errors";
import { areaByCode } from "#app/services/location/address-search";
import { insertTestCatalogue } from "#tests/setup/motorcycles";
import { insertRatedReview } from "#tests/setup/model-reviews";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { skillFormSchema, type SkillInput } from "./skill.schema";
import {
  deleteSkill,
  listMySkills,
  ownedModels,
  saveSkill,
  setSkillActive,
  skillsOfMember,
} from "./skills.server";

let db: Database;
let catalogue: Awaited<ReturnType<typeof insertTestCatalogue>>;
// 10:00 in Seoul.
const clock = new AdjustableClock(new FixedClock(new Date("2026-03-02T01:00:00Z")));

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
  catalogue = await insertTestCatalogue(db, clock);
});

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

interface Rider {
  actor: TestMember;
  locationId: number;
}

/** A member with a first-login profile (riding years, business or not) and one location in a Seoul district. */
async function rider(
  options: { ridingYears?: number; business?: boolean; area?: string; admin?: boolean } = {},
): Promise<Rider> {
  const actor = options.admin ? await insertAdmin(db) : await insertMember(db);
  const now = clock.now();
  await db
    .update(member)
    .set({ memberType: options.business ? "business" : "individual" })
    .where(eq(member.id, actor.id));
  await db.insert(memberProfile).values({
    userId: actor.id,
    introduction: "주말 라이더",
    ridingYears: options.ridingYears ?? 5,
    birthDate: "1990-01-01",
    createdAt: now,
    updatedAt: now,
  });
  const area = areaByCode(options.area ?? "seoul-mapo")!;
  const [location] = await db
    .insert(memberLocation)
    .values({
      userId: actor.id,
      position: 0,
      isMain: true,
      simpleAddress: area.koShort,
      areaCode: area.code,
      latitude: area.lat + 0.001,
      longitude: area.lng - 0.001,
    })
    .returning({ id: memberLocation.id });
  return { actor, locationId: location!.id };
}

const weekdays = { days: [1, 3, 5], from: "10:00", to: "18:00", onCall: false };

function skill(who: Rider, fields: Partial<SkillInput> & Pick<SkillInput, "kind">): SkillInput {
  return {
    modelId: null,
    repairLevel: null,
    outsideRepair: false,
    codes: [],
    truck: false,
    entries: [],
    locationId: who.locationId,
    radiusKm: 10,
    priceGuide: null,
    availability: weekdays,
    active: true,
    ...fields,
  };
}

async function skillRow(id: number) {
  const [row] = await db.select().from(memberSkill).where(eq(memberSkill.id, id));
  return row;
}

async function ban(memberId: string, days: number | null) {
  const now = clock.now();
  await db.insert(meetingBan).values({
    memberId,
    step: days === null ? 4 : 1,
    reason: "noShow",
    startsAt: now,
    endsAt: days === null ? null : new Date(now.getTime() + days * DAY_MS),
    createdAt: now,
  });
}

describe("owner skills", () => {
  it("are only for a model the member owns now: in the garage or reviewed, one per model", async () => {
    const me = await rider();
    const forza = skill(me, { kind: "owner", modelId: catalogue.forza350.modelId });
    expect(await outcome(saveSkill(db, clock, me.actor, forza))).toBe("skill.model_not_owned");

    const [bike] = await db
      .insert(garageBike)
      .values({
        memberId: me.actor.id,
        motorcycleId: catalogue.forza350.id,
        ownedSince: "2024-03-01",
        createdAt: clock.now(),
      })
      .returning({ id: garageBike.id });
    expect(await outcome(saveSkill(db, clock, me.actor, forza))).toBe("ok");
    expect(await outcome(saveSkill(db, clock, me.actor, forza))).toBe("skill.owner_exists");

    // A review proves ownership too; a deleted one does not.
    const mt07 = skill(me, { kind: "owner", modelId: catalogue.mt07.modelId });
    await insertRatedReview(db, clock, me.actor.id, catalogue.mt07, { deleted: true });
    expect(await outcome(saveSkill(db, clock, me.actor, mt07))).toBe("skill.model_not_owned");
    await insertRatedReview(db, clock, me.actor.id, catalogue.mt07);
    expect(await outcome(saveSkill(db, clock, me.actor, mt07))).toBe("ok");
    expect((await ownedModels(db, me.actor.id)).map((model) => model.modelId).sort()).toEqual(
      [catalogue.forza350.modelId, catalogue.mt07.modelId].sort(),
    );

    // Sold (out of the garage): the skill can be switched off, but not on again.
    const [offered] = (await listMySkills(db, me.actor)).filter(
      (mine) => mine.modelId === catalogue.forza350.modelId,
    );
    expect(offered?.model).toEqual({ ko: "혼다 포르자 350", en: "Honda Forza 350" });
    await db.update(garageBike).set({ deletedAt: clock.now() }).where(eq(garageBike.id, bike!.id));
    await setSkillActive(db, clock, me.actor, offered!.id, false);
    expect(await outcome(setSkillActive(db, clock, me.actor, offered!.id, true))).toBe(
      "skill.model_not_owned",
    );
    expect((await skillRow(offered!.id))?.active).toBe(false);
  });

  it("needs a model", async () => {
    const me = await rider();
    expect(await outcome(saveSkill(db, clock, me.actor, skill(me, { kind: "owner" })))).toBe(
      "skill.model_required",
    );
  });
});

describe("repair, coaching, rescue and pickup skills", () => {
  it("offer shop repair to business members only, with repair codes of the reference table", async () => {
    const person = await rider();
    const shop = await rider({ business: true, area: "seoul-seongdong" });
    const repair = (who: Rider, fields: Partial<SkillInput> = {}) =>
      skill(who, { kind: "repair", repairLevel: "shop", codes: ["engineOil", "tire"], ...fields });

    expect(await outcome(saveSkill(db, clock, person.actor, repair(person)))).toBe(
      "skill.shop_business_only",
    );
    expect(await outcome(saveSkill(db, clock, shop.actor, repair(shop, { codes: [] })))).toBe(
      "skill.codes_required",
    );
    expect(await outcome(saveSkill(db, clock, shop.actor, repair(shop, { codes: ["towing"] })))).toBe(
      "skill.code_unknown",
    );
    expect(await outcome(saveSkill(db, clock, shop.actor, repair(shop, { repairLevel: null })))).toBe(
      "skill.repair_level_required",
    );
    const { id } = await saveSkill(db, clock, shop.actor, repair(shop, { outsideRepair: true, truck: true }));
    expect(await skillRow(id)).toMatchObject({
      kind: "repair",
      repairLevel: "shop",
      outsideRepair: true,
      // Not a field of repair skills.
      truck: false,
      codes: ["engineOil", "tire"],
    });
    expect(await outcome(saveSkill(db, clock, shop.actor, repair(shop)))).toBe("skill.skill_exists");

    expect(
      await outcome(saveSkill(db, clock, person.actor, repair(person, { repairLevel: "individual" }))),
    ).toBe("ok");
  });

  it("offer coaching from 3 riding years", async () => {
    const novice = await rider({ ridingYears: 2 });
    const rider3 = await rider({ ridingYears: 3 });
    expect(await outcome(saveSkill(db, clock, novice.actor, skill(novice, { kind: "coaching" })))).toBe(
      "skill.coaching_years",
    );
    expect(await outcome(saveSkill(db, clock, rider3.actor, skill(rider3, { kind: "coaching" })))).toBe("ok");
  });

  it("let rescue be on call, with rescue codes, and pickup carry pickup items by truck", async () => {
    const me = await rider();
    const onCall = { days: [2], from: "09:00", to: "10:00", onCall: true };
    expect(
      await outcome(
        saveSkill(
          db,
          clock,
          me.actor,
          skill(me, { kind: "rescue", codes: ["engineOil"], availability: onCall }),
        ),
      ),
    ).toBe("skill.code_unknown");
    const rescue = await saveSkill(
      db,
      clock,
      me.actor,
      skill(me, {
        kind: "rescue",
        codes: ["towing", "jumpStart", "towing"],
        truck: true,
        availability: onCall,
      }),
    );
    expect(await skillRow(rescue.id)).toMatchObject({
      codes: ["towing", "jumpStart"],
      truck: true,
      availability: { days: [], from: null, to: null, onCall: true },
    });
    expect(
      await outcome(
        saveSkill(db, clock, me.actor, skill(me, { kind: "pickup", codes: ["parts"], availability: onCall })),
      ),
    ).toBe("skill.on_call_rescue_only");
    expect(await outcome(saveSkill(db, clock, me.actor, skill(me, { kind: "pickup", codes: [] })))).toBe(
      "skill.codes_required",
    );
    const pickup = await saveSkill(
      db,
      clock,
      me.actor,
      skill(me, { kind: "pickup", codes: ["over500", "parts"], truck: true, priceGuide: 0 }),
    );
    expect(await skillRow(pickup.id)).toMatchObject({
      truck: true,
      priceGuide: 0,
      codes: ["over500", "parts"],
    });
  });
});

describe("what every skill carries", () => {
  it("copies the member's own location (district and centre) and refuses anybody else's", async () => {
    const me = await rider({ area: "seoul-mapo" });
    const stranger = await rider({ area: "seoul-gangnam" });
    expect(
      await outcome(
        saveSkill(db, clock, me.actor, skill(me, { kind: "coaching", locationId: stranger.locationId })),
      ),
    ).toBe("skill.location_invalid");
    const { id } = await saveSkill(db, clock, me.actor, skill(me, { kind: "coaching", radiusKm: 25 }));
    const mapo = areaByCode("seoul-mapo")!;
    expect(await skillRow(id)).toMatchObject({
      memberId: me.actor.id,
      locationId: me.locationId,
      areaCode: "seoul-mapo",
      areaName: "서울 마포구",
      latitude: mapo.lat + 0.001,
      longitude: mapo.lng - 0.001,
      radiusKm: 25,
      createdAt: clock.now(),
    });
  });

  it("holds entries, radius, price and hours to their limits", async () => {
    const me = await rider();
    const coaching = (fields: Partial<SkillInput>) =>
      outcome(saveSkill(db, clock, me.actor, skill(me, { kind: "coaching", ...fields })));
    expect(await coaching({ entries: ["a", "b", "c", "d", "e", "f"] })).toBe("skill.entries_too_many");
    expect(await coaching({ entries: ["가".repeat(21)] })).toBe("skill.entry_too_long");
    expect(await coaching({ radiusKm: 0 })).toBe("skill.radius_invalid");
    expect(await coaching({ radiusKm: 51 })).toBe("skill.radius_invalid");
    expect(await coaching({ priceGuide: -1 })).toBe("skill.price_invalid");
    expect(await coaching({ availability: { days: [], from: "10:00", to: "12:00", onCall: false } })).toBe(
      "skill.days_required",
    );
    expect(await coaching({ availability: { days: [1], from: null, to: "12:00", onCall: false } })).toBe(
      "skill.hours_required",
    );
    expect(await coaching({ availability: { days: [1], from: "12:00", to: "12:00", onCall: false } })).toBe(
      "skill.hours_order",
    );
    expect(await coaching({ locationId: 0 })).toBe("skill.location_required");

    const { id } = await saveSkill(
      db,
      clock,
      me.actor,
      skill(me, {
        kind: "coaching",
        entries: [" 야간 주행 ", "", "가".repeat(20)],
        availability: { days: [6, 0, 6], from: "09:00", to: "21:30", onCall: false },
      }),
    );
    expect(await skillRow(id)).toMatchObject({
      entries: ["야간 주행", "가".repeat(20)],
      availability: { days: [0, 6], from: "09:00", to: "21:30", onCall: false },
      priceGuide: null,
    });
  });

  it("is parsed from the form the same way in the browser and the action", () => {
    const form = new FormData();
    form.set("kind", "rescue");
    form.append("codes", "towing");
    form.append("entries", "");
    form.append("entries", " 견인 10년 ");
    form.set("locationId", "7");
    form.set("radiusKm", "");
    form.set("priceGuide", "30000");
    form.set("onCall", "on");
    form.set("active", "on");
    const parsed = parseWithZod(form, { schema: skillFormSchema });
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toEqual({
      skillId: null,
      skill: expect.objectContaining({
        kind: "rescue",
        codes: ["towing"],
        entries: ["견인 10년"],
        locationId: 7,
        radiusKm: 10,
        priceGuide: 30000,
        availability: { days: [], from: null, to: null, onCall: true },
        active: true,
      }),
    });

    const bad = new FormData();
    bad.set("kind", "repair");
    bad.set("priceGuide", "1.5");
    bad.append("days", "1");
    bad.set("from", "18:00");
    bad.set("to", "09:00");
    const refused = parseWithZod(bad, { schema: skillFormSchema });
    expect(refused.status).toBe("error");
    expect(refused.status === "error" && refused.error).toMatchObject({
      priceGuide: ["skill.error.price_invalid"],
    });

    bad.set("priceGuide", "5000");
    const again = parseWithZod(bad, { schema: skillFormSchema });
    expect(again.status === "error" && again.error).toEqual({
      repairLevel: ["skill.error.repair_level_required"],
      codes: ["skill.error.codes_required"],
      locationId: ["skill.error.location_required"],
      to: ["skill.error.hours_order"],
    });
  });
});

describe("changing skills", () => {
  it("lets only the member change, switch or delete their own skills", async () => {
    const me = await rider();
    const other = await rider();
    const admin = await rider({ admin: true });
    const { id } = await saveSkill(db, clock, me.actor, skill(me, { kind: "coaching", priceGuide: 20_000 }));
    const edit = skill(me, { kind: "coaching", priceGuide: 0, radiusKm: 5 });

    for (const stranger of [other, admin]) {
      expect(await outcome(saveSkill(db, clock, stranger.actor, edit, id))).toBe("skill.not_found");
      expect(await outcome(setSkillActive(db, clock, stranger.actor, id, false))).toBe("skill.not_found");
      expect(await outcome(deleteSkill(db, clock, stranger.actor, id))).toBe("skill.not_found");
    }
    expect(await skillRow(id)).toMatchObject({ priceGuide: 20_000, radiusKm: 10, active: true });

    clock.advance(60_000);
    expect(await saveSkill(db, clock, me.actor, edit, id)).toEqual({ id });
    expect(await skillRow(id)).toMatchObject({ priceGuide: 0, radiusKm: 5, updatedAt: clock.now() });
    expect(
      await outcome(saveSkill(db, clock, me.actor, skill(me, { kind: "rescue", codes: ["towing"] }), id)),
    ).toBe("skill.kind_changed");

    await setSkillActive(db, clock, me.actor, id, false);
    expect(await skillsOfMember(db, me.actor.id)).toEqual([]);
    expect((await listMySkills(db, me.actor)).map((mine) => [mine.id, mine.active])).toEqual([[id, false]]);
    await setSkillActive(db, clock, me.actor, id, true);
    await deleteSkill(db, clock, me.actor, id);
    expect(await skillRow(id)).toBeUndefined();
  });

  it("refuses a banned member adding or switching on a skill, and lets them switch off and delete", async () => {
    const me = await rider();
    const coaching = skill(me, { kind: "coaching" });
    const { id } = await saveSkill(db, clock, me.actor, coaching);
    const rescue = await saveSkill(
      db,
      clock,
      me.actor,
      skill(me, { kind: "rescue", codes: ["towing"], active: false }),
    );
    await ban(me.actor.id, 30);

    const adding = await saveSkill(
      db,
      clock,
      me.actor,
      skill(me, { kind: "pickup", codes: ["parts"] }),
    ).catch((error: unknown) => error as DomainError);
    expect(adding).toMatchObject({ area: "conduct", code: "banned", params: { until: "2026-04-01" } });
    expect(await outcome(setSkillActive(db, clock, me.actor, rescue.id, true))).toBe("conduct.banned");
    expect(
      await outcome(
        saveSkill(
          db,
          clock,
          me.actor,
          skill(me, { kind: "rescue", codes: ["towing"], active: true }),
          rescue.id,
        ),
      ),
    ).toBe("conduct.banned");
    // Details of a skill already on may still change.
    expect(await outcome(saveSkill(db, clock, me.actor, { ...coaching, radiusKm: 3 }, id))).toBe("ok");
    expect(await outcome(setSkillActive(db, clock, me.actor, id, false))).toBe("ok");
    expect(await outcome(deleteSkill(db, clock, me.actor, id))).toBe("ok");

    const forever = await rider();
    await ban(forever.actor.id, null);
    expect(await outcome(saveSkill(db, clock, forever.actor, skill(forever, { kind: "coaching" })))).toBe(
      "conduct.banned_permanently",
    );
  });

  it("stores one skill when the same form is sent twice at once", async () => {
    const me = await rider();
    const twice = await Promise.all([
      outcome(saveSkill(db, clock, me.actor, skill(me, { kind: "coaching" }))),
      outcome(saveSkill(db, clock, me.actor, skill(me, { kind: "coaching" }))),
    ]);
    expect(twice.sort()).toEqual(["ok", "skill.skill_exists"]);
    const rows = await db.select().from(memberSkill).where(eq(memberSkill.memberId, me.actor.id));
    expect(rows).toHaveLength(1);
  });
});

describe("skills others see", () => {
  it("shows switched-on skills with their district and never coordinates", async () => {
    const me = await rider({ business: true, area: "seoul-seongdong" });
    await saveSkill(
      db,
      clock,
      me.actor,
      skill(me, { kind: "pickup", codes: ["parts"], truck: true, priceGuide: 50_000 }),
    );
    await saveSkill(
      db,
      clock,
      me.actor,
      skill(me, { kind: "repair", repairLevel: "shop", codes: ["tire"], entries: ["타이어 전문"] }),
    );
    await saveSkill(db, clock, me.actor, skill(me, { kind: "coaching", active: false }));
    const shown = await skillsOfMember(db, me.actor.id);
    expect(shown.map((one) => one.kind)).toEqual(["repair", "pickup"]);
    expect(shown[0]).toMatchObject({
      repairLevel: "shop",
      codes: [{ code: "tire", label: { ko: "타이어 교환", en: "Tire Change" } }],
      entries: ["타이어 전문"],
      area: { ko: "서울 성동구", en: "Seongdong-gu, Seoul" },
    });
    for (const one of shown) {
      expect(Object.keys(one)).not.toEqual(expect.arrayContaining(["latitude"]));
      expect(JSON.stringify(one)).not.toMatch(/latitude|longitude|locationId|37\.56/);
    }
  });
});
