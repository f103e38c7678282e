import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  garageBike,
  member,
  memberLocation,
  memberProfile,
  memberSkill,
  motorcycle,
  motorcycleManufacturer,
  motorcycleModel,
  motorcycleReview,
  type MeetingKind,
  type SkillAvailability,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { seoulDay } from "#app/platform/seoul-calendar";
import { executor, runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { areaOfLocation } from "#app/services/location/address-search";
import { districtNames, type AreaNames } from "#app/services/market/areas.server";
import { listFilterTable } from "#app/services/reference/filters.server";
import { activeBan, assertNotBanned } from "#app/services/meetings/conduct/bans.server";
import type { SkillErrorCode } from "./errors";
import {
  COACHING_MIN_YEARS,
  isCodedKind,
  normalisedSkill,
  skillCodeTables,
  skillKinds,
  skillProblems,
  type RepairLevel,
  type SkillInput,
} from "./skill.schema";

/**
 * The skills a member offers in the expert exchange (/my/skill): one per kind, and for owner meetings one per model
 * the member owns. Only the member changes their own skills. The service area is one of the member's locations,
 * copied into the skill (district and centre) so that the finder reads one table; others only ever see the
 * district. The form's schema, shared with the page, is `skill.schema.ts`.
 */

const fail = (code: SkillErrorCode) => new DomainError("skill", code);

type Executor = Database;

export interface SkillCode {
  code: string;
  label: AreaNames;
}

/** A skill as others see it (profiles, expert cards): the district, never coordinates. */
export interface PublicSkill {
  id: number;
  kind: MeetingKind;
  modelId: number | null;
  model: AreaNames | null;
  repairLevel: RepairLevel | null;
  outsideRepair: boolean;
  codes: SkillCode[];
  truck: boolean;
  entries: string[];
  area: AreaNames;
  radiusKm: number;
  priceGuide: number | null;
  availability: SkillAvailability;
}

/** A skill as its member manages it: also switched off ones, and the location it was placed at. */
export interface MySkill extends PublicSkill {
  active: boolean;
  locationId: number | null;
}

const skillColumns = {
  id: memberSkill.id,
  kind: memberSkill.kind,
  modelId: memberSkill.modelId,
  repairLevel: memberSkill.repairLevel,
  outsideRepair: memberSkill.outsideRepair,
  codes: memberSkill.codes,
  truck: memberSkill.truck,
  entries: memberSkill.entries,
  locationId: memberSkill.locationId,
  areaCode: memberSkill.areaCode,
  areaName: memberSkill.areaName,
  radiusKm: memberSkill.radiusKm,
  priceGuide: memberSkill.priceGuide,
  availability: memberSkill.availability,
  active: memberSkill.active,
  modelKo: sql<string | null>`${motorcycleManufacturer.nameKo} || ' ' || ${motorcycleModel.nameKo}`,
  modelEn: sql<string | null>`${motorcycleManufacturer.nameEn} || ' ' || ${motorcycleModel.nameEn}`,
};

const kindOrder = (kind: MeetingKind) => skillKinds.indexOf(kind);

/** The labels of the reference codes of every coded kind, by kind and code. */
async function codeLabels(db: Database): Promise<Map<string, AreaNames>> {
  const labels = new Map<string, AreaNames>();
  for (const [kind, table] of Object.entries(skillCodeTables)) {
    for (const item of await listFilterTable(db, table)) labels.set(`${kind}:${item.code}`, item.label);
  }
  return labels;
}

function mySkillOf(row: SkillRow, labels: Map<string, AreaNames>): MySkill {
  return {
    id: row.id,
    kind: row.kind,
    modelId: row.modelId,
    model: row.modelKo && row.modelEn ? { ko: row.modelKo, en: row.modelEn } : null,
    repairLevel: row.repairLevel,
    outsideRepair: row.outsideRepair,
    codes: row.codes.map((code) => ({
      code,
      label: labels.get(`${row.kind}:${code}`) ?? { ko: code, en: code },
    })),
    truck: row.truck,
    entries: row.entries,
    area: districtNames(row.areaCode) ?? { ko: row.areaName, en: row.areaName },
    radiusKm: row.radiusKm,
    priceGuide: row.priceGuide,
    availability: row.availability,
    active: row.active,
    locationId: row.locationId,
  };
}

type SkillRow = Awaited<ReturnType<typeof skillsQuery>>[number];

function skillsQuery(db: Executor) {
  return db
    .select(skillColumns)
    .from(memberSkill)
    .leftJoin(motorcycleModel, eq(motorcycleModel.id, memberSkill.modelId))
    .leftJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId));
}

function sorted<T extends { kind: MeetingKind; id: number }>(skills: T[]): T[] {
  return skills.sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.id - b.id);
}

/** The member's own skills, switched off ones included, in the order of the kinds. */
export async function listMySkills(db: Database, actor: Actor): Promise<MySkill[]> {
  const [rows, labels] = await Promise.all([
    skillsQuery(db).where(eq(memberSkill.memberId, actor.id)),
    codeLabels(db),
  ]);
  return sorted(rows.map((row) => mySkillOf(row, labels)));
}

