import { sql, TransactionRollbackError, type Logger } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database } from "#app/db/client.server";
import {
  meeting,
  meetingBan,
  meetingFeedback,
  member,
  memberLocation,
  memberSkill,
  type MeetingKind,
} from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Actor } from "#app/services/actor";
import { isDomainError } from "#app/services/errors";
import { blindMember } from "#app/services/members/relations.server";
import { seedReferenceData } from "#app/services/reference/seed.server";
import { createTestDatabase } from "#tests/setup/database";
import { insertMember } from "#tests/setup/members";
import { insertMotorcycle } from "#tests/setup/motorcycles";
import { eq } from "drizzle-orm";
import {
  DEFAULT_ORIGIN,
  findExperts as findExpertsWithKey,
  finderQuery,
  radiusOfOption,
  viewerOrigin,
  type FinderParams,
} from "./finder.server";
import { SHOWN_OFFSET_MAX_M, SHOWN_OFFSET_MIN_M, shownPositionKey } from "./shown-position.server";

const positionKey = shownPositionKey("finder-test-secret-0123456789abcdef");
const findExperts = (db: Database, clock: FixedClock, viewer: Actor | null, params: FinderParams) =>
  findExpertsWithKey(db, clock, viewer, params, positionKey);
/** Every shown distance lies within the largest offset of the true one (plus the 50 m of rounding). */
const offsetKm = SHOWN_OFFSET_MAX_M / 1000 + 0.05;

let statements: string[] = [];
const counter: Logger = { logQuery: (query) => void statements.push(query) };

const now = new Date("2026-11-20T03:00:00Z");
const clock = new FixedClock(now);
let db: Database;

/** Yeongdeungpo-gu office; the points below lie due north of it, about 1.11 km per 0.01° of latitude. */
const origin = { lat: 37.5264, lng: 126.8962 };
const north = (km: number) => ({ lat: origin.lat + km / 111.2, lng: origin.lng });

