import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { memberLocation, memberProfile, memberSkill } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { areaByCode } from "#app/services/location/address-search";
import { saveSkill } from "#app/services/meetings/skills/skills.server";
import {
  callAction,
  callLoader,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as skillPage from "./skill";

let runtime: Runtime;
let callers: Callers;
const locations = new Map<string, number>();

/** The first-login profile's riding years and one location, which skills need. */
async function giveProfile(who: SignedInMember, ridingYears: number) {
  const now = runtime.clock.now();
  await runtime.db.insert(memberProfile).values({
    userId: who.id,
    introduction: "라이더",
    ridingYears,
    birthDate: "1990-01-01",
    createdAt: now,
    updatedAt: now,
  });
  const area = areaByCode("seoul-yeongdeungpo")!;
  const [row] = await runtime.db
    .insert(memberLocation)
    .values({
      userId: who.id,
      position: 0,
      isMain: true,
      simpleAddress: area.koShort,
      areaCode: area.code,
      latitude: area.lat,
      longitude: area.lng,
    })
    .returning({ id: memberLocation.id });
  locations.set(who.id, row!.id);
}

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  for (const who of [callers.owner, callers.other, callers.admin, callers.adminWithoutTwoFactor])
    await giveProfile(who, 5);
});

const post = (as: SignedInMember | null, form: Record<string, string | string[]>) =>
  callAction(skillPage.action, { path: "/my/skill", form, as });

const coachingForm = (who: SignedInMember, fields: Record<string, string | string[]> = {}) => ({
  intent: "save",
  kind: "coaching",
  locationId: String(locations.get(who.id)),
  radiusKm: "10",
  priceGuide: "20000",
  days: ["1", "3"],
  from: "10:00",
  to: "18:00",
  active: "on",
  ...fields,
});

const skillsOf = (memberId: string) =>
  runtime.db.select().from(memberSkill).where(eq(memberSkill.memberId, memberId));

