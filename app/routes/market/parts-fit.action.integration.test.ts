import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { boardArticle, garageBike, marketKeyword, marketListingFit } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { listCategories } from "#app/services/board/articles.server";
import { insertListing } from "#tests/setup/market";
import { insertMotorcycle, testCatalogue } from "#tests/setup/motorcycles";
import {
  callAction,
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as myMarketPage from "../my/market";
import * as listingPage from "./listing";
import * as listPage from "./list";
import * as writePage from "./write";

let runtime: Runtime;
let callers: Callers;
let forza: { id: number; modelId: number };
let pcx: { id: number; modelId: number };

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  forza = await insertMotorcycle(runtime.db, runtime.clock, "forza350");
  await insertMotorcycle(runtime.db, runtime.clock, { ...testCatalogue.forza350, year: 2021 });
  pcx = await insertMotorcycle(runtime.db, runtime.clock, "pcx125");
});

const fitsOf = async (id: number) =>
  (await runtime.db.select().from(marketListingFit).where(eq(marketListingFit.articleId, id)))
    .map(({ modelId, yearFrom, yearTo }) => ({ modelId, yearFrom, yearTo }))
    .sort((a, b) => a.modelId - b.modelId);

async function partsForm(fields: Record<string, string> = {}) {
  const [category] = await listCategories(runtime.db, "parts");
  return {
    token: randomUUID(),
    kind: "parts",
    categoryId: String(category!.id),
    title: "포르자 350 순정 머플러",
    content: "<p>탈거품입니다.</p>",
    price: "150000",
    tradeDirect: "on",
    areaCode: "seoul-mapo",
    ...fields,
  };
}

const write = (form: Record<string, string>, as: SignedInMember | null, query = "") =>
  callAction(writePage.action, { path: `/market/write${query}`, form, as });

