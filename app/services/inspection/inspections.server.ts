import { and, asc, desc, eq, inArray, or } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  boardArticle,
  inspectionSystems,
  listingInspection,
  marketListing,
  meeting,
  member,
  type InspectionItem,
  type InspectionPhoto,
  type InspectionStatus,
  type InspectionVerdict,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { FileStorage } from "#app/platform/storage/types";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { areaByCode } from "#app/services/location/address-search";
import { districtNames } from "#app/services/market/areas.server";
import { isVehicleKind, listingPath, type MarketKind } from "#app/services/market/kinds";
import { displayName } from "#app/services/members/display-name.server";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import { requestMeeting } from "#app/services/meetings/meeting/meetings.server";
import type { MeetingRequestInput } from "#app/services/meetings/meeting/request.schema";
import { can } from "#app/services/permissions";
import { allowedTransitions, type TransitionOf } from "#app/services/state-machine";
import { applyTransition } from "#app/services/state-machine.server";
import { storeImages, type UploadInput } from "#app/services/uploads/uploads.server";
import type { InspectionErrorCode } from "./errors";
import { inspectionMachine } from "./inspection-machine";
import { inspections, tellInspection } from "./inspection-machine.server";
import { conditionField, INSPECTION_PHOTOS_MAX, noteField, type ReportInput } from "./inspection.schema";
import { inspectionFinderPath, inspectionPath } from "./paths";

/**
 * Inspection before buying (ADR 069): a buyer asks a repair expert to inspect a vehicle listing through a meeting of
 * the exchange, the seller agrees to or declines the time, the expert writes the report from the meeting, and the
 * seller publishes it on the listing, where an edit of the vehicle information makes it outdated. Who may read and
 * write what is decided here, for every read and every write: the report is the listing's business only once its
 * seller published it; until then only its buyer, seller and expert (and moderators) see it.
 */

const fail = (code: InspectionErrorCode) => new DomainError("inspection", code);

type InspectionRow = typeof listingInspection.$inferSelect;
type InspectionRole = "seller" | "buyer" | "expert" | "admin";
type InspectionStep = TransitionOf<typeof inspectionMachine>;

/** Whether a report shows on its listing, to anybody. */
const isPublic = (status: InspectionStatus) => status === "published" || status === "outdated";

/** What the actor is to an inspection, or null when nothing (the expert first: a seller never inspects their own). */
function roleOf(
  actor: Actor | null,
  row: Pick<InspectionRow, "buyerId" | "sellerId" | "expertId">,
): InspectionRole | null {
  if (!actor) return null;
  if (actor.id === row.expertId) return "expert";
  if (actor.id === row.sellerId) return "seller";
  if (actor.id === row.buyerId) return "buyer";
  if (can(actor, "moderate:content")) return "admin";
  return null;
}

/** The inspection locked for this unit with the actor's role; anyone with no part in it does not learn it exists. */
async function lockForActor(uow: UnitOfWork, actor: Actor, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) throw fail("not_found");
  const [row] = await uow.tx
    .select()
    .from(listingInspection)
    .where(eq(listingInspection.id, id))
    .for("update");
  const role = row ? roleOf(actor, row) : null;
  if (!row || !role) throw fail("not_found");
  return { row, role };
}

/** The meeting an inspection is held in must still be going on for its time or its report to change. */
async function requireOpenMeeting(uow: UnitOfWork, meetingId: number) {
  const [found] = await uow.tx
    .select({ status: meeting.status })
    .from(meeting)
    .where(eq(meeting.id, meetingId));
  if (!found || found.status === "cancelled" || found.status === "expired") throw fail("meeting_closed");
}

/**
 * Opens the inspection of a listing inside the unit of work that opened its meeting: the listing must be a vehicle
 * listing still for sale (or reserved), not the buyer's own, the meeting a repair meeting with an expert other than
 * the seller, and a time ahead must be proposed. The listing is share-locked against a sale slipping in beside it;
 * one inspection being arranged per buyer and listing (`open_exists`). The seller is told.
 */