describe("/my/skill (a member's skills)", () => {
  it("adds a skill for the signed-in member only, and keeps what was typed on a refusal", async () => {
    const { owner, adminWithoutTwoFactor, firstLogin } = callers;
    expect((await post(null, coachingForm(owner))).outcome).toBe("sign-in");
    expect((await post(firstLogin, coachingForm(owner))).outcome).toBe("first-login");
    expect((await post(adminWithoutTwoFactor, coachingForm(adminWithoutTwoFactor))).outcome).toBe("two-step");
    expect(await skillsOf(adminWithoutTwoFactor.id)).toEqual([]);

    const bad = await post(owner, coachingForm(owner, { from: "19:00", priceGuide: "15000" }));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      formKey: "add-coaching",
      lastResult: {
        error: { to: ["skill.error.hours_order"] },
        initialValue: { from: "19:00", priceGuide: "15000" },
      },
    });
    expect(await skillsOf(owner.id)).toEqual([]);

    expect(await post(owner, coachingForm(owner))).toMatchObject({
      outcome: "done",
      location: "/my/skill",
      flashed: true,
    });
    expect(await skillsOf(owner.id)).toMatchObject([
      { kind: "coaching", priceGuide: 20_000, availability: { days: [1, 3], from: "10:00", to: "18:00" } },
    ]);

    // The same form again (a second click): refused with a clear message, the typed values kept, still one skill.
    const again = await post(owner, coachingForm(owner, { priceGuide: "25000" }));
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      formKey: "add-coaching",
      error: { code: "skill_exists", message: "이 종류의 재능은 이미 등록했습니다." },
      lastResult: { initialValue: { priceGuide: "25000" } },
    });
    expect(await skillsOf(owner.id)).toHaveLength(1);

    // Someone else's location is not a service area of theirs.
    const elsewhere = await post(
      owner,
      coachingForm(owner, {
        kind: "rescue",
        codes: "towing",
        locationId: String(locations.get(callers.other.id)),
      }),
    );
    expect(elsewhere.data).toMatchObject({ formKey: "add-rescue", error: { code: "location_invalid" } });
  });

  it("lets only the owner edit, switch or delete a skill", async () => {
    const { owner, other, admin, adminWithoutTwoFactor } = callers;
    const { id } = await saveSkill(runtime.db, runtime.clock, owner.actor, {
      kind: "pickup",
      modelId: null,
      repairLevel: null,
      outsideRepair: false,
      codes: ["parts"],
      truck: true,
      entries: [],
      locationId: locations.get(owner.id)!,
      radiusKm: 10,
      priceGuide: null,
      availability: { days: [6], from: "09:00", to: "12:00", onCall: false },
      active: true,
    });
    const edit = {
      ...coachingForm(owner, { kind: "pickup", codes: ["parts", "gear"], priceGuide: "30000" }),
      skillId: String(id),
    };
    const toggle = { intent: "toggle", skillId: String(id), active: "off" };
    const remove = { intent: "delete", skillId: String(id) };
    for (const form of [edit, toggle, remove]) {
      expect((await post(null, form)).outcome).toBe("sign-in");
      expect((await post(adminWithoutTwoFactor, form)).outcome).toBe("two-step");
      for (const stranger of [other, admin]) {
        const answer = await post(stranger, form);
        expect(answer.outcome).toBe("not-found");
        expect(answer.data).toMatchObject({ error: { code: "not_found" } });
      }
    }
    const [unchanged] = await skillsOf(owner.id).then((rows) => rows.filter((row) => row.id === id));
    expect(unchanged).toMatchObject({ codes: ["parts"], active: true, priceGuide: null });

    expect((await post(owner, edit)).outcome).toBe("done");
    const [edited] = await runtime.db.select().from(memberSkill).where(eq(memberSkill.id, id));
    expect(edited).toMatchObject({ codes: ["parts", "gear"], priceGuide: 30_000 });

    expect(await post(owner, toggle)).toMatchObject({ outcome: "done", flashed: true });
    expect((await runtime.db.select().from(memberSkill).where(eq(memberSkill.id, id)))[0]?.active).toBe(
      false,
    );
    expect((await post(owner, { ...toggle, active: "on" })).outcome).toBe("done");
    expect((await runtime.db.select().from(memberSkill).where(eq(memberSkill.id, id)))[0]?.active).toBe(true);

    expect((await post(owner, remove)).outcome).toBe("done");
    expect(await runtime.db.select().from(memberSkill).where(eq(memberSkill.id, id))).toEqual([]);
  });

  it("shows the member's skills, the choices of each form and why a kind cannot be added", async () => {
    const { other } = callers;
    expect((await callLoader(skillPage.loader, { path: "/my/skill", as: null })).outcome).toBe("sign-in");
    const empty = await callLoader(skillPage.loader, { path: "/my/skill?add=repair", as: other });
    expect(empty.data).toMatchObject({
      skills: [],
      openKind: "repair",
      ban: null,
      add: { owner: { reason: "ownerNone" }, repair: null, coaching: null, rescue: null, pickup: null },
      options: {
        business: false,
        models: [],
        locations: [{ id: locations.get(other.id), name: { ko: "서울 영등포구" } }],
        codes: {
          repair: expect.arrayContaining([
            { code: "engineOil", label: { ko: "엔진오일 교환", en: "Oil Change" } },
          ]),
          rescue: expect.arrayContaining([expect.objectContaining({ code: "towing" })]),
          pickup: expect.arrayContaining([expect.objectContaining({ code: "parts" })]),
        },
      },
    });
    expect((await post(other, coachingForm(other))).outcome).toBe("done");
    const after = await callLoader(skillPage.loader, { path: "/my/skill", as: other });
    expect(after.data).toMatchObject({
      skills: [{ kind: "coaching", active: true, area: { ko: "서울 영등포구" } }],
      add: { coaching: { reason: "exists" } },
    });
  });
});
