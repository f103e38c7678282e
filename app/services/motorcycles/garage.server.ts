import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  garageBike,
  member,
  motorcycle,
  motorcycleManufacturer,
  motorcycleModel,
  type ReviewImage,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { seoulTime } from "#app/platform/seoul-calendar";
import type { FileStorage } from "#app/platform/storage/types";
import { executor, runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { storeImage, thumbnailPath, type UploadInput } from "#app/services/uploads/uploads.server";
import type { GarageErrorCode } from "./errors";
import { checkedMonth, GARAGE_LIMIT, isOdometer } from "./garage.schema";

/**
 * A rider's garage: the model years a member owns, since when (a month), with an optional odometer reading and
 * photo. Only the member changes their own garage; it holds at most 10 motorcycles, each model year once. Taking a
 * motorcycle out sets `deleted_at`. Profiles show it, and reviews of a model a member has in the garage show an
 * owner badge (`ownedModelIds`).
 */

const fail = (code: GarageErrorCode) => new DomainError("garage", code);

export interface GarageBike {
  id: number;
  motorcycleId: number;
  modelId: number;
  year: number;
  nameEn: string;
  nameKo: string;
  manufacturerEn: string;
  manufacturerKo: string;
  /** The first day of the month since which it is owned: "2024-03-01". */
  ownedSince: string;
  odometerKm: number | null;
  photo: ReviewImage | null;
}

/** This month in Seoul as the month field writes it: "2026-11". */
export function currentMonth(clock: Clock | Date): string {
  const { year, month } = seoulTime(clock instanceof Date ? clock : clock.now());
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** A member's garage, in the order the motorcycles were added. */
export async function garageOf(source: DatabaseOrUnit, memberId: string): Promise<GarageBike[]> {
  return executor(source)
    .select({
      id: garageBike.id,
      motorcycleId: garageBike.motorcycleId,
      modelId: motorcycle.modelId,
      year: motorcycle.modelYear,
      nameEn: motorcycleModel.nameEn,
      nameKo: motorcycleModel.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
      manufacturerKo: motorcycleManufacturer.nameKo,
      ownedSince: garageBike.ownedSince,
      odometerKm: garageBike.odometerKm,
      photo: garageBike.photo,
    })
    .from(garageBike)
    .innerJoin(motorcycle, eq(motorcycle.id, garageBike.motorcycleId))
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(and(eq(garageBike.memberId, memberId), isNull(garageBike.deletedAt)))
    .orderBy(asc(garageBike.id));
}

/** The models (not model years) each of these members has in the garage, in one statement: for owner badges. */
export async function ownedModelIds(
  source: DatabaseOrUnit,
  memberIds: readonly string[],
): Promise<Map<string, Set<number>>> {
  const owned = new Map<string, Set<number>>();
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return owned;
  const rows = await executor(source)
    .selectDistinct({ memberId: garageBike.memberId, modelId: motorcycle.modelId })
    .from(garageBike)
    .innerJoin(motorcycle, eq(motorcycle.id, garageBike.motorcycleId))
    .where(and(inArray(garageBike.memberId, ids), isNull(garageBike.deletedAt)));
  for (const row of rows) {
    const models = owned.get(row.memberId) ?? new Set<number>();
    models.add(row.modelId);
    owned.set(row.memberId, models);
  }
  return owned;
}

/** What the garage's writes need: the database, the clock, and the storage photos go to. */
export interface GarageDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
}

export interface BikeDetails {
  /** "2024-03": the month the member got it. */
  ownedSince: string;
  odometerKm: number | null;
}

function checkedDetails(details: BikeDetails, now: Date) {
  const month = checkedMonth(details.ownedSince, currentMonth(now));
  if (!month.ok) throw fail(month.code);
  if (!isOdometer(details.odometerKm)) throw fail("odometer_invalid");
  return { ownedSince: month.day, odometerKm: details.odometerKm };
}

/**
 * Stores a photo (re-encoded, with its square thumbnail) before the unit that keeps it runs, and removes it again
 * when that unit fails: a refused change leaves no file behind.
 */
async function withPhoto<T>(
  deps: GarageDeps,
  photo: UploadInput | undefined,
  write: (stored: ReviewImage | null) => Promise<T>,
): Promise<T> {
  if (!photo) return write(null);
  const stored = await storeImage(deps.storage, photo.body, {
    kind: "post",
    declaredType: photo.declaredType,
    clock: deps.clock,
  });
  try {
    return await write({ url: stored.url, thumbnailUrl: thumbnailPath(stored.url) });
  } catch (error) {
    await Promise.allSettled([
      deps.storage.delete(stored.key),
      deps.storage.delete(thumbnailPath(stored.key)),
    ]);
    throw error;
  }
}

/**
 * Puts a model year into the member's garage. Refused for a model year the catalogue lacks, one already in the
 * garage, a full garage (10), a month after this one or an odometer outside 0–999,999 km. The member's row is
 * locked while counting, so concurrent additions cannot pass the limit; the garage's unique index keeps a model
 * year in it once.
 */
export async function addBike(
  deps: GarageDeps,
  actor: Actor,
  input: BikeDetails & { motorcycleId: number },
  photo?: UploadInput,
): Promise<{ id: number }> {
  const { db, clock } = deps;
  checkedDetails(input, clock.now());
  const [known] = await db
    .select({ id: motorcycle.id })
    .from(motorcycle)
    .where(eq(motorcycle.id, input.motorcycleId));
  if (!known) throw fail("model_year_not_found");
  return withPhoto(deps, photo, (stored) =>
    runInTransaction(db, clock, async (uow) => {
      const details = checkedDetails(input, uow.now);
      await uow.tx.select({ id: member.id }).from(member).where(eq(member.id, actor.id)).for("update");
      const live = and(eq(garageBike.memberId, actor.id), isNull(garageBike.deletedAt));
      const [{ bikes } = { bikes: 0 }] = await uow.tx.select({ bikes: count() }).from(garageBike).where(live);
      const [same] = await uow.tx
        .select({ id: garageBike.id })
        .from(garageBike)
        .where(and(live, eq(garageBike.motorcycleId, input.motorcycleId)));
      if (same) throw fail("bike_exists");
      if (bikes >= GARAGE_LIMIT) throw fail("bike_limit");
      const [added] = await uow.tx
        .insert(garageBike)
        .values({
          memberId: actor.id,
          motorcycleId: input.motorcycleId,
          ...details,
          photo: stored,
          createdAt: uow.now,
        })
        .onConflictDoNothing({
          target: [garageBike.memberId, garageBike.motorcycleId],
          where: sql`${garageBike.deletedAt} is null`,
        })
        .returning({ id: garageBike.id });
      if (!added) throw fail("bike_exists");
      return added;
    }),
  );
}

/** The member's own live bike, locked for a change; anybody else's is "not found". */
async function ownBike(tx: Database, actor: Actor, bikeId: number) {
  const [bike] = await tx
    .select({ id: garageBike.id, photo: garageBike.photo })
    .from(garageBike)
    .where(and(eq(garageBike.id, bikeId), eq(garageBike.memberId, actor.id), isNull(garageBike.deletedAt)))
    .for("update");
  if (!bike) throw fail("bike_not_found");
  return bike;
}

/**
 * Changes since when the member owns a bike, its odometer and its photo (a new one replaces the old; `removePhoto`
 * takes it away). Only the member's own bikes.
 */
export async function updateBike(
  deps: GarageDeps,
  actor: Actor,
  bikeId: number,
  input: BikeDetails & { removePhoto?: boolean },
  photo?: UploadInput,
): Promise<void> {
  const { db, clock } = deps;
  checkedDetails(input, clock.now());
  await withPhoto(deps, photo, (stored) =>
    runInTransaction(db, clock, async (uow) => {
      const bike = await ownBike(uow.tx, actor, bikeId);
      const details = checkedDetails(input, uow.now);
      const nextPhoto = stored ?? (input.removePhoto ? null : bike.photo);
      await uow.tx
        .update(garageBike)
        .set({ ...details, photo: nextPhoto })
        .where(eq(garageBike.id, bike.id));
    }),
  );
}

/** Takes a bike out of the member's garage (only their own). */
export async function removeBike(db: Database, clock: Clock, actor: Actor, bikeId: number): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const bike = await ownBike(uow.tx, actor, bikeId);
    await uow.tx.update(garageBike).set({ deletedAt: uow.now }).where(eq(garageBike.id, bike.id));
  });
}