async function openInspection(
  uow: UnitOfWork,
  buyer: Actor,
  opened: { id: number; kind: string; providerId: string },
  articleId: number,
  proposedAt: Date | null,
): Promise<number> {
  if (opened.kind !== "repair") throw fail("kind_mismatch");
  if (!Number.isSafeInteger(articleId) || articleId <= 0) throw fail("not_found");
  const [listing] = await uow.tx
    .select()
    .from(marketListing)
    .where(eq(marketListing.articleId, articleId))
    .for("share");
  if (!listing || listing.deletedAt) throw fail("not_found");
  if (!isVehicleKind(listing.kind)) throw fail("not_vehicle");
  if (listing.sellerId === buyer.id) throw fail("own_listing");
  if (listing.status !== "selling" && listing.status !== "reserved") throw fail("listing_closed");
  if (opened.providerId === listing.sellerId) throw fail("expert_is_seller");
  if (!proposedAt) throw fail("time_required");
  if (proposedAt.getTime() <= uow.now.getTime()) throw fail("time_past");
  const [added] = await uow.tx
    .insert(listingInspection)
    .values({
      meetingId: opened.id,
      articleId,
      buyerId: buyer.id,
      sellerId: listing.sellerId,
      expertId: opened.providerId,
      proposedAt,
      createdAt: uow.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!added) throw fail("open_exists");
  await tellInspection(uow, added, "inspectionRequested", [added.sellerId], buyer.id, "request");
  return added.id;
}

/**
 * A buyer asks a repair expert for an inspection of a listing: the meeting request (as any, with its checks) and the
 * inspection open in one unit of work, so that a refusal of either leaves neither. The request's wished time is the
 * time proposed to the seller.
 */
export async function requestInspection(
  db: Database,
  clock: Clock,
  buyer: Actor,
  input: MeetingRequestInput,
  articleId: number,
): Promise<{ meeting: { id: number; code: string; kind: "repair" }; inspectionId: number }> {
  let inspectionId = 0;
  const opened = await requestMeeting(db, clock, buyer, input, async (uow, created) => {
    inspectionId = await openInspection(uow, buyer, created, articleId, input.wishAt ?? null);
  });
  return { meeting: { ...opened, kind: "repair" }, inspectionId };
}

/** The seller agrees to or declines the proposed time (the seller of that listing only); buyer and expert are told. */
export async function answerInspection(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  answer: "agree" | "decline",
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { row, role } = await lockForActor(uow, actor, id);
    if (role !== "seller") throw fail("not_seller");
    await requireOpenMeeting(uow, row.meetingId);
    const by = { role, id: actor.id };
    await applyTransition(uow, inspections, id, answer, by, { by });
  });
}

/** The buyer or the expert proposes another time, ahead of now; the seller is asked again. */
export async function proposeTime(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  at: Date,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { row, role } = await lockForActor(uow, actor, id);
    if (role !== "buyer" && role !== "expert") throw fail("not_party");
    if (!Number.isFinite(at.getTime())) throw fail("time_required");
    if (at.getTime() <= uow.now.getTime()) throw fail("time_past");
    await requireOpenMeeting(uow, row.meetingId);
    const by = { role, id: actor.id };
    await applyTransition(uow, inspections, id, "propose", by, { by }, { proposedAt: at });
  });
}

/** The seller publishes a submitted report on the listing (their consent); buyer and expert are told. */
export async function publishReport(db: Database, clock: Clock, actor: Actor, id: number): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { role } = await lockForActor(uow, actor, id);
    if (role !== "seller") throw fail("not_seller");
    const by = { role, id: actor.id };
    await applyTransition(uow, inspections, id, "publish", by, { by });
  });
}

/** What the report form hands over, as the row keeps it. */
function reportOf(input: ReportInput): {
  checklist: InspectionItem[];
  verdict: InspectionVerdict | null;
  summary: string;
} {
  return {
    checklist: inspectionSystems.map((system) => ({
      system,
      condition: input[conditionField(system)],
      note: input[noteField(system)],
    })),
    verdict: input.verdict ?? null,
    summary: input.summary,
  };
}

/** What the report's writes need: the database, the clock, and the storage photos go to. */
export interface ReportDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
}

/** Refuses a report write to anyone but the inspection's expert, or once the report can no longer change. */
function assertWriter(row: InspectionRow, role: InspectionRole) {
  if (role !== "expert") throw fail("not_expert");
  if (!allowedTransitions(inspectionMachine, row.status, role).includes("submit"))
    throw new DomainError("machine", "transition_not_allowed");
}

