import { createHmac } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";

/**
 * Where the finder says an expert is: their service point moved by an offset of their own, 1.5 to 3 km in a fixed
 * direction, seeded by a server secret and the member's id. The offset never changes between searches, so repeating
 * them cannot average it away, and every skill of one member moves by the same vector, so several skills do not give
 * several independent guesses. Distances, the radius cut, the order and the map are all read from this point;
 * whoever measures it exactly still only knows the expert is somewhere on a ring 1.5 to 3 km around it.
 */
export const SHOWN_OFFSET_MIN_M = 1_500;
export const SHOWN_OFFSET_MAX_M = 3_000;

/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;

/** The key the offsets are drawn from: derived from the session secret, so it is never stored or sent anywhere. */
export function shownPositionKey(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("finder:shown-position").digest("hex");
}

/**
 * The shown point of the `member_skill` row aliased `s`, as two SQL expressions in degrees. The member's offset
 * comes from md5(key, member id): its first 32 bits give the direction, the next 32 bits the distance.
 */
export function shownPointSql(key: string): { lat: SQL; lng: SQL } {
  const seed = sql`md5(${key}::text || s.member_id)`;
  const unit = (from: number) =>
    sql`((('x' || substr(${seed}, ${sql.raw(String(from))}, 8))::bit(32)::int)::float8 / 4294967296.0 + 0.5)`;
  const bearing = sql`(2 * pi() * ${unit(1)})`;
  const metres = sql`(${sql.raw(String(SHOWN_OFFSET_MIN_M))} + ${sql.raw(String(SHOWN_OFFSET_MAX_M - SHOWN_OFFSET_MIN_M))} * ${unit(9)})`;
  return {
    lat: sql`(s.latitude + ${metres} * cos(${bearing}) / ${sql.raw(String(METRES_PER_DEGREE))})`,
    lng: sql`(s.longitude + ${metres} * sin(${bearing}) / (${sql.raw(String(METRES_PER_DEGREE))} * cos(radians(s.latitude))))`,
  };
}
