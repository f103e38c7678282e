import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { upload } from "#app/db/schema";
import { AdjustableClock } from "#app/platform/clock.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import type { Runtime } from "#app/platform/runtime.server";
import { HOUR_MS } from "#app/platform/seoul-calendar";
import { createLocalStorage } from "#app/platform/storage/local.server";
import { REVIEW_PREVIEW_RATE } from "#app/services/reviews/images.server";
import { ratingItems } from "#app/services/reviews/items";
import { ensureUploadCollection, uploadCollectionJob } from "#app/services/uploads/ownership.server";
import { jpeg } from "#app/services/uploads/test-images";
import { insertMotorcycle } from "#tests/setup/motorcycles";
import {
  callAction,
  callWithRequest,
  signUpMember,
  startRouteRuntime,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as confirmPage from "./motorcycle/confirm";

// Review photos are stored at the preview, before anything is published: a member who previews and never
// publishes must leave nothing behind, and cannot store photos over and over.

let runtime: Runtime;
let root: string;
const clock = new AdjustableClock();
let motorcycleId: number;
let photo: Awaited<ReturnType<typeof jpeg>>;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  root = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-review-uploads-"));
  runtime.storage = createLocalStorage({ root });
  motorcycleId = (await insertMotorcycle(runtime.db, clock, "forza350")).id;
  photo = await jpeg(320, 240);
});

/** Every file under the storage's root. */
function storedFiles(): string[] {
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function reviewFields(): Record<string, string> {
  return {
    token: randomUUID(),
    motorcycleId: String(motorcycleId),
    ...Object.fromEntries(ratingItems.map((item) => [`rating_${item}`, "8"])),
    ...Object.fromEntries(ratingItems.map((item) => [`text_${item}`, `${item}: 만족합니다`])),
    disadvantage: "수납공간이 좁아요",
    tags: "commuting",
  };
}

/** The write form's post to the confirm page with `photos` photos, in the page's language. */
function preview(as: SignedInMember, photos: number, language: "ko" | "en" = "ko") {
  const form = new FormData();
  for (const [name, value] of Object.entries(reviewFields())) form.append(name, value);
  for (let n = 0; n < photos; n++)
    form.append("photos", new File([photo], `photo${n}.jpg`, { type: "image/jpeg" }));
  const prefix = language === "en" ? "/en" : "";
  const request = new Request(`http://localhost:3999${prefix}/review/motorcycle/write/confirm`, {
    method: "POST",
    headers: { Cookie: as.cookie },
    body: form,
  });
  return callWithRequest(confirmPage.action, request);
}

interface PreviewData {
  token: string;
  values: { images: { ref: string; url: string }[] };
}

const uploadsOf = (member: SignedInMember) =>
  runtime.db.select().from(upload).where(eq(upload.ownerId, member.id));

describe("photos stored by a review's preview", () => {
  it("are deleted, files and rows, a day after previews that were never published", async () => {
    const collection = uploadCollectionJob(runtime.storage);
    const worker = new JobWorker({
      db: runtime.db,
      clock,
      logger: createLogger("silent"),
      registry: composeJobRegistry([collection]),
      pollIntervalMs: 1000,
    });
    await ensureUploadCollection(runtime.db, clock, collection);
    await worker.drain();

    const author = await signUpMember(runtime);
    // One review is published: its photo stays.
    const shown = await preview(author, 1);
    const kept = (shown.data as PreviewData).values.images[0]!;
    const published = await callAction(confirmPage.action, {
      path: "/review/motorcycle/write/confirm",
      form: {
        ...reviewFields(),
        token: (shown.data as PreviewData).token,
        image: kept.ref,
        intent: "publish",
      },
      as: author,
    });
    expect(published.location).toMatch(/^\/review\/motorcycle\/detail\?id=\d+$/);

    // Fifteen previews of four photos each, never published (an hour apart in tens, within the preview limit).
    const rider = await signUpMember(runtime);
    for (let n = 0; n < 15; n++) {
      if (n > 0 && n % REVIEW_PREVIEW_RATE.limit === 0) clock.advance(REVIEW_PREVIEW_RATE.windowMs);
      const answer = await preview(rider, 4);
      expect(answer.outcome, `preview ${n}`).toBe("done");
    }
    const abandoned = await uploadsOf(rider);
    expect(abandoned).toHaveLength(60);
    expect(abandoned.every((row) => row.attachedTo === null)).toBe(true);
    // Each photo and its thumbnail, and the published review's two.
    expect(storedFiles()).toHaveLength(122);

    // Not yet a day: nothing goes.
    clock.advance(20 * HOUR_MS);
    await worker.drain();
    expect(storedFiles()).toHaveLength(122);

    clock.advance(5 * HOUR_MS);
    expect(await worker.drain()).toBeGreaterThan(0);
    expect(await uploadsOf(rider)).toHaveLength(0);
    const [attached] = await uploadsOf(author);
    expect(attached).toMatchObject({ url: kept.url, attachedTo: expect.stringMatching(/^review:\d+$/) });
    expect(storedFiles().sort()).toEqual(
      [attached!.key, attached!.thumbnailKey!].map((key) => path.join(...key.split("/"))).sort(),
    );
  });

  it("are refused, with a message in the page's language, past the member's preview limit", async () => {
    const rider = await signUpMember(runtime);
    for (let n = 0; n < REVIEW_PREVIEW_RATE.limit; n++) {
      expect((await preview(rider, 1)).outcome, `preview ${n}`).toBe("done");
    }
    const before = storedFiles().length;
    const refused = await preview(rider, 2);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      step: "form",
      error: { code: "rate_limited", message: "이미지를 너무 많이 올렸습니다. 잠시 후 다시 시도해 주세요." },
    });
    const english = await preview(rider, 1, "en");
    expect(english.status).toBe(429);
    expect(english.data).toMatchObject({
      error: { message: "Too many images uploaded. Try again later." },
    });
    expect(storedFiles()).toHaveLength(before);
    expect(await uploadsOf(rider)).toHaveLength(REVIEW_PREVIEW_RATE.limit);

    // Another member is not held back by this one's previews.
    expect((await preview(await signUpMember(runtime), 1)).outcome).toBe("done");
  });
});