/**
 * The expert saves the report (`submit` false: a draft only they see) or submits it (to the seller and the buyer),
 * once the seller agreed to the time and until it is submitted. The right to write is checked before any photo is
 * stored; new photos are stored re-encoded, the kept ones must be the report's own, and a failed write removes the
 * new files again. A submit needs a verdict; a second submit finds the report submitted and stores nothing.
 */
export async function writeReport(
  deps: ReportDeps,
  actor: Actor,
  id: number,
  input: ReportInput,
  newPhotos: readonly UploadInput[] = [],
): Promise<void> {
  const { db, clock, storage } = deps;
  const submit = input.intent === "submit";
  if (submit && !input.verdict) throw fail("report_incomplete");
  await runInTransaction(db, clock, async (uow) => {
    const { row, role } = await lockForActor(uow, actor, id);
    assertWriter(row, role);
  });
  const keep = [...new Set(input.keep)];
  if (keep.length + newPhotos.length > INSPECTION_PHOTOS_MAX) throw fail("photos_max");
  const stored =
    newPhotos.length > 0
      ? await storeImages(storage, newPhotos, { kind: "post", max: INSPECTION_PHOTOS_MAX, clock })
      : [];
  try {
    await runInTransaction(db, clock, async (uow) => {
      const { row, role } = await lockForActor(uow, actor, id);
      assertWriter(row, role);
      await requireOpenMeeting(uow, row.meetingId);
      const own = new Map(row.photos.map((photo) => [photo.url, photo]));
      if (keep.some((url) => !own.has(url))) throw fail("photo_unknown");
      const photos: InspectionPhoto[] = [
        ...keep.map((url) => own.get(url)!),
        ...stored.map(({ key, url, width, height }) => ({ key, url, width, height })),
      ];
      const report = { ...reportOf(input), photos, savedAt: uow.now };
      const dropped = row.photos.filter((photo) => !keep.includes(photo.url));
      if (submit) {
        const by = { role, id: actor.id } as const;
        await applyTransition(
          uow,
          inspections,
          id,
          "submit",
          by,
          { by },
          { ...report, submittedAt: uow.now },
        );
      } else {
        await uow.tx.update(listingInspection).set(report).where(eq(listingInspection.id, id));
      }
      uow.afterCommit(() => Promise.allSettled(dropped.map((photo) => storage.delete(photo.key))));
    });
  } catch (error) {
    await Promise.allSettled(stored.map((image) => storage.delete(image.key)));
    throw error;
  }
}

/** The vehicle information an inspection was made of; a change of any of it outdates a published report. */
export type VehicleFields = Pick<
  typeof marketListing.$inferSelect,
  | "modelName"
  | "modelYear"
  | "mileageKm"
  | "displacementCc"
  | "colour"
  | "accidentHistory"
  | "paperwork"
  | "tuned"
>;

const vehicleKey = (fields: VehicleFields) =>
  JSON.stringify([
    fields.modelName,
    fields.modelYear,
    fields.mileageKm,
    fields.displacementCc,
    fields.colour,
    fields.accidentHistory,
    [...(fields.paperwork ?? [])].sort(),
    fields.tuned,
  ]);

/**
 * In the unit of work of a listing's edit: when its vehicle information changed, every published report of it
 * becomes outdated (the system's step, stamped with the edit's time). Nothing happens for an edit of other fields.
 */
export async function outdateInspections(
  uow: UnitOfWork,
  articleId: number,
  before: VehicleFields,
  after: VehicleFields,
): Promise<void> {
  if (vehicleKey(before) === vehicleKey(after)) return;
  const published = await uow.tx
    .select({ id: listingInspection.id })
    .from(listingInspection)
    .where(and(eq(listingInspection.articleId, articleId), eq(listingInspection.status, "published")))
    .orderBy(asc(listingInspection.id));
  const system = { role: "system", id: null } as const;
  for (const { id } of published)
    await applyTransition(uow, inspections, id, "outdate", system, { by: system, reason: "vehicle_edited" });
}

export interface InspectionReport {
  checklist: InspectionItem[];
  verdict: InspectionVerdict | null;
  summary: string;
  photos: Array<Omit<InspectionPhoto, "key">>;
  savedAt: string | null;
  submittedAt: string | null;
  publishedAt: string | null;
  outdatedAt: string | null;
}

/** Every system of the checklist in order, "not checked" where the report says nothing of it. */
function fullChecklist(items: readonly InspectionItem[]): InspectionItem[] {
  return inspectionSystems.map(
    (system) => items.find((item) => item.system === system) ?? { system, condition: "unchecked", note: "" },
  );
}