/** What anyone may see of a member's skills: the ones switched on, with the district only. */
export async function skillsOfMember(db: Database, memberId: string): Promise<PublicSkill[]> {
  const [rows, labels] = await Promise.all([
    skillsQuery(db).where(and(eq(memberSkill.memberId, memberId), eq(memberSkill.active, true))),
    codeLabels(db),
  ]);
  return sorted(
    rows.map((row) => {
      const { active: _active, locationId: _locationId, ...visible } = mySkillOf(row, labels);
      return visible;
    }),
  );
}

/** A model a member may offer owner meetings for, and whether they already do. */
export interface OwnedModel {
  modelId: number;
  name: AreaNames;
}

/**
 * The models a member currently owns: a model year of it in their garage, or their own (not deleted) review of it.
 */
export async function ownedModels(source: DatabaseOrUnit, memberId: string): Promise<OwnedModel[]> {
  const db = executor(source);
  const [garage, reviewed] = await Promise.all([
    db
      .selectDistinct({ modelId: motorcycle.modelId })
      .from(garageBike)
      .innerJoin(motorcycle, eq(motorcycle.id, garageBike.motorcycleId))
      .where(and(eq(garageBike.memberId, memberId), isNull(garageBike.deletedAt))),
    db
      .selectDistinct({ modelId: motorcycleReview.modelId })
      .from(motorcycleReview)
      .where(and(eq(motorcycleReview.authorId, memberId), isNull(motorcycleReview.deletedAt))),
  ]);
  const ids = [...new Set([...garage, ...reviewed].map((row) => row.modelId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      modelId: motorcycleModel.id,
      ko: sql<string>`${motorcycleManufacturer.nameKo} || ' ' || ${motorcycleModel.nameKo}`,
      en: sql<string>`${motorcycleManufacturer.nameEn} || ' ' || ${motorcycleModel.nameEn}`,
    })
    .from(motorcycleModel)
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(inArray(motorcycleModel.id, ids))
    .orderBy(asc(motorcycleManufacturer.nameEn), asc(motorcycleModel.nameEn));
  return rows.map((row) => ({ modelId: row.modelId, name: { ko: row.ko, en: row.en } }));
}

/** One of the member's locations, as the skill form offers it. */
export interface SkillLocation {
  id: number;
  name: AreaNames;
  isMain: boolean;
}

function placeOf(row: typeof memberLocation.$inferSelect) {
  const area = areaOfLocation({ ...row, lat: row.latitude, lng: row.longitude });
  const code = area?.level === "sigungu" ? area.code : (row.areaCode ?? area?.code ?? null);
  const names = districtNames(code);
  return { areaCode: code, names: names ?? { ko: row.simpleAddress, en: row.simpleAddress } };
}

/** The member's own locations, the main one first: the service areas a skill may take. */
export async function skillLocations(db: Database, memberId: string): Promise<SkillLocation[]> {
  const rows = await db
    .select()
    .from(memberLocation)
    .where(eq(memberLocation.userId, memberId))
    .orderBy(asc(memberLocation.position));
  return rows
    .map((row) => ({ id: row.id, name: placeOf(row).names, isMain: row.isMain }))
    .sort((a, b) => Number(b.isMain) - Number(a.isMain));
}

/** What decides which kinds a member may offer, for the page to explain before a refusal does. */
export interface SkillStanding {
  business: boolean;
  ridingYears: number | null;
  /** The ban in force: the Seoul day it ends, or null for a permanent one. */
  ban: { until: string | null } | null;
}

export async function skillStanding(db: Database, clock: Clock, memberId: string): Promise<SkillStanding> {
  const [[row], ban] = await Promise.all([
    db
      .select({ memberType: member.memberType, ridingYears: memberProfile.ridingYears })
      .from(member)
      .leftJoin(memberProfile, eq(memberProfile.userId, member.id))
      .where(eq(member.id, memberId)),
    activeBan(db, memberId, clock.now()),
  ]);
  return {
    business: row?.memberType === "business",
    ridingYears: row?.ridingYears ?? null,
    ban: ban ? { until: ban.endsAt ? seoulDay(ban.endsAt) : null } : null,
  };
}

/** Whether the member may offer this skill at all: owns the model, is a business for shop repair, rides 3+ years. */
async function assertEligible(
  tx: Executor,
  memberId: string,
  skill: { kind: MeetingKind; modelId: number | null; repairLevel: RepairLevel | null },
): Promise<void> {
  if (skill.kind === "owner") {
    const owned = await ownedModels(tx, memberId);
    if (!owned.some((model) => model.modelId === skill.modelId)) throw fail("model_not_owned");
  }
  if ((skill.kind === "repair" && skill.repairLevel === "shop") || skill.kind === "coaching") {
    const [row] = await tx
      .select({ memberType: member.memberType, ridingYears: memberProfile.ridingYears })
      .from(member)
      .leftJoin(memberProfile, eq(memberProfile.userId, member.id))
      .where(eq(member.id, memberId));
    if (skill.kind === "repair" && row?.memberType !== "business") throw fail("shop_business_only");
    if (skill.kind === "coaching" && (row?.ridingYears ?? 0) < COACHING_MIN_YEARS)
      throw fail("coaching_years");
  }
}

/** The rules the form's schema checks, again: whoever calls the service is held to them. */
async function checkedInput(db: Database, input: SkillInput): Promise<SkillInput> {
  const [problem] = skillProblems(input);
  if (problem) throw fail(problem.code);
  const skill = normalisedSkill(input);
  if (isCodedKind(skill.kind)) {
    const known = new Set((await listFilterTable(db, skillCodeTables[skill.kind])).map((item) => item.code));
    if (skill.codes.some((code) => !known.has(code))) throw fail("code_unknown");
  }
  return skill;
}

/** The member's own skill, locked for a change; anybody else's is "not found". */
async function ownSkill(tx: Executor, actor: Actor, skillId: number) {
  const [skill] = await tx
    .select()
    .from(memberSkill)
    .where(and(eq(memberSkill.id, skillId), eq(memberSkill.memberId, actor.id)))
    .for("update");
  if (!skill) throw fail("not_found");
  return skill;
}

/** The refusal a skill that already exists answers with: the same model, or the same kind. */
const existsCode = (kind: MeetingKind): SkillErrorCode =>
  kind === "owner" ? "owner_exists" : "skill_exists";

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
    if (typeof cause !== "object") break;
  }
  return false;
}

