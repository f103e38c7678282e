import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { motorcycleReview } from "#app/db/schema";
import { AdjustableClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { DAY_MS } from "#app/platform/seoul-calendar";
import { ratingItems } from "#app/services/reviews/items";
import { jpeg } from "#app/services/uploads/test-images";
import { insertMotorcycle } from "#tests/setup/motorcycles";
import {
  auditActsOn,
  callAction,
  callLoader,
  callWithRequest,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as myReviewPage from "../my/review";
import * as confirmPage from "./motorcycle/confirm";
import * as detailPage from "./motorcycle/detail";
import * as searchPage from "./motorcycle/search";
import * as resultPage from "./motorcycle/search-result";
import * as writePage from "./motorcycle/write";

let runtime: Runtime;
let callers: Callers;
const clock = new AdjustableClock();
let forza: { id: number; modelId: number };
let pcx: { id: number; modelId: number };
let xmax: { id: number; modelId: number };

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
  forza = await insertMotorcycle(runtime.db, clock, "forza350");
  pcx = await insertMotorcycle(runtime.db, clock, "pcx125");
  xmax = await insertMotorcycle(runtime.db, clock, "xmax300");
});

type Fields = Record<string, string | string[]>;

function reviewFields(motorcycleId: number, overrides: Fields = {}): Fields {
  return {
    token: randomUUID(),
    motorcycleId: String(motorcycleId),
    ...Object.fromEntries(ratingItems.map((item) => [`rating_${item}`, "8"])),
    ...Object.fromEntries(ratingItems.map((item) => [`text_${item}`, `${item}: 만족합니다`])),
    disadvantage: "수납공간이 좁아요",
    tags: ["commuting", "fuelEfficient"],
    ownerMeeting: "on",
    ...overrides,
  };
}

/** The write form's post to the confirm page, with photos as a browser sends them (multipart). */
async function preview(as: SignedInMember | null, fields: Fields, photos = 1) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  for (let n = 0; n < photos; n++)
    form.append("photos", new File([await jpeg(320, 240)], `photo${n}.jpg`, { type: "image/jpeg" }));
  const headers = new Headers();
  if (as) headers.set("Cookie", as.cookie);
  const request = new Request("http://localhost:3999/review/motorcycle/write/confirm", {
    method: "POST",
    headers,
    body: form,
  });
  return callWithRequest(confirmPage.action, request);
}

interface PreviewData {
  step: "preview";
  token: string;
  values: { images: { ref: string; url: string; thumbnailUrl: string }[] };
}

/** The fields the preview carries, as its "publish" button posts them. */
function publishFields(fields: Fields, data: PreviewData): Fields {
  return {
    ...fields,
    token: data.token,
    image: data.values.images.map((image) => image.ref),
    intent: "publish",
  };
}

const publish = (as: SignedInMember | null, fields: Fields) =>
  callAction(confirmPage.action, { path: "/review/motorcycle/write/confirm", form: fields, as });

async function reviewsOf(member: SignedInMember) {
  return runtime.db.select().from(motorcycleReview).where(eq(motorcycleReview.authorId, member.id));
}

/** A published review of the owner's, through the pages. */
async function published(as: SignedInMember, motorcycleId: number) {
  const fields = reviewFields(motorcycleId);
  const shown = await preview(as, fields);
  const answer = await publish(as, publishFields(fields, shown.data as PreviewData));
  expect(answer.location).toMatch(/^\/review\/motorcycle\/detail\?id=\d+$/);
  return Number(new URL(answer.location!, "http://localhost").searchParams.get("id"));
}