function reportView(row: InspectionRow): InspectionReport {
  return {
    checklist: fullChecklist(row.checklist),
    verdict: row.verdict,
    summary: row.summary,
    photos: row.photos.map(({ url, width, height }) => ({ url, width, height })),
    savedAt: row.savedAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    outdatedAt: row.outdatedAt?.toISOString() ?? null,
  };
}

const names = async (db: Database, ids: readonly string[]) => {
  const rows = await db
    .select({ id: member.id, nickname: member.nickname, name: member.name })
    .from(member)
    .where(inArray(member.id, [...ids]));
  return new Map(rows.map((row) => [row.id, displayName(row)]));
};

export interface InspectionView {
  id: number;
  status: InspectionStatus;
  /** What the reader is to it; null for a visitor or member reading a published report. */
  role: InspectionRole | null;
  /** The steps the reader may take now, as the machine says (the page's buttons). */
  steps: InspectionStep[];
  /** Whether the reader may write the report now (its expert, after the seller agreed and before submitting). */
  canWrite: boolean;
  proposedAt: string;
  answeredAt: string | null;
  listing: { id: number; title: string; path: string };
  buyer: string;
  seller: string;
  expert: string;
  /** The meeting's chat, for its two sides. */
  chatPath: string | null;
  /** The report as the reader may see it: the expert's draft, the others' once submitted; null otherwise. */
  report: InspectionReport | null;
}

/**
 * One inspection as the reader may see it: its buyer, seller and expert (and moderators) always, anyone else only
 * once the seller published the report (`not_found` before: an unpublished inspection is nobody else's business).
 */
export async function getInspection(db: Database, reader: Actor | null, id: number): Promise<InspectionView> {
  if (!Number.isSafeInteger(id) || id <= 0) throw fail("not_found");
  const [found] = await db
    .select({
      row: listingInspection,
      title: boardArticle.title,
      kind: marketListing.kind,
      code: meeting.code,
    })
    .from(listingInspection)
    .innerJoin(marketListing, eq(marketListing.articleId, listingInspection.articleId))
    .innerJoin(boardArticle, eq(boardArticle.id, listingInspection.articleId))
    .innerJoin(meeting, eq(meeting.id, listingInspection.meetingId))
    .where(eq(listingInspection.id, id));
  if (!found || (!isPublic(found.row.status) && !roleOf(reader, found.row))) throw fail("not_found");
  const { row } = found;
  const role = roleOf(reader, row);
  const who = await names(db, [row.buyerId, row.sellerId, row.expertId]);
  const canWrite =
    role === "expert" && allowedTransitions(inspectionMachine, row.status, role).includes("submit");
  const reportShown =
    isPublic(row.status) ||
    (role !== null && (row.submittedAt !== null || role === "expert" || role === "admin"));
  const side = role === "buyer" || role === "expert";
  return {
    id: row.id,
    status: row.status,
    role,
    steps: role && role !== "admin" ? allowedTransitions(inspectionMachine, row.status, role) : [],
    canWrite,
    proposedAt: row.proposedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    listing: {
      id: row.articleId,
      title: found.title,
      path: listingPath(found.kind as MarketKind, row.articleId),
    },
    buyer: who.get(row.buyerId) ?? "",
    seller: who.get(row.sellerId) ?? "",
    expert: who.get(row.expertId) ?? "",
    chatPath: side ? meetingChatPath({ kind: "repair", code: found.code }) : null,
    report: reportShown ? reportView(row) : null,
  };
}

export interface PublishedReport extends InspectionReport {
  id: number;
  status: "published" | "outdated";
  /** The expert's display name: the report is signed with it. */
  expert: string;
  publishedAt: string;
}

export interface ListingInspectionPanel {
  /** The reports its seller published, newest first (an outdated one says so). */
  published: PublishedReport[];
  /** The reader's own inspections of the listing still being arranged or awaiting publication, with their pages. */
  mine: Array<{
    id: number;
    status: InspectionStatus;
    role: InspectionRole;
    proposedAt: string;
    path: string;
  }>;
  /** Where a buyer asks for an inspection (the repair finder near the listing's district); null for its seller. */
  askPath: string | null;
  /** The district the finder starts in. */
  district: { ko: string; en: string } | null;
}

