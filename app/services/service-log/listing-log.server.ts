import { and, count, eq, isNull, max, min, sql } from "drizzle-orm";
import {
  garageBike,
  listingServiceLog,
  marketListing,
  motorcycle,
  motorcycleManufacturer,
  motorcycleModel,
  serviceLogEntry,
} from "#app/db/schema";
import type { Database } from "#app/db/client.server";
import { executor, type DatabaseOrUnit, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { isVehicleKind } from "#app/services/market/kinds";
import { garageOf } from "#app/services/motorcycles/garage.server";
import { entriesOfBike, type ServiceLogEntryView } from "./service-log.server";

/**
 * A vehicle listing shows the live log of one of its seller's garage bikes (ADR 071): the link is stored, the
 * entries are read when the page is. A bike the seller takes out of the garage after the sale keeps its log, which
 * then takes no more changes, so the listing keeps showing the log as it was when the bike changed hands.
 */

/** Most entries a listing page shows; the totals count them all. */
const LISTING_LOG_ENTRIES = 50;

/**
 * What the listing form asks: `keep` (the field was not on the form, as for an administrator editing another
 * member's listing), `none` (take the log off), or a bike of the seller's garage.
 */
export type ServiceLogChoice = { kind: "keep" } | { kind: "none" } | { kind: "bike"; bikeId: number };

/** The form's value (`serviceLogBikeId`) as a choice: absent keeps, "none" takes off, a bike id attaches. */
export function serviceLogChoiceOf(value: string | undefined): ServiceLogChoice {
  if (value === undefined) return { kind: "keep" };
  if (!/^[1-9]\d{0,9}$/.test(value)) return { kind: "none" };
  return { kind: "bike", bikeId: Number(value) };
}

/**
 * Attaches the log of one of the seller's own garage bikes to a listing they sell, or takes it off, in the unit
 * that saves the listing. Only a vehicle listing carries a log; a listing moved out of the vehicle kinds loses it.
 */
export async function setListingServiceLog(
  uow: UnitOfWork,
  actor: Actor,
  listingId: number,
  choice: ServiceLogChoice,
): Promise<void> {
  const [listing] = await uow.tx
    .select({ kind: marketListing.kind, sellerId: marketListing.sellerId })
    .from(marketListing)
    .where(eq(marketListing.articleId, listingId));
  if (!listing) return;
  const detach = () => uow.tx.delete(listingServiceLog).where(eq(listingServiceLog.listingId, listingId));
  if (!isVehicleKind(listing.kind)) {
    await detach();
    return;
  }
  if (choice.kind === "keep") return;
  if (choice.kind === "none") {
    await detach();
    return;
  }
  const [bike] = await uow.tx
    .select({ id: garageBike.id })
    .from(garageBike)
    .where(
      and(
        eq(garageBike.id, choice.bikeId),
        eq(garageBike.memberId, listing.sellerId),
        eq(garageBike.memberId, actor.id),
        isNull(garageBike.deletedAt),
      ),
    );
  if (!bike) throw new DomainError("serviceLog", "bike_not_found");
  await uow.tx
    .insert(listingServiceLog)
    .values({ listingId, garageBikeId: bike.id, attachedAt: uow.now })
    .onConflictDoUpdate({
      target: listingServiceLog.listingId,
      set: { garageBikeId: bike.id, attachedAt: uow.now },
    });
}

/** The listing form's choice of a log: the seller's garage bikes, and the one attached now. */
export interface ServiceLogFormChoice {
  bikes: {
    id: number;
    nameKo: string;
    nameEn: string;
    manufacturerKo: string;
    manufacturerEn: string;
    year: number;
  }[];
  attached: number | null;
}

/**
 * What the listing form offers its writer: the bikes of their garage, when they have any and write their own
 * listing (an administrator editing another member's listing gets no choice, and the link stays).
 */
export async function serviceLogFormChoice(
  db: Database,
  actor: Actor,
  listingId: number | null,
): Promise<ServiceLogFormChoice | null> {
  if (listingId !== null) {
    const [listing] = await db
      .select({ sellerId: marketListing.sellerId })
      .from(marketListing)
      .where(eq(marketListing.articleId, listingId));
    if (listing?.sellerId !== actor.id) return null;
  }
  const bikes = await garageOf(db, actor.id);
  if (bikes.length === 0) return null;
  const [row] =
    listingId === null
      ? []
      : await db
          .select({ bikeId: listingServiceLog.garageBikeId })
          .from(listingServiceLog)
          .where(eq(listingServiceLog.listingId, listingId));
  return {
    bikes: bikes.map(({ id, nameKo, nameEn, manufacturerKo, manufacturerEn, year }) => ({
      id,
      nameKo,
      nameEn,
      manufacturerKo,
      manufacturerEn,
      year,
    })),
    attached: row?.bikeId ?? null,
  };
}

export interface LogTotals {
  entries: number;
  totalCostWon: number;
  firstOn: string | null;
  lastOn: string | null;
  /** The mileage the entries span (highest minus lowest reading), null with fewer than two readings. */
  kmSpan: number | null;
}

/** Totals of a bike's whole log. */
export async function logTotals(source: DatabaseOrUnit, bikeId: number): Promise<LogTotals> {
  const [row] = await executor(source)
    .select({
      entries: count(),
      cost: sql<number>`coalesce(sum(${serviceLogEntry.costWon}), 0)::int`,
      firstOn: min(serviceLogEntry.doneOn),
      lastOn: max(serviceLogEntry.doneOn),
      lowKm: min(serviceLogEntry.mileageKm),
      highKm: max(serviceLogEntry.mileageKm),
      readings: count(serviceLogEntry.mileageKm),
    })
    .from(serviceLogEntry)
    .where(eq(serviceLogEntry.garageBikeId, bikeId));
  const span =
    row && row.readings >= 2 && row.lowKm !== null && row.highKm !== null ? row.highKm - row.lowKm : null;
  return {
    entries: row?.entries ?? 0,
    totalCostWon: row?.cost ?? 0,
    firstOn: row?.firstOn ?? null,
    lastOn: row?.lastOn ?? null,
    kmSpan: span,
  };
}

/** A log as a listing page shows it to everybody: the bike's model, its entries and totals, nothing else. */
export interface AttachedServiceLog {
  bike: { nameKo: string; nameEn: string; manufacturerKo: string; manufacturerEn: string; year: number };
  entries: ServiceLogEntryView[];
  totals: LogTotals;
}

/** The log attached to a listing, as the bike's log reads now; null without one. */
export async function attachedServiceLog(
  source: DatabaseOrUnit,
  listingId: number,
): Promise<AttachedServiceLog | null> {
  const [row] = await executor(source)
    .select({
      bikeId: garageBike.id,
      nameKo: motorcycleModel.nameKo,
      nameEn: motorcycleModel.nameEn,
      manufacturerKo: motorcycleManufacturer.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
      year: motorcycle.modelYear,
    })
    .from(listingServiceLog)
    .innerJoin(garageBike, eq(garageBike.id, listingServiceLog.garageBikeId))
    .innerJoin(motorcycle, eq(motorcycle.id, garageBike.motorcycleId))
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(eq(listingServiceLog.listingId, listingId));
  if (!row) return null;
  const { bikeId, ...bike } = row;
  const [entries, totals] = await Promise.all([
    entriesOfBike(source, bikeId, LISTING_LOG_ENTRIES),
    logTotals(source, bikeId),
  ]);
  return { bike, entries, totals };
}