/**
 * Adds a skill, or changes one of the member's own (`skillId`; its kind stays). Refused: a banned member adding a
 * skill or switching one on; an owner skill for a model the member does not own, or one already offered; shop
 * repair for a member who is not a business; coaching under 3 riding years; a code outside its reference table; a
 * second skill of a kind; a location that is not the member's. One unit of work; the member's row is locked so
 * concurrent submits of the same form store one skill.
 */
export async function saveSkill(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: SkillInput,
  skillId?: number | null,
): Promise<{ id: number }> {
  const skill = await checkedInput(db, input);
  try {
    return await runInTransaction(db, clock, async (uow) => {
      const { tx, now } = uow;
      await tx.select({ id: member.id }).from(member).where(eq(member.id, actor.id)).for("update");
      const current = skillId ? await ownSkill(tx, actor, skillId) : null;
      if (current && current.kind !== skill.kind) throw fail("kind_changed");
      if (!current || (skill.active && !current.active)) await assertNotBanned(uow, actor.id, now);
      await assertEligible(tx, actor.id, skill);

      const [location] = await tx
        .select()
        .from(memberLocation)
        .where(and(eq(memberLocation.id, skill.locationId), eq(memberLocation.userId, actor.id)));
      if (!location) throw fail("location_invalid");
      const place = placeOf(location);

      const same = await tx
        .select({ id: memberSkill.id })
        .from(memberSkill)
        .where(
          and(
            eq(memberSkill.memberId, actor.id),
            eq(memberSkill.kind, skill.kind),
            skill.kind === "owner" ? eq(memberSkill.modelId, skill.modelId!) : undefined,
            current ? ne(memberSkill.id, current.id) : undefined,
          ),
        );
      if (same.length > 0) throw fail(existsCode(skill.kind));

      const values = {
        ...skill,
        areaCode: place.areaCode,
        areaName: place.names.ko,
        latitude: location.latitude,
        longitude: location.longitude,
        updatedAt: now,
      };
      if (current) {
        await tx.update(memberSkill).set(values).where(eq(memberSkill.id, current.id));
        return { id: current.id };
      }
      const [added] = await tx
        .insert(memberSkill)
        .values({ ...values, memberId: actor.id, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: memberSkill.id });
      if (!added) throw fail(existsCode(skill.kind));
      return added;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(existsCode(skill.kind));
    throw error;
  }
}

/**
 * Switches one of the member's skills on or off. Switching on is held to the rules of adding: not while banned,
 * and only while the member may still offer it (owns the model, is a business for shop repair, rides 3+ years).
 */
export async function setSkillActive(
  db: Database,
  clock: Clock,
  actor: Actor,
  skillId: number,
  active: boolean,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const skill = await ownSkill(uow.tx, actor, skillId);
    if (skill.active === active) return;
    if (active) {
      await assertNotBanned(uow, actor.id, uow.now);
      await assertEligible(uow.tx, actor.id, skill);
    }
    await uow.tx.update(memberSkill).set({ active, updatedAt: uow.now }).where(eq(memberSkill.id, skill.id));
  });
}

/** Deletes one of the member's skills; meetings made through it keep their history. */
export async function deleteSkill(db: Database, clock: Clock, actor: Actor, skillId: number): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const skill = await ownSkill(uow.tx, actor, skillId);
    await uow.tx.delete(memberSkill).where(eq(memberSkill.id, skill.id));
  });
}
