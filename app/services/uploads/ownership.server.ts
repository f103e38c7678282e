import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import { job, upload } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { defineJob, enqueueJob, type JobKind } from "#app/platform/jobs.server";
import { hit, type RateRule } from "#app/platform/rate-limit.server";
import { DAY_MS, HOUR_MS } from "#app/platform/seoul-calendar";
import type { FileStorage } from "#app/platform/storage/types";
import { runInTransaction, type DatabaseOrUnit, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";

/**
 * Every file a member uploads has a row: its owner, and what it belongs to once something published takes it
 * (`review:12`, `article:7` …). A file that nothing took within `UNATTACHED_LIFETIME_MS` is deleted, file and row, by
 * the collection job (ADR 051), so that forms stored and then abandoned (a review's preview, an editor's image of a
 * post never written) leave nothing behind.
 */

/** How long an upload may wait for the post, review … it was made for. */
const UNATTACHED_LIFETIME_MS = DAY_MS;

/** The collection runs this often, so an abandoned file is gone between 24 and 25 hours after it was stored. */
const COLLECTION_INTERVAL_MS = HOUR_MS;

/** Files removed by one run at most; a run that removed this many runs again at once. */
const COLLECTION_BATCH = 500;

/** What the upload service stored for a member: the file, its address, and the thumbnail beside it if any. */
export interface OwnedFile {
  key: string;
  url: string;
  thumbnailKey?: string | null;
  bytes: number;
}

/** What an upload is attached to: an area's name and the row's id, for example `review:12`. */
export type UploadSubject = `${string}:${string | number}`;

/** Records files just stored for `ownerId`, attached to nothing yet. */
export async function recordUploads(
  source: DatabaseOrUnit,
  clock: Clock,
  ownerId: string,
  files: readonly OwnedFile[],
): Promise<void> {
  if (files.length === 0) return;
  await runInTransaction(source, clock, async (uow) => {
    await uow.tx.insert(upload).values(
      files.map((file) => ({
        ownerId,
        key: file.key,
        url: file.url,
        thumbnailKey: file.thumbnailKey ?? null,
        bytes: file.bytes,
        createdAt: uow.now,
      })),
    );
  });
}

/**
 * Attaches the uploads at `urls` to `subject`, in the caller's unit of work (the one that publishes the subject).
 * An upload of another member is refused, unless it already belongs to this subject (an administrator editing a
 * member's post keeps the author's pictures). One already attached elsewhere stays where it is; addresses without a
 * row are files stored before uploads were recorded, and are left alone.
 */
export async function attachUploads(
  uow: UnitOfWork,
  ownerId: string,
  urls: readonly string[],
  subject: UploadSubject,
): Promise<void> {
  const wanted = [...new Set(urls)];
  if (wanted.length === 0) return;
  const rows = await uow.tx
    .select({ id: upload.id, ownerId: upload.ownerId, attachedTo: upload.attachedTo })
    .from(upload)
    .where(inArray(upload.url, wanted))
    .orderBy(asc(upload.id))
    .for("update");
  if (rows.some((row) => row.ownerId !== ownerId && row.attachedTo !== subject)) {
    throw new DomainError("upload", "not_owner");
  }
  const free = rows.filter((row) => row.attachedTo === null).map((row) => row.id);
  if (free.length === 0) return;
  await uow.tx
    .update(upload)
    .set({ attachedTo: subject, attachedAt: uow.now })
    .where(inArray(upload.id, free));
}

/**
 * Counts one stored preview (or other upload) of a member against `rule`; refused with `rate_limited` over it. Every
 * form that stores files before anything is published asks this first.
 */
export async function allowUpload(
  db: Database,
  clock: Clock,
  ownerId: string,
  purpose: string,
  rule: RateRule,
): Promise<void> {
  const verdict = await hit(db, `upload:${purpose}:${ownerId}`, rule, clock.now());
  if (!verdict.allowed) throw new DomainError("upload", "rate_limited");
}

/**
 * Deletes uploads attached to nothing for longer than the lifetime: the files first, then their rows, in the job's
 * unit. A run that fails after deleting files leaves rows whose files are gone; the next run deletes those (deleting a
 * missing file is no error). Rows another unit is attaching right now are skipped.
 */
export async function collectUnattachedUploads(uow: UnitOfWork, storage: FileStorage): Promise<number> {
  const before = new Date(uow.now.getTime() - UNATTACHED_LIFETIME_MS);
  const rows = await uow.tx
    .select({ id: upload.id, key: upload.key, thumbnailKey: upload.thumbnailKey })
    .from(upload)
    .where(and(isNull(upload.attachedTo), lte(upload.createdAt, before)))
    .orderBy(asc(upload.createdAt), asc(upload.id))
    .limit(COLLECTION_BATCH)
    .for("update", { skipLocked: true });
  for (const row of rows) {
    await storage.delete(row.key);
    if (row.thumbnailKey) await storage.delete(row.thumbnailKey);
  }
  if (rows.length > 0) {
    await uow.tx.delete(upload).where(
      inArray(
        upload.id,
        rows.map((row) => row.id),
      ),
    );
  }
  return rows.length;
}

const COLLECTION_KEY = "uploads.collect";
const collectionPayload = z.object({}).strict();
type CollectionPayload = z.infer<typeof collectionPayload>;

/**
 * The collection job on this storage: collects, then hands its key on to the next run, an interval later (at once
 * when a full batch suggests more is waiting). It reschedules itself for good; `ensureUploadCollection` starts it.
 */
export function uploadCollectionJob(storage: FileStorage): JobKind<CollectionPayload> {
  const kind: JobKind<CollectionPayload> = defineJob(COLLECTION_KEY, {
    payload: collectionPayload,
    handle: async (_payload, { uow }) => {
      const removed = await collectUnattachedUploads(uow, storage);
      await uow.tx
        .update(job)
        .set({ dedupeKey: null })
        .where(and(eq(job.dedupeKey, COLLECTION_KEY), eq(job.status, "running")));
      const next = removed === COLLECTION_BATCH ? 0 : COLLECTION_INTERVAL_MS;
      await enqueueJob(uow, kind, {}, { runAt: new Date(uow.now.getTime() + next), key: COLLECTION_KEY });
    },
  });
  return kind;
}

/** Makes sure a collection is to come: one due now unless one is already pending or running (start-up). */
export function ensureUploadCollection(
  db: Database,
  clock: Clock,
  kind: JobKind<CollectionPayload>,
): Promise<void> {
  return runInTransaction(db, clock, async (uow) => {
    await enqueueJob(uow, kind, {}, { runAt: uow.now, key: COLLECTION_KEY });
  });
}