let counted = 0;
async function skill(
  owner: Actor,
  kind: MeetingKind,
  km: number,
  values: Partial<typeof memberSkill.$inferInsert> = {},
): Promise<number> {
  counted += 1;
  const point = north(km);
  const [row] = await db
    .insert(memberSkill)
    .values({
      memberId: owner.id,
      kind,
      areaCode: "seoul-yeongdeungpo",
      areaName: "서울특별시 영등포구",
      latitude: point.lat,
      longitude: point.lng,
      entries: [`기술 ${counted}`],
      codes: [],
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returning({ id: memberSkill.id });
  return row!.id;
}

const search = (viewer: Actor | null, params: Partial<FinderParams> = {}) =>
  findExperts(db, clock, viewer, {
    kind: "repair",
    latitude: origin.lat,
    longitude: origin.lng,
    radiusKm: 10,
    ...params,
  });

/** Kilometres between two points on a sphere of the earth's mean radius. */
function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const skillIds = (page: { experts: { skill: { id: number } }[] }) => page.experts.map((e) => e.skill.id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function refusal(run: Promise<unknown>) {
  try {
    await run;
  } catch (error) {
    if (isDomainError(error, "finder")) return error.code;
    throw error;
  }
  return "accepted";
}

let viewer: Actor;
let near: number;
let middle: number;
let far: number;

beforeAll(async () => {
  ({ db } = await createTestDatabase(counter));
  await seedReferenceData(db, clock);
  viewer = await insertMember(db);
  // Farther apart than two offsets, so that the order and the radius cuts below hold wherever the offsets point.
  far = await skill(await insertMember(db), "repair", 24, { codes: ["tire"] });
  near = await skill(await insertMember(db), "repair", 1, { codes: ["engineOil", "tire"] });
  middle = await skill(await insertMember(db), "repair", 14, { codes: ["engineOil"] });
  // Outside the radius, another kind, switched off, and the viewer's own.
  await skill(await insertMember(db), "repair", 40);
  await skill(await insertMember(db), "rescue", 2, { codes: ["towing"] });
  await skill(await insertMember(db), "repair", 3, { active: false });
  await skill(viewer, "repair", 0.5);
});

describe("the expert finder", () => {
  it("finds active skills of the kind within the radius, nearest first, with the distance rounded", async () => {
    const page = await search(viewer, { radiusKm: 30 });
    expect(skillIds(page)).toEqual([near, middle, far]);
    page.experts.forEach((expert, index) => {
      const trueKm = [1, 14, 24][index]!;
      expect(Math.abs(expert.distanceKm - trueKm)).toBeLessThanOrEqual(offsetKm);
      expect(Math.round(expert.distanceKm * 10) / 10).toBe(expert.distanceKm);
    });
    expect(page.hasNext).toBe(false);
    expect(skillIds(await search(viewer, { radiusKm: 10 }))).toEqual([near]);
    expect(skillIds(await search(viewer, { radiusKm: 20 }))).toEqual([near, middle]);
    expect(skillIds(await search(viewer, { radiusKm: 50 }))).toHaveLength(4);
  });

  it("filters by the kind's own field", async () => {
    expect(skillIds(await search(viewer, { radiusKm: 30, filter: { code: "engineOil" } }))).toEqual([
      near,
      middle,
    ]);
    expect(skillIds(await search(viewer, { radiusKm: 30, filter: { code: "tire" } }))).toEqual([near, far]);
    expect((await search(viewer, { kind: "rescue", filter: { code: "towing" } })).experts).toHaveLength(1);
    expect(await refusal(search(viewer, { filter: { code: "towing" } }))).toBe("invalid_filter");
    expect(await refusal(search(viewer, { filter: { modelId: 1 } }))).toBe("invalid_filter");

    const { modelId } = await insertMotorcycle(db, clock, "forza350");
    const { modelId: other } = await insertMotorcycle(db, clock, "mt07");
    const rider = await insertMember(db);
    const owned = await skill(rider, "owner", 2, { modelId });
    await skill(await insertMember(db), "owner", 3, { modelId: other });
    const owners = await search(viewer, { kind: "owner", filter: { modelId } });
    expect(skillIds(owners)).toEqual([owned]);
    expect(owners.experts[0]!.skill.model).toEqual({
      id: modelId,
      ko: "혼다 포르자 350",
      en: "Honda Forza 350",
    });
  });

  it("leaves out banned, withdrawn and hidden members, in both directions of hiding", async () => {
    const banned = await insertMember(db);
    const bannedSkill = await skill(banned, "coaching", 1);
    const lifted = await insertMember(db);
    const liftedSkill = await skill(lifted, "coaching", 1.5);
    const over = await insertMember(db);
    const overSkill = await skill(over, "coaching", 2);
    const gone = await insertMember(db);
    await skill(gone, "coaching", 2.5);
    const hidden = await insertMember(db);
    await skill(hidden, "coaching", 3);
    const hider = await insertMember(db);
    await skill(hider, "coaching", 3.5);
    const day = 24 * 60 * 60 * 1000;
    const ban = (memberId: string, startsAt: Date, endsAt: Date | null, liftedAt: Date | null = null) => ({
      memberId,
      step: 1,
      reason: "noShow" as const,
      startsAt,
      endsAt,
      liftedAt,
      createdAt: startsAt,
    });
    await db
      .insert(meetingBan)
      .values([
        ban(banned.id, new Date(now.getTime() - day), null),
        ban(lifted.id, new Date(now.getTime() - day), new Date(now.getTime() + day), now),
        ban(over.id, new Date(now.getTime() - 31 * day), new Date(now.getTime() - day)),
      ]);
    await db.update(member).set({ withdrawnAt: now }).where(eq(member.id, gone.id));
    await blindMember(db, clock, viewer.id, hidden.id);
    await blindMember(db, clock, hider.id, viewer.id);

    expect(sorted(skillIds(await search(viewer, { kind: "coaching" })))).toEqual(
      sorted([liftedSkill, overSkill]),
    );
    // Someone else still sees the experts the viewer hid or was hidden by; never the banned one.
    const stranger = await insertMember(db);
    const seen = skillIds(await search(stranger, { kind: "coaching" }));
    expect(seen).toHaveLength(4);
    expect(seen).not.toContain(bannedSkill);
  });

  it("shows the district, never the expert's coordinates, with feedback score and response rate", async () => {
    const expert = await insertMember(db);
    const requester = await insertMember(db);
    const exact = { lat: 37.51234567, lng: 126.98765432 };
    await skill(expert, "pickup", 0, {
      latitude: exact.lat,
      longitude: exact.lng,
      codes: ["parts"],
      priceGuide: 20000,
    });
    const hour = 60 * 60 * 1000;
    const meetingAt = (hoursAgo: number, answered: boolean, code: string) => ({
      code,
      kind: "pickup" as const,
      requesterId: requester.id,
      providerId: expert.id,
      providerAnsweredAt: answered ? new Date(now.getTime() - hoursAgo * hour + hour) : null,
      lastMessageAt: now,
      createdAt: new Date(now.getTime() - hoursAgo * hour),
      updatedAt: now,
    });
    // Answered twice, unanswered once after a day; a fresh unanswered request does not count yet.
    const meetings = await db
      .insert(meeting)
      .values([
        meetingAt(72, true, "FIND0001"),
        meetingAt(48, true, "FIND0002"),
        meetingAt(30, false, "FIND0003"),
        meetingAt(2, false, "FIND0004"),
      ])
      .returning({ id: meeting.id });
    await db.insert(meetingFeedback).values([
      {
        meetingId: meetings[0]!.id,
        authorId: requester.id,
        targetId: expert.id,
        kind: "pickup",
        verdict: "smooth",
        rating: 5,
        createdAt: now,
      },
      {
        meetingId: meetings[1]!.id,
        authorId: requester.id,
        targetId: expert.id,
        kind: "pickup",
        verdict: "problem",
        rating: 4,
        createdAt: now,
      },
      {
        meetingId: meetings[2]!.id,
        authorId: requester.id,
        targetId: expert.id,
        kind: "pickup",
        verdict: "skipped",
        rating: null,
        createdAt: now,
      },
    ]);
    const page = await findExperts(db, clock, viewer, {
      kind: "pickup",
      latitude: exact.lat,
      longitude: exact.lng + 0.02,
      radiusKm: 5,
    });
    const [card] = page.experts;
    expect(card).toMatchObject({
      memberId: expert.id,
      nickname: expert.nickname,
      business: false,
      district: { ko: "서울특별시 영등포구", en: "Yeongdeungpo-gu, Seoul" },
      feedback: { score: 4.5, count: 2 },
      responseRate: 67,
      skill: { codes: ["parts"], priceGuide: 20000 },
    });
    // 0.02° of longitude here is 1.76 km; the card measures from the expert's shown point.
    expect(Math.abs(card!.distanceKm - 1.76)).toBeLessThanOrEqual(offsetKm);
    const text = JSON.stringify(page);
    expect(text).not.toContain("37.5123");
    expect(text).not.toContain("126.9876");

    const quiet = await insertMember(db);
    await skill(quiet, "pickup", 0, { latitude: exact.lat + 0.001, longitude: exact.lng, areaCode: null });
    const again = await findExperts(db, clock, viewer, {
      kind: "pickup",
      latitude: exact.lat,
      longitude: exact.lng,
      radiusKm: 5,
    });
    const silent = again.experts.find((e) => e.memberId === quiet.id)!;
    expect(silent.responseRate).toBeNull();
    expect(silent.feedback).toEqual({ score: null, count: 0 });
    expect(silent.district.ko).toBe("서울특별시 영등포구");
    // Without a district the map shows the shown point, rounded: nowhere near the service point.
    expect(kmBetween(silent.mapPoint, { lat: exact.lat + 0.001, lng: exact.lng })).toBeGreaterThan(
      SHOWN_OFFSET_MIN_M / 1000 - 0.8,
    );
    expect(silent.mapPoint.lat).toBe(Math.round(silent.mapPoint.lat * 100) / 100);
  });

  it("cannot be used to locate an expert: distances read from chosen points solve to a point kilometres off", async () => {
    const km = 1 / 111.32;
    for (let n = 0; n < 4; n++) {
      // Each expert offers two skills at one service point, as a rescue and pickup truck does.
      const expert = await insertMember(db);
      const truth = { lat: 36.35 + n * 0.2, lng: 127.38 };
      const at = { latitude: truth.lat, longitude: truth.lng, areaCode: null, areaName: "대전광역시" };
      await skill(expert, "rescue", 0, { ...at, codes: ["towing"] });
      await skill(expert, "pickup", 0, { ...at, codes: ["parts"] });

      // The finder from five points around the service point, as close as an attacker could guess it.
      const probes = [
        [0, 0],
        [4, 0],
        [-4, 0],
        [0, 4],
        [0, -4],
      ].map(([north, east]) => ({
        lat: truth.lat + north! * km,
        lng: truth.lng + (east! * km) / Math.cos((truth.lat * Math.PI) / 180),
      }));
      const readings: { x: number; y: number; d: number }[] = [];
      for (const probe of probes) {
        const distanceOf = async (kind: "rescue" | "pickup") => {
          const page = await findExperts(db, clock, viewer, {
            kind,
            latitude: probe.lat,
            longitude: probe.lng,
            radiusKm: 10,
            pageSize: 50,
          });
          return page.experts.find((card) => card.memberId === expert.id)!.distanceKm;
        };
        const d = await distanceOf("rescue");
        // The member's other skill tells nothing more: it is shown at the same point.
        expect(await distanceOf("pickup")).toBe(d);
        readings.push({
          x: (probe.lng - truth.lng) * 111.32 * Math.cos((truth.lat * Math.PI) / 180),
          y: (probe.lat - truth.lat) * 111.32,
          d,
        });
      }
      // Trilateration by least squares: each reading minus the first is a line in the unknown point (x, y).
      const [first, ...rest] = readings as [(typeof readings)[number], ...typeof readings];
      let [a11, a12, a22, b1, b2] = [0, 0, 0, 0, 0];
      for (const r of rest) {
        const ax = 2 * (r.x - first.x);
        const ay = 2 * (r.y - first.y);
        const b = r.x ** 2 + r.y ** 2 - r.d ** 2 - (first.x ** 2 + first.y ** 2 - first.d ** 2);
        [a11, a12, a22, b1, b2] = [a11 + ax * ax, a12 + ax * ay, a22 + ay * ay, b1 + ax * b, b2 + ay * b];
      }
      const det = a11 * a22 - a12 * a12;
      const x = (b1 * a22 - b2 * a12) / det;
      const y = (a11 * b2 - a12 * b1) / det;
      // The service point is at (0, 0): the best the attacker gets is more than a kilometre off.
      expect(Math.hypot(x, y)).toBeGreaterThan(1);
    }
  });

  it("pages by at most fifty, with one statement per page whatever its size", async () => {
    const many: number[] = [];
    for (let n = 0; n < 27; n++) many.push(await skill(await insertMember(db), "owner", 20 + n * 0.1));
    const params = { kind: "owner" as const, latitude: north(20).lat, longitude: origin.lng, radiusKm: 10 };
    statements = [];
    const first = await findExperts(db, clock, viewer, { ...params, pageSize: 10 });
    const firstCount = statements.length;
    statements = [];
    const all = await findExperts(db, clock, viewer, { ...params, pageSize: 50 });
    expect(statements.length).toBe(firstCount);
    expect(firstCount).toBe(1);
    expect(first.hasNext).toBe(true);
    expect(sorted(skillIds(all))).toEqual(many);
    // Nearest first by the distance the card shows, then by skill.
    const order = all.experts.map((e) => [e.distanceKm, e.skill.id] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(skillIds(first)).toEqual(skillIds(all).slice(0, 10));
    const third = await findExperts(db, clock, viewer, { ...params, pageSize: 10, page: 3 });
    expect(skillIds(third)).toEqual(skillIds(all).slice(20));
    expect(third.hasNext).toBe(false);
    expect(await refusal(findExperts(db, clock, viewer, { ...params, pageSize: 51 }))).toBe("invalid_page");
    expect(await refusal(findExperts(db, clock, viewer, { ...params, page: 0 }))).toBe("invalid_page");
  });

  it("refuses an unknown kind, a radius off the list and a position that is none", async () => {
    expect(await refusal(search(viewer, { kind: "taxi" as MeetingKind }))).toBe("not_found");
    expect(await refusal(search(viewer, { radiusKm: 7 }))).toBe("invalid_radius");
    expect(await refusal(search(viewer, { latitude: 91 }))).toBe("invalid_location");
    expect(await refusal(search(viewer, { longitude: Number.NaN }))).toBe("invalid_location");
    expect([1, 2, 3, 4, 5, 6].map(radiusOfOption)).toEqual([3, 5, 10, 20, 30, 50]);
    expect(() => radiusOfOption(7)).toThrow();
  });

  it("starts from the sent position, else the main area, else the default", async () => {
    const rider = await insertMember(db);
    expect(await viewerOrigin(db, rider)).toEqual({ ...DEFAULT_ORIGIN, source: "default" });
    expect(await viewerOrigin(db, null)).toEqual({ ...DEFAULT_ORIGIN, source: "default" });
    await db.insert(memberLocation).values([
      {
        userId: rider.id,
        position: 1,
        isMain: false,
        simpleAddress: "마포구",
        latitude: 37.56,
        longitude: 126.9,
      },
      {
        userId: rider.id,
        position: 2,
        isMain: true,
        simpleAddress: "강남구",
        latitude: 37.5172,
        longitude: 127.0473,
      },
    ]);
    expect(await viewerOrigin(db, rider)).toEqual({ lat: 37.5172, lng: 127.0473, source: "area" });
    expect(await viewerOrigin(db, rider, { lat: 35.1, lng: 129.0 })).toEqual({
      lat: 35.1,
      lng: 129.0,
      source: "device",
    });
    expect(await refusal(viewerOrigin(db, rider, { lat: 35.1 }))).toBe("invalid_location");
  });

  it("reads its kind's member_skill_{kind}_earth_idx, never the whole table", async () => {
    await db
      .transaction(async (tx) => {
        // A table of a realistic size, so that the planner's choice means something; rolled back after.
        await tx.execute(sql`insert into member (id, name, email, created_at, updated_at)
        select 'plan-' || g, 'plan' || g, 'plan' || g || '@example.com', now(), now()
        from generate_series(1, 20000) g`);
        await tx.execute(sql`insert into member_skill (member_id, kind, area_name, latitude, longitude, created_at,
          updated_at, entries, codes)
        select 'plan-' || g, (array['repair','coaching','rescue','pickup'])[1 + g % 4], '어딘가',
          33.2 + (g % 500) * 0.011, 126.1 + (g / 500) * 0.0375, now(), now(), '[]', '["tire"]'
        from generate_series(1, 20000) g`);
        await tx.execute(sql`analyze member_skill`);
        const query = await finderQuery(
          tx as unknown as Database,
          clock,
          viewer,
          {
            kind: "repair",
            latitude: origin.lat,
            longitude: origin.lng,
            radiusKm: 10,
            filter: { code: "tire" },
          },
          positionKey,
        );
        const rows = await queryRows<Record<string, string>>(
          tx as unknown as Database,
          sql`explain ${query}`,
        );
        const plan = rows.map((row) => Object.values(row)[0]).join("\n");
        expect(plan).toMatch(/member_skill_repair_earth_idx/);
        expect(plan).not.toMatch(/Seq Scan on member_skill/);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  });
});