describe("writing a review", () => {
  it("sends visitors to sign in, and a form without a model year to the model search", async () => {
    expect(
      (
        await callLoader(writePage.loader, {
          path: `/review/motorcycle/write?motorcycleId=${forza.id}`,
          as: null,
        })
      ).outcome,
    ).toBe("sign-in");
    const blank = await callLoader(writePage.loader, { path: "/review/motorcycle/write", as: callers.owner });
    expect(blank.location).toBe("/review/motorcycle/write/search");
    const form = await callLoader(writePage.loader, {
      path: `/en/review/motorcycle/write?motorcycleId=${forza.id}`,
      as: callers.owner,
    });
    expect(form.data).toMatchObject({ mode: "create", motorcycle: { id: forza.id, year: 2023 } });
    expect((await preview(null, reviewFields(forza.id))).outcome).toBe("sign-in");
    expect((await preview(callers.adminWithoutTwoFactor, reviewFields(forza.id))).outcome).toBe("two-step");
  });

  it("stores the photos at the preview, and publishes one review for a double submit", async () => {
    const fields = reviewFields(forza.id);
    const shown = await preview(callers.owner, fields, 2);
    expect(shown.outcome).toBe("done");
    const data = shown.data as PreviewData;
    expect(data.step).toBe("preview");
    expect(data.values.images).toHaveLength(2);
    const [first] = data.values.images;
    expect(first!.thumbnailUrl).toMatch(/\.thumb\.webp$/);
    const key = first!.url.replace(/^\/uploads\//, "");
    expect(await runtime.storage.get(key)).toBeDefined();
    expect(await reviewsOf(callers.owner)).toHaveLength(0);

    const form = publishFields(fields, data);
    const [one, two] = await Promise.all([publish(callers.owner, form), publish(callers.owner, form)]);
    expect(one.location).toMatch(/^\/review\/motorcycle\/detail\?id=\d+$/);
    expect(one.flashed).toBe(true);
    expect(two.location).toBe(one.location);
    const rows = await reviewsOf(callers.owner);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.images).toEqual(
      data.values.images.map(({ url, thumbnailUrl }) => ({ url, thumbnailUrl })),
    );
    expect(rows[0]).toMatchObject({
      ratingAverage: 8,
      ownerMeeting: true,
      tags: ["commuting", "fuelEfficient"],
    });
  });

  it("refuses image addresses the server did not store, and references signed for somebody else", async () => {
    const fields = reviewFields(pcx.id);
    const forged = await publish(callers.other, {
      ...fields,
      intent: "publish",
      image: ["https://evil.example/photo.jpg"],
    });
    expect(forged.status).toBe(400);
    expect(forged.data).toMatchObject({ step: "form", error: { code: "image_invalid" } });
    const shown = (await preview(callers.owner, fields)).data as PreviewData;
    const borrowed = await publish(callers.other, publishFields(fields, shown));
    expect(borrowed.data).toMatchObject({ error: { code: "image_invalid" } });
    expect(await reviewsOf(callers.other)).toHaveLength(0);
  });

  it("answers a refused form with each field's message, keeping what was typed and the stored photos", async () => {
    const answer = await preview(
      callers.other,
      reviewFields(pcx.id, { disadvantage: "", rating_braking: "12" }),
    );
    expect(answer.status).toBe(400);
    const data = answer.data as {
      step: string;
      lastResult: { error: Record<string, string[]> };
      values: { disadvantage: string; ratings: Record<string, string>; images: unknown[] };
    };
    expect(data.step).toBe("form");
    expect(data.lastResult.error.disadvantage).toEqual(["review.error.disadvantage_required"]);
    expect(data.lastResult.error.rating_braking).toEqual(["review.error.rating_invalid"]);
    expect(data.values.ratings.braking).toBe("12");
    expect(data.values.images).toHaveLength(1);
    const none = await preview(callers.other, reviewFields(pcx.id), 0);
    expect((none.data as typeof data).lastResult.error.photos).toEqual(["review.error.images_required"]);
    expect(await reviewsOf(callers.other)).toHaveLength(0);
  });

  it("goes back from the preview to the form with everything it carried", async () => {
    const fields = reviewFields(xmax.id, { disadvantage: "무겁습니다" });
    const shown = (await preview(callers.other, fields)).data as PreviewData;
    const back = await callAction(writePage.action, {
      path: `/review/motorcycle/write?motorcycleId=${xmax.id}`,
      form: { ...publishFields(fields, shown), intent: "back" },
      as: callers.other,
    });
    expect(back.data).toMatchObject({
      step: "form",
      values: {
        disadvantage: "무겁습니다",
        ownerMeeting: true,
        images: [{ ref: shown.values.images[0]!.ref }],
      },
    });
  });
});

