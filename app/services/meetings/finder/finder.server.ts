import { and, eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "#app/db/client.server";
import {
  blind,
  meeting,
  meetingBan,
  meetingFeedback,
  member,
  memberAvatar,
  memberLocation,
  memberSkill,
  motorcycleManufacturer,
  motorcycleModel,
  type MeetingKind,
  type SkillAvailability,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { areaByCode } from "#app/services/location/address-search";
import { listFilterTable } from "#app/services/reference/filters.server";
import type { FinderErrorCode } from "./errors";
import { DEFAULT_ORIGIN, isMeetingKind, RADIUS_OPTIONS_KM, type RadiusKm } from "./finder-options";
import { SHOWN_OFFSET_MAX_M, shownPointSql } from "./shown-position.server";

export { DEFAULT_ORIGIN, type RadiusKm } from "./finder-options";

/**
 * Find an expert: the skills of one kind near a point, within a radius and a filter, a page at a time, nearest
 * first. Each expert is placed at their shown position (`shown-position.server.ts`), never at their real one;
 * `finder-options.ts` holds what the pages share with this file (the kinds, the radius options, the default origin).
 */

const FINDER_PAGE_SIZE = 20;
const FINDER_PAGE_MAX = 50;
/** A request older than this without an answer counts against the provider's response rate. */
const ANSWER_WINDOW_MS = 24 * 60 * 60 * 1000;

const fail = (code: FinderErrorCode) => new DomainError("finder", code);

/** The radius of an option number 1–6, or finder.invalid_radius. */
export function radiusOfOption(option: number): RadiusKm {
  const radius = Number.isInteger(option) ? RADIUS_OPTIONS_KM[option - 1] : undefined;
  if (radius === undefined) throw fail("invalid_radius");
  return radius;
}

export interface Position {
  lat: number;
  lng: number;
}

function isPosition(value: Partial<Position> | null | undefined): value is Position {
  return (
    !!value &&
    typeof value.lat === "number" &&
    typeof value.lng === "number" &&
    Number.isFinite(value.lat) &&
    Number.isFinite(value.lng) &&
    Math.abs(value.lat) <= 90 &&
    Math.abs(value.lng) <= 180
  );
}

/** A position as the finder takes it, or finder.invalid_location. */
function requirePosition(value: Partial<Position> | null | undefined): Position {
  if (!isPosition(value)) throw fail("invalid_location");
  return { lat: value.lat, lng: value.lng };
}

export interface Origin extends Position {
  /** The device's position the page sent, the member's main area, or the product's default. */
  source: "device" | "area" | "default";
}

/**
 * Where a member's search starts: the position the page sent (the browser's geolocation, kept by the page), else the
 * member's main activity area, else the spec's default in Yeongdeungpo-gu. A sent position that is no position is
 * refused (finder.invalid_location) rather than silently replaced.
 */
export async function viewerOrigin(
  db: Database,
  viewer: Actor | null,
  sent?: Partial<Position> | null,
): Promise<Origin> {
  if (sent && (sent.lat !== undefined || sent.lng !== undefined))
    return { ...requirePosition(sent), source: "device" };
  if (viewer) {
    const [main] = await db
      .select({ lat: memberLocation.latitude, lng: memberLocation.longitude })
      .from(memberLocation)
      .where(and(eq(memberLocation.userId, viewer.id), eq(memberLocation.isMain, true)))
      .limit(1);
    if (main) return { ...main, source: "area" };
  }
  return { ...DEFAULT_ORIGIN, source: "default" };
}

/** The kind's own filter: a model for owner, a reference code for repair, rescue and pickup; coaching has none. */
export type FinderFilter = { modelId: number } | { code: string } | Record<string, never>;

export interface FinderParams {
  kind: MeetingKind;
  latitude: number;
  longitude: number;
  radiusKm: number;
  filter?: FinderFilter | null;
  /** 1-based. */
  page?: number;
  /** At most FINDER_PAGE_MAX. */
  pageSize?: number;
}

const filterTableOf = {
  repair: "repairSkill",
  rescue: "rescueSkill",
  pickup: "pickupItem",
} as const satisfies Partial<Record<MeetingKind, string>>;

/** Checks the filter against the kind (and the reference codes); returns the condition it makes. */
async function filterSql(db: Database, kind: MeetingKind, filter: FinderFilter | null | undefined) {
  if (!filter || Object.keys(filter).length === 0) return null;
  if ("modelId" in filter) {
    if (kind !== "owner" || !Number.isSafeInteger(filter.modelId) || filter.modelId <= 0)
      throw fail("invalid_filter");
    return sql`s.model_id = ${filter.modelId}`;
  }
  if ("code" in filter && kind !== "owner" && kind !== "coaching") {
    const options = await listFilterTable(db, filterTableOf[kind]);
    if (!options.some((option) => option.code === filter.code)) throw fail("invalid_filter");
    return sql`s.codes @> ${JSON.stringify([filter.code])}::jsonb`;
  }
  throw fail("invalid_filter");
}

interface ValidQuery {
  kind: MeetingKind;
  origin: Position;
  radiusM: number;
  filter: SQL | null;
  limit: number;
  offset: number;
}

async function validate(db: Database, params: FinderParams): Promise<ValidQuery> {
  if (!isMeetingKind(params.kind)) throw fail("not_found");
  if (!(RADIUS_OPTIONS_KM as readonly number[]).includes(params.radiusKm)) throw fail("invalid_radius");
  const origin = requirePosition({ lat: params.latitude, lng: params.longitude });
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? FINDER_PAGE_SIZE;
  if (!Number.isSafeInteger(page) || page < 1 || page > 1000) throw fail("invalid_page");
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > FINDER_PAGE_MAX)
    throw fail("invalid_page");
  return {
    kind: params.kind,
    origin,
    radiusM: params.radiusKm * 1000,
    filter: await filterSql(db, params.kind, params.filter),
    // One more than a page: whether another follows.
    limit: pageSize + 1,
    offset: (page - 1) * pageSize,
  };
}

/**
 * A kind as a literal of the statement: the finder's index is one per kind (`member_skill_{kind}_earth_idx`, partial),
 * and the planner uses a partial index only when it sees the value, not a parameter. Only the five kinds get here.
 */
function kindLiteral(kind: MeetingKind): SQL {
  if (!isMeetingKind(kind)) throw new Error(`Not a meeting kind: ${String(kind)}`);
  return sql.raw(`'${kind}'`);
}

/**
 * The skills of one page, nearest first, measured from each expert's shown point (`shownPointSql`), never from the
 * service point: active skills of the kind whose shown point lies within the radius. Its kind's gist index
 * `member_skill_{kind}_earth_idx` finds the service points in the box around the origin widened by the largest
 * offset; the distance, the cut and the order then read the shown point only, rounded to the 100 m the card shows,
 * ties in skill id order, so that neither the numbers nor the order say more than the card.
 * Left out: the viewer's own skills, withdrawn and banned members, and members the viewer hid or who hid the viewer.
 * `finderQuery` hands it to the plan test and the bench, so that they EXPLAIN exactly what the page runs.
 */
function expertPageSql(query: ValidQuery, viewerId: string | null, now: Date, positionKey: string): SQL {
  const { origin, radiusM } = query;
  const here = sql`ll_to_earth(${origin.lat}::float8, ${origin.lng}::float8)`;
  const there = sql`ll_to_earth(s.latitude, s.longitude)`;
  const shown = shownPointSql(positionKey);
  const conditions: SQL[] = [
    sql`s.active`,
    sql`s.kind = ${kindLiteral(query.kind)}`,
    sql`earth_box(${here}, ${radiusM + SHOWN_OFFSET_MAX_M + 100}::float8) @> ${there}`,
    sql`d.hm * 100 <= ${radiusM}`,
    sql`m.withdrawn_at is null`,
    sql`not exists (select 1 from ${meetingBan} b where b.member_id = s.member_id and b.lifted_at is null
      and b.starts_at <= ${now} and (b.ends_at is null or b.ends_at > ${now}))`,
  ];
  if (viewerId) {
    conditions.push(sql`s.member_id <> ${viewerId}`);
    conditions.push(sql`not exists (select 1 from ${blind} h where h.activated
      and ((h.user_id = ${viewerId} and h.blind_user_id = s.member_id)
        or (h.user_id = s.member_id and h.blind_user_id = ${viewerId})))`);
  }
  if (query.filter) conditions.push(query.filter);
  const answeredBefore = new Date(now.getTime() - ANSWER_WINDOW_MS);
  return sql`with page as (
      select s.id, s.member_id, s.kind, s.model_id, s.repair_level, s.outside_repair, s.codes, s.truck, s.entries,
        s.area_code, s.area_name, s.price_guide, s.availability,
        coalesce(m.nickname, m.name) as nickname, m.member_type, m.image,
        round(v.lat::numeric, 2)::float8 as map_lat, round(v.lng::numeric, 2)::float8 as map_lng,
        d.hm as distance_hm
      from ${memberSkill} s
      join ${member} m on m.id = s.member_id
      cross join lateral (select ${shown.lat} as lat, ${shown.lng} as lng) v
      cross join lateral (select round(earth_distance(${here}, ll_to_earth(v.lat, v.lng)) / 100)::int as hm) d
      where ${sql.join(conditions, sql` and `)}
      order by d.hm, s.id
      limit ${query.limit} offset ${query.offset}
    )
    select p.*,
      (select a.url from ${memberAvatar} a where a.user_id = p.member_id and a.is_representative
        order by a.id limit 1) as avatar_url,
      (select mf.name_ko || ' ' || mm.name_ko from ${motorcycleModel} mm
        join ${motorcycleManufacturer} mf on mf.id = mm.manufacturer_id where mm.id = p.model_id) as model_ko,
      (select mf.name_en || ' ' || mm.name_en from ${motorcycleModel} mm
        join ${motorcycleManufacturer} mf on mf.id = mm.manufacturer_id where mm.id = p.model_id) as model_en,
      fb.score, fb.ratings, rr.answered, rr.asked
    from page p
    left join lateral (select avg(f.rating)::float8 as score, count(f.rating)::int as ratings
      from ${meetingFeedback} f where f.target_id = p.member_id and f.rating is not null) fb on true
    left join lateral (select count(x.provider_answered_at)::int as answered, count(*)::int as asked
      from ${meeting} x where x.provider_id = p.member_id
        and (x.provider_answered_at is not null or x.created_at < ${answeredBefore})) rr on true
    order by p.distance_hm, p.id`;
}

interface ExpertRow {
  id: number;
  member_id: string;
  kind: MeetingKind;
  model_id: number | null;
  repair_level: "individual" | "shop" | null;
  outside_repair: boolean;
  codes: string[];
  truck: boolean;
  entries: string[];
  area_code: string | null;
  area_name: string;
  price_guide: number | null;
  availability: SkillAvailability;
  nickname: string;
  member_type: string | null;
  image: string | null;
  map_lat: number;
  map_lng: number;
  /** Hectometres from the shown point. */
  distance_hm: number;
  avatar_url: string | null;
  model_ko: string | null;
  model_en: string | null;
  score: number | null;
  ratings: number;
  answered: number;
  asked: number;
}

/** What a card shows of an expert: the district only, never the expert's coordinates. */
export interface ExpertCard {
  memberId: string;
  nickname: string;
  avatarUrl: string | null;
  business: boolean;
  skill: {
    id: number;
    kind: MeetingKind;
    codes: string[];
    entries: string[];
    repairLevel: "individual" | "shop" | null;
    outsideRepair: boolean;
    truck: boolean;
    priceGuide: number | null;
    availability: SkillAvailability;
    model: { id: number; ko: string; en: string } | null;
  };
  /** Kilometres from the expert's shown point (see shown-position.server.ts), one decimal (1.2). */
  distanceKm: number;
  district: { ko: string; en: string };
  /**
   * Where the map puts the expert: the district's centre from the gazetteer, or the shown point rounded to two
   * decimals when the district is unknown; never the service point.
   */
  mapPoint: Position;
  feedback: { score: number | null; count: number };
  /** 0–100, or null when no request has been answered or left unanswered for a day yet. */
  responseRate: number | null;
}

export interface ExpertPage {
  experts: ExpertCard[];
  page: number;
  hasNext: boolean;
}

const roundTo = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function toCard(row: ExpertRow): ExpertCard {
  const area = row.area_code ? areaByCode(row.area_code) : undefined;
  return {
    memberId: row.member_id,
    nickname: row.nickname,
    avatarUrl: row.avatar_url ?? row.image,
    business: row.member_type === "business",
    skill: {
      id: row.id,
      kind: row.kind,
      codes: row.codes,
      entries: row.entries,
      repairLevel: row.repair_level,
      outsideRepair: row.outside_repair,
      truck: row.truck,
      priceGuide: row.price_guide,
      availability: row.availability,
      model:
        row.model_id !== null && row.model_ko && row.model_en
          ? { id: row.model_id, ko: row.model_ko, en: row.model_en }
          : null,
    },
    distanceKm: row.distance_hm / 10,
    district: area ? { ko: area.ko, en: area.en } : { ko: row.area_name, en: row.area_name },
    mapPoint: area ? { lat: area.lat, lng: area.lng } : { lat: row.map_lat, lng: row.map_lng },
    feedback: { score: row.score === null ? null : roundTo(row.score, 1), count: row.ratings },
    responseRate: row.asked > 0 ? Math.round((row.answered / row.asked) * 100) : null,
  };
}

/** The validated query of a search, for the plan test and the bench. */
export function finderQuery(
  db: Database,
  clock: Clock,
  viewer: Actor | null,
  params: FinderParams,
  positionKey: string,
) {
  return validate(db, params).then((query) =>
    expertPageSql(query, viewer?.id ?? null, clock.now(), positionKey),
  );
}

/**
 * One page of experts of a kind near a point, nearest first. One statement per page whatever its size (the
 * reference codes a filter is checked against come from memory). `positionKey` (`shownPositionKey`) fixes where
 * each expert is shown.
 */
export async function findExperts(
  db: Database,
  clock: Clock,
  viewer: Actor | null,
  params: FinderParams,
  positionKey: string,
): Promise<ExpertPage> {
  const query = await validate(db, params);
  const rows = await queryRows<ExpertRow>(
    db,
    expertPageSql(query, viewer?.id ?? null, clock.now(), positionKey),
  );
  const pageSize = query.limit - 1;
  return {
    experts: rows.slice(0, pageSize).map(toCard),
    page: params.page ?? 1,
    hasNext: rows.length > pageSize,
  };
}

/** The models that active owner skills name, for the owner finder's model filter. */
export async function ownerModels(db: Database): Promise<{ id: number; ko: string; en: string }[]> {
  const rows = await db
    .selectDistinct({
      id: motorcycleModel.id,
      ko: sql<string>`${motorcycleManufacturer.nameKo} || ' ' || ${motorcycleModel.nameKo}`,
      en: sql<string>`${motorcycleManufacturer.nameEn} || ' ' || ${motorcycleModel.nameEn}`,
    })
    .from(memberSkill)
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, memberSkill.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(and(eq(memberSkill.kind, "owner"), eq(memberSkill.active, true)))
    .orderBy(sql`2`);
  return rows;
}

/** Whether the member offers an active skill of the kind (the rescue page links a rescue expert to the calls). */
export async function offersSkill(db: Database, actor: Actor, kind: MeetingKind): Promise<boolean> {
  const [row] = await db
    .select({ id: memberSkill.id })
    .from(memberSkill)
    .where(and(eq(memberSkill.memberId, actor.id), eq(memberSkill.kind, kind), eq(memberSkill.active, true)))
    .limit(1);
  return Boolean(row);
}