describe("writing a parts listing with the models it fits", () => {
  it("sends visitors to sign in, stores a member's fits once for a double submit", async () => {
    const form = await partsForm({
      "fits[0].modelId": String(forza.modelId),
      "fits[0].yearFrom": "2021",
      "fits[0].yearTo": "2023",
      "fits[1].modelId": "",
      "fits[1].yearFrom": "",
      "fits[2].modelId": String(pcx.modelId),
    });
    expect((await write(form, null)).outcome).toBe("sign-in");
    const seller = await signUpMember(runtime);
    const [first, second] = await Promise.all([write(form, seller), write(form, seller)]);
    expect(first.outcome).toBe("done");
    expect(second.location).toBe(first.location);
    const id = Number(first.location!.split("/").at(-1));
    expect(
      await runtime.db.select().from(boardArticle).where(eq(boardArticle.authorId, seller.id)),
    ).toHaveLength(1);
    expect(await fitsOf(id)).toEqual([
      { modelId: forza.modelId, yearFrom: 2021, yearTo: 2023 },
      { modelId: pcx.modelId, yearFrom: null, yearTo: null },
    ]);
    const page = await callLoader(listingPage.loader, {
      path: `/market/parts/${id}`,
      params: { kind: "parts", boardId: String(id) },
      as: null,
    });
    expect(page.data).toMatchObject({
      fits: [
        { modelId: forza.modelId, model: { en: "Forza 350" }, yearFrom: 2021, yearTo: 2023 },
        { modelId: pcx.modelId, yearFrom: null },
      ],
    });
  });

  it("refuses bad years and models the catalogue lacks, keeping the rows typed and storing nothing", async () => {
    const seller = await signUpMember(runtime);
    const typed = await write(
      await partsForm({ "fits[0].modelId": String(forza.modelId), "fits[0].yearFrom": "20x" }),
      seller,
    );
    expect(typed.status).toBe(400);
    expect(typed.data).toMatchObject({
      lastResult: { error: { "fits[0].yearFrom": ["partsFit.error.fit_years_invalid"] } },
    });
    const unknown = await write(
      await partsForm({ "fits[0].modelId": "999999", "fits[0].yearFrom": "2020", title: "남은 제목" }),
      seller,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({
      error: { code: "fit_model_unknown" },
      values: { title: "남은 제목", fits: "999999:2020:" },
    });
    const outside = await write(
      await partsForm({ "fits[0].modelId": String(forza.modelId), "fits[0].yearTo": "2020" }),
      seller,
    );
    expect(outside.data).toMatchObject({ error: { code: "fit_years_outside" } });
    expect(await runtime.db.select().from(boardArticle).where(eq(boardArticle.authorId, seller.id))).toEqual(
      [],
    );
  });

  it("offers the catalogue's models once the kind chosen without scripts is parts, and none for vehicles", async () => {
    const step = await write({ intent: "kind", kind: "parts", title: "머플러" }, callers.owner);
    expect(step.data).toMatchObject({
      step: "kind",
      kind: "parts",
      fitModels: expect.arrayContaining([
        {
          ko: "혼다",
          en: "Honda",
          models: expect.arrayContaining([
            { id: forza.modelId, ko: "포르자 350", en: "Forza 350", firstYear: 2021, lastYear: 2023 },
          ]),
        },
      ]),
      values: { title: "머플러" },
    });
    const vehicle = await write({ intent: "kind", kind: "over125Scooter" }, callers.owner);
    expect(vehicle.data).toMatchObject({ step: "kind", fitModels: [] });
  });

  it("lets only the seller or an acting administrator change the fits", async () => {
    const { owner, other, adminWithoutTwoFactor, admin } = callers;
    const id = await insertListing(runtime.db, runtime.clock, owner.actor, "parts", {
      fits: [{ modelId: forza.modelId, yearFrom: null, yearTo: null }],
    });
    const form = (modelId: number, yearFrom = "2024") =>
      partsForm({ id: String(id), "fits[0].modelId": String(modelId), "fits[0].yearFrom": yearFrom });
    const before = [{ modelId: forza.modelId, yearFrom: null, yearTo: null }];
    expect((await write(await form(pcx.modelId), null, `?id=${id}`)).outcome).toBe("sign-in");
    expect((await write(await form(pcx.modelId), other, `?id=${id}`)).outcome).toBe("refused");
    expect((await write(await form(pcx.modelId), adminWithoutTwoFactor, `?id=${id}`)).outcome).toBe(
      "two-step",
    );
    expect(await fitsOf(id)).toEqual(before);
    expect((await write(await form(pcx.modelId), owner, `?id=${id}`)).outcome).toBe("done");
    expect(await fitsOf(id)).toEqual([{ modelId: pcx.modelId, yearFrom: 2024, yearTo: null }]);
    expect((await write(await form(forza.modelId, "2023"), admin, `?id=${id}`)).outcome).toBe("done");
    expect(await fitsOf(id)).toEqual([{ modelId: forza.modelId, yearFrom: 2023, yearTo: null }]);
    const edit = await callLoader(writePage.loader, { path: `/market/write?id=${id}`, as: owner });
    expect(edit.data).toMatchObject({ values: { fits: `${forza.modelId}:2023:` } });
  });
});

describe("/market/parts?fit=1 (fits my garage)", () => {
  it("filters by the member's garage, and explains itself to a visitor and to a member without bikes", async () => {
    const seller = await signUpMember(runtime);
    const fitting = await insertListing(runtime.db, runtime.clock, seller.actor, "parts", {
      fits: [{ modelId: forza.modelId, yearFrom: 2023, yearTo: null }],
      areaCode: "jeonbuk-muju",
    });
    const older = await insertListing(runtime.db, runtime.clock, seller.actor, "parts", {
      fits: [{ modelId: forza.modelId, yearFrom: null, yearTo: 2021 }],
      areaCode: "jeonbuk-muju",
    });
    const path = "/market/parts?fit=1&area=jeonbuk-muju";
    const ids = (answer: { data: unknown }) =>
      (answer.data as { page: { rows: { id: number }[] } }).page.rows.map((row) => row.id);

    const visitor = await callLoader(listPage.loader, { path, params: { kind: "parts" }, as: null });
    expect(visitor.data).toMatchObject({ fitFilter: { state: "visitor", on: false } });
    expect(ids(visitor)).toEqual([older, fitting]);

    const bikeless = await signUpMember(runtime);
    const none = await callLoader(listPage.loader, { path, params: { kind: "parts" }, as: bikeless });
    expect(none.data).toMatchObject({ fitFilter: { state: "noBikes", on: false } });
    expect(ids(none)).toEqual([older, fitting]);

    const rider = await signUpMember(runtime);
    await runtime.db.insert(garageBike).values({
      memberId: rider.id,
      motorcycleId: forza.id,
      ownedSince: "2023-05-01",
      createdAt: new Date(),
    });
    const on = await callLoader(listPage.loader, { path, params: { kind: "parts" }, as: rider });
    expect(on.data).toMatchObject({
      fitFilter: { state: "ready", on: true, bikes: [{ en: "Honda Forza 350 2023" }] },
    });
    expect(ids(on)).toEqual([fitting]);
    const off = await callLoader(listPage.loader, {
      path: "/market/parts?area=jeonbuk-muju",
      params: { kind: "parts" },
      as: rider,
    });
    expect(off.data).toMatchObject({ fitFilter: { state: "ready", on: false } });
    expect(ids(off)).toEqual([older, fitting]);
    const vehicles = await callLoader(listPage.loader, {
      path: "/market/over125Scooter?fit=1",
      params: { kind: "over125Scooter" },
      as: rider,
    });
    expect(vehicles.data).toMatchObject({ fitFilter: null });
  });
});

describe("/my/market keywords limited to parts that fit", () => {
  const post = (as: SignedInMember | null, form: Record<string, string>) =>
    callAction(myMarketPage.action, { path: "/my/market?tab=keywords", form, as });
  const keywordsOf = (member: SignedInMember) =>
    runtime.db
      .select({ keyword: marketKeyword.keyword, onlyFitting: marketKeyword.onlyFitting })
      .from(marketKeyword)
      .where(eq(marketKeyword.memberId, member.id));

  it("saves the option for the signed-in member only, and lets nobody else delete the keyword", async () => {
    const { owner, other, admin, adminWithoutTwoFactor } = callers;
    const form = { intent: "saveKeyword", keyword: "브레이크 패드", onlyFitting: "on" };
    expect((await post(null, form)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, form)).outcome).toBe("two-step");
    expect(await keywordsOf(adminWithoutTwoFactor)).toEqual([]);
    expect(await post(owner, form)).toMatchObject({ outcome: "done", data: { done: "saved" } });
    expect(await post(owner, { intent: "saveKeyword", keyword: "머플러" })).toMatchObject({
      outcome: "done",
    });
    expect(await keywordsOf(owner)).toEqual([
      { keyword: "브레이크 패드", onlyFitting: true },
      { keyword: "머플러", onlyFitting: false },
    ]);
    const page = await callLoader(myMarketPage.loader, { path: "/my/market?tab=keywords", as: owner });
    expect(page.data).toMatchObject({
      keywords: [{ keyword: "브레이크 패드", onlyFitting: true }, { onlyFitting: false }],
    });
    const [saved] = await runtime.db
      .select({ id: marketKeyword.id })
      .from(marketKeyword)
      .where(eq(marketKeyword.memberId, owner.id));
    for (const stranger of [other, admin])
      expect((await post(stranger, { intent: "deleteKeyword", id: String(saved!.id) })).outcome).toBe(
        "not-found",
      );
    expect(await keywordsOf(owner)).toHaveLength(2);
    expect(await post(other, form)).toMatchObject({ outcome: "done" });
    expect(await keywordsOf(other)).toEqual([{ keyword: "브레이크 패드", onlyFitting: true }]);
  });
});