describe("editing a review", () => {
  it("is its author's within 24 hours; others are refused and after 24 hours it is locked", async () => {
    const id = await published(callers.owner, xmax.id);
    const edit = async (as: SignedInMember | null, disadvantage: string) => {
      const fields = reviewFields(xmax.id, { id: String(id), disadvantage });
      const [row] = await runtime.db.select().from(motorcycleReview).where(eq(motorcycleReview.id, id));
      const loaded = await callLoader(writePage.loader, {
        path: `/review/motorcycle/write?id=${id}`,
        as: callers.owner,
      });
      const refs = (loaded.data as { values: { images: { ref: string }[] } }).values?.images.map(
        (image) => image.ref,
      );
      expect(row).toBeDefined();
      return publish(as, { ...fields, image: refs ?? [], intent: "publish" });
    };
    expect((await edit(null, "방문자")).outcome).toBe("sign-in");
    expect((await edit(callers.adminWithoutTwoFactor, "관리자")).outcome).toBe("two-step");
    expect((await edit(callers.other, "남의 리뷰")).outcome).toBe("refused");
    expect((await edit(callers.admin, "관리자가 고침")).outcome).toBe("refused");
    const saved = await edit(callers.owner, "브레이크가 약해요");
    expect(saved.location).toBe(`/review/motorcycle/detail?id=${id}`);
    const editLoader = await callLoader(writePage.loader, {
      path: `/review/motorcycle/write?id=${id}`,
      as: callers.other,
    });
    expect(editLoader.outcome).toBe("refused");

    clock.advance(DAY_MS);
    const late = await edit(callers.owner, "너무 늦음");
    expect(late.status).toBe(409);
    expect(late.data).toMatchObject({ error: { code: "locked" } });
    expect((late.data as { error: { message: string } }).error.message).toMatch(/잠겨/);
    expect((late.data as { error: { message: string } }).error.message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const [row] = await runtime.db.select().from(motorcycleReview).where(eq(motorcycleReview.id, id));
    expect(row!.disadvantage).toBe("브레이크가 약해요");
    const lockedForm = await callLoader(writePage.loader, {
      path: `/review/motorcycle/write?id=${id}`,
      as: callers.owner,
    });
    expect(lockedForm.status).toBe(409);

    const mine = await callLoader(myReviewPage.loader, { path: "/my/review", as: callers.owner });
    const items = (mine.data as { items: { id: number; locked: boolean }[] }).items;
    expect(items.find((item) => item.id === id)?.locked).toBe(true);
    expect((await callLoader(myReviewPage.loader, { path: "/my/review", as: null })).outcome).toBe("sign-in");
  });
});

describe("a review's page", () => {
  const act = (id: number, form: Fields, as: SignedInMember | null) =>
    callAction(detailPage.action, { path: `/review/motorcycle/detail?id=${id}`, form, as });
  const load = (id: number | string, as: SignedInMember | null = null) =>
    callLoader(detailPage.loader, { path: `/review/motorcycle/detail?id=${id}`, as });

  it("switches owner meetings for the author only", async () => {
    const id = await published(callers.other, forza.id);
    expect((await act(id, { intent: "ownerMeeting", ownerMeeting: "off" }, null)).outcome).toBe("sign-in");
    expect(
      (await act(id, { intent: "ownerMeeting", ownerMeeting: "off" }, callers.adminWithoutTwoFactor)).outcome,
    ).toBe("two-step");
    expect((await act(id, { intent: "ownerMeeting", ownerMeeting: "off" }, callers.owner)).outcome).toBe(
      "refused",
    );
    expect((await act(id, { intent: "ownerMeeting", ownerMeeting: "off" }, callers.admin)).outcome).toBe(
      "refused",
    );
    const done = await act(id, { intent: "ownerMeeting", ownerMeeting: "off" }, callers.other);
    expect(done.flashed).toBe(true);
    expect((await load(id)).data).toMatchObject({ state: "found", review: { ownerMeeting: false } });
  });

  it("is open to visitors; deletion is the author's or a moderator's, then it shows as deleted (404)", async () => {
    const id = await published(callers.owner, pcx.id);
    const seen = await load(id);
    expect(seen.data).toMatchObject({ state: "found", review: { id, canDelete: false, mine: false } });
    expect((await act(id, { intent: "delete" }, null)).outcome).toBe("sign-in");
    expect((await act(id, { intent: "delete" }, callers.adminWithoutTwoFactor)).outcome).toBe("two-step");
    expect((await act(id, { intent: "delete" }, callers.other)).outcome).toBe("refused");
    expect((await act(id, { intent: "delete" }, callers.finance)).outcome).toBe("refused");
    expect((await load(id)).status).toBe(200);
    const deleted = await act(id, { intent: "delete" }, callers.moderator);
    expect(deleted.location).toBe("/review/motorcycle/list");
    const gone = await load(id);
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ state: "missing" });
    expect((await load(987_654)).status).toBe(404);
    expect((await act(id, { intent: "delete" }, callers.owner)).outcome).toBe("not-found");

    const own = await published(callers.owner, pcx.id);
    expect((await act(own, { intent: "delete" }, callers.owner)).location).toBe("/review/motorcycle/list");
    expect(await auditActsOn(runtime, "review", id)).toEqual([
      { action: "review.delete", adminId: callers.moderator.id, role: "moderator" },
    ]);
    expect(await auditActsOn(runtime, "review", own)).toEqual([]);
  });
});

describe("search by characteristics", () => {
  it("refuses fewer than 3 characteristics on the server, and sends 3 or more to a shareable result", async () => {
    const search = (tags: string[]) =>
      callAction(searchPage.action, { path: "/review/motorcycle/search", form: { tags }, as: null });
    const refused = await search(["commuting", "touring"]);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ error: { code: "tags_min" }, chosen: ["commuting", "touring"] });
    const sent = await search(["commuting", "touring", "twoUp"]);
    expect(sent.location).toBe("/review/motorcycle/search/result?tags=commuting,touring,twoUp");
    const result = await callLoader(resultPage.loader, {
      path: "/review/motorcycle/search/result?tags=commuting,fuelEfficient,touring",
      as: null,
    });
    expect(result.data).toMatchObject({ state: "found", tags: ["commuting", "fuelEfficient", "touring"] });
    const short = await callLoader(resultPage.loader, {
      path: "/review/motorcycle/search/result?tags=commuting,fuelEfficient",
      as: null,
    });
    expect(short.status).toBe(400);
  });
});