/**
 * The inspection part of a vehicle listing's page: the published reports for everybody, the reader's own
 * inspections in progress (as buyer, seller or expert), and the way to ask for one (not for the seller, nor once
 * the listing is sold), from the listing as its page read it. Null for any listing that is not a vehicle listing,
 * without a statement.
 */
export async function listingInspectionPanel(
  db: Database,
  reader: Actor | null,
  listing: { id: number; kind: string; sellerId: string; status: string; areaCode: string },
): Promise<ListingInspectionPanel | null> {
  if (!isVehicleKind(listing.kind)) return null;
  const articleId = listing.id;
  const rows = await db
    .select()
    .from(listingInspection)
    .where(
      and(
        eq(listingInspection.articleId, articleId),
        or(
          inArray(listingInspection.status, ["published", "outdated"]),
          reader
            ? or(
                eq(listingInspection.buyerId, reader.id),
                eq(listingInspection.sellerId, reader.id),
                eq(listingInspection.expertId, reader.id),
              )
            : undefined,
        ),
      ),
    )
    .orderBy(desc(listingInspection.id));
  const experts =
    rows.length > 0 ? await names(db, [...new Set(rows.map((row) => row.expertId))]) : new Map();
  const published: PublishedReport[] = rows
    .filter((row) => isPublic(row.status))
    .map((row) => ({
      ...reportView(row),
      id: row.id,
      status: row.status as "published" | "outdated",
      expert: experts.get(row.expertId) ?? "",
      publishedAt: row.publishedAt!.toISOString(),
    }));
  const mine = rows
    .filter((row) => !isPublic(row.status))
    .flatMap((row) => {
      const role = roleOf(reader, row);
      return role && role !== "admin"
        ? [
            {
              id: row.id,
              status: row.status,
              role,
              proposedAt: row.proposedAt.toISOString(),
              path: inspectionPath(row.id),
            },
          ]
        : [];
    });
  const open = listing.status === "selling" || listing.status === "reserved";
  // The finder starts at the district's centre, the point the listing stores (never the seller's own).
  const area = areaByCode(listing.areaCode);
  return {
    published,
    mine,
    askPath:
      reader?.id !== listing.sellerId && open && area
        ? inspectionFinderPath({ id: articleId, latitude: area.lat, longitude: area.lng })
        : null,
    district: districtNames(listing.areaCode),
  };
}

export interface InspectionTarget {
  id: number;
  title: string;
  path: string;
  district: { ko: string; en: string } | null;
  /** The vehicle as the request form's model field starts with it. */
  model: string;
}

/**
 * The listing a finder or request page carries for an inspection, when the reader may ask for one of it (a signed-in
 * member who is not its seller, a vehicle listing for sale); null otherwise, and the pages are then the plain ones.
 */
export async function inspectionTarget(
  db: Database,
  reader: Actor,
  articleId: number | null,
): Promise<InspectionTarget | null> {
  if (articleId === null || !Number.isSafeInteger(articleId) || articleId <= 0) return null;
  const [row] = await db
    .select({ listing: marketListing, title: boardArticle.title })
    .from(marketListing)
    .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId))
    .where(eq(marketListing.articleId, articleId));
  if (!row || row.listing.deletedAt || !isVehicleKind(row.listing.kind)) return null;
  if (row.listing.sellerId === reader.id) return null;
  if (row.listing.status !== "selling" && row.listing.status !== "reserved") return null;
  const { modelName, modelYear } = row.listing;
  return {
    id: articleId,
    title: row.title,
    path: listingPath(row.listing.kind as MarketKind, articleId),
    district: districtNames(row.listing.areaCode),
    model: [modelName, modelYear].filter(Boolean).join(" "),
  };
}

export interface MeetingInspection {
  path: string;
  status: InspectionStatus;
  /** Whether the reader is its expert, who writes the report. */
  writer: boolean;
}

/** The inspection held in a meeting, for its chat: the page to open and whether the reader writes its report. */
export async function meetingInspection(
  db: Database,
  reader: Actor,
  meetingId: number,
): Promise<MeetingInspection | null> {
  const [row] = await db.select().from(listingInspection).where(eq(listingInspection.meetingId, meetingId));
  const role = row ? roleOf(reader, row) : null;
  if (!row || !role) return null;
  return { path: inspectionPath(row.id), status: row.status, writer: role === "expert" };
}
