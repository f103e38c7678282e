import type { Logger } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { createTestDatabase } from "#tests/setup/database";
import { insertMember } from "#tests/setup/members";
import { insertModelListing, insertRatedReview } from "#tests/setup/model-reviews";
import { insertTestCatalogue } from "#tests/setup/motorcycles";
import { callLoader, signUpMember, startRouteRuntime, type SignedInMember } from "#tests/setup/route-actions";
import { loader as resultLoader } from "./result";
import { loader as searchLoader } from "./search";
import { loader as selectLoader } from "./select";

const sent: string[] = [];
let counting = false;
const logger: Logger = {
  logQuery(query) {
    if (counting) sent.push(query);
  },
};

let runtime: Runtime;
let rider: SignedInMember;
let bikes: Awaited<ReturnType<typeof insertTestCatalogue>>;
beforeAll(async () => {
  runtime = await startRouteRuntime({ database: await createTestDatabase(logger) });
  rider = await signUpMember(runtime);
  bikes = await insertTestCatalogue(runtime.db, runtime.clock);
});

/** No guard on comparison pages: a visitor and a member get the same answer. */
const callers = () => [null, rider] as const;

type SearchData = Awaited<ReturnType<typeof searchLoader>>;
const modelNames = (data: unknown) => (data as SearchData).models.map((model) => model.nameEn);

describe("/specCompare/search", () => {
  it("finds models by Korean and English partial words, for visitors and members", async () => {
    for (const as of callers()) {
      const korean = await callLoader(searchLoader, { path: "/specCompare/search?q=포르자", as });
      expect(korean.outcome).toBe("done");
      expect(modelNames(korean.data)).toEqual(["Forza 350"]);
      const english = await callLoader(searchLoader, { path: "/en/specCompare/search?q=forza", as });
      expect(modelNames(english.data)).toEqual(["Forza 350"]);
    }
  });

  it("filters by manufacturer and year, and ignores a manufacturer it does not know", async () => {
    const yamaha = await callLoader(searchLoader, { path: "/specCompare/search?maker=yamaha", as: null });
    expect(modelNames(yamaha.data)).toEqual(["MT-07", "XMAX 300"]);
    const year = await callLoader(searchLoader, {
      path: "/specCompare/search?maker=yamaha&year=2024",
      as: null,
    });
    expect(modelNames(year.data)).toEqual(["MT-07"]);
    const unknown = await callLoader(searchLoader, { path: "/specCompare/search?maker=nobody", as: null });
    expect(unknown.data).toMatchObject({ maker: null, searched: false, models: [] });
  });

  it("shows the empty state before a search and no results for an unknown name", async () => {
    const empty = await callLoader(searchLoader, { path: "/specCompare/search", as: null });
    expect(empty.data).toMatchObject({ searched: false, models: [] });
    expect((empty.data as SearchData).manufacturers.map((item) => item.slug)).toEqual(["honda", "yamaha"]);
    const none = await callLoader(searchLoader, { path: "/specCompare/search?q=없는모델", as: null });
    expect(none.data).toMatchObject({ searched: true, models: [] });
  });

  it("carries the selection along, without ids that are not the catalogue's", async () => {
    const answer = await callLoader(searchLoader, {
      path: `/specCompare/search?q=pcx&ids=${bikes.mt07.id},777777,x`,
      as: null,
    });
    expect(answer.data).toMatchObject({ selection: [bikes.mt07.id], max: 3 });
  });
});

describe("/specCompare/select", () => {
  it("adds a model year and comes back to the selection's own address", async () => {
    for (const as of callers()) {
      const added = await callLoader(selectLoader, {
        path: `/specCompare/select?ids=${bikes.forza350.id}&add=${bikes.mt07.id}`,
        as,
      });
      expect(added.status).toBe(302);
      expect(added.location).toBe(`/specCompare/select?ids=${bikes.forza350.id},${bikes.mt07.id}`);
    }
    const english = await callLoader(selectLoader, {
      path: `/en/specCompare/select?add=${bikes.pcx125.id}`,
      as: null,
    });
    expect(english.location).toBe(`/en/specCompare/select?ids=${bikes.pcx125.id}`);
  });

  it("shows the selection in order", async () => {
    const shown = await callLoader(selectLoader, {
      path: `/specCompare/select?ids=${bikes.mt07.id},${bikes.pcx125.id}`,
      as: rider,
    });
    expect(shown.outcome).toBe("done");
    expect(shown.data).toMatchObject({
      ids: `${bikes.mt07.id},${bikes.pcx125.id}`,
      problem: null,
      items: [{ nameEn: "MT-07", year: 2024 }, { nameEn: "PCX 125" }],
    });
  });

  it("refuses a fourth model year with the max-3 message and keeps the three", async () => {
    const three = `${bikes.forza350.id},${bikes.pcx125.id},${bikes.xmax300.id}`;
    const refused = await callLoader(selectLoader, {
      path: `/specCompare/select?ids=${three}&add=${bikes.mt07.id}`,
      as: null,
    });
    expect(refused.outcome).toBe("invalid");
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ problem: "full", ids: three });
  });

  it("keeps the first three of an address with more, and says so", async () => {
    const ids = [bikes.forza350.id, bikes.pcx125.id, bikes.xmax300.id, bikes.mt07.id].join(",");
    const answer = await callLoader(selectLoader, { path: `/specCompare/select?ids=${ids}`, as: null });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ problem: "tooMany" });
    expect((answer.data as { items: unknown[] }).items).toHaveLength(3);
  });

  it("leaves out unknown and malformed ids with a message, never a server error", async () => {
    const unknown = await callLoader(selectLoader, {
      path: `/specCompare/select?ids=${bikes.mt07.id},888888`,
      as: null,
    });
    expect(unknown).toMatchObject({ outcome: "not-found", status: 404 });
    expect(unknown.data).toMatchObject({ problem: "unknown", unknownCount: 1, ids: String(bikes.mt07.id) });
    const malformed = await callLoader(selectLoader, {
      path: "/specCompare/select?ids=abc&add=xyz",
      as: null,
    });
    expect(malformed).toMatchObject({ outcome: "invalid", status: 400 });
    expect(malformed.data).toMatchObject({ problem: "malformed", items: [] });
    const unknownAdded = await callLoader(selectLoader, { path: "/specCompare/select?add=555555", as: null });
    expect(unknownAdded.status).toBe(404);
  });
});

describe("/specCompare/result", () => {
  it("compares the model years of the address for visitors and members", async () => {
    const reviewer = await insertMember(runtime.db);
    await insertRatedReview(runtime.db, runtime.clock, reviewer.id, bikes.pcx125, { ratings: { value: 10 } });
    await insertModelListing(runtime.db, runtime.clock, await insertMember(runtime.db), bikes.pcx125.id, {
      price: 3_200_000,
    });
    for (const as of callers()) {
      const answer = await callLoader(resultLoader, {
        path: `/specCompare/result?ids=${bikes.pcx125.id},${bikes.forza350.id}`,
        as,
      });
      expect(answer.outcome).toBe("done");
      expect(answer.data).toMatchObject({
        problem: null,
        columns: [
          {
            nameEn: "PCX 125",
            ratings: { count: 1, averages: { value: 10 } },
            askingPrice: { median: 3_200_000, count: 1 },
          },
          { nameEn: "Forza 350", ratings: { count: 0 }, askingPrice: null },
        ],
        better: { peakPowerHp: [1], tractionControl: [1] },
        pageTitle: "PCX 125 2024년식 vs 포르자 350 2023년식 · 제원 비교",
      });
    }
  });

  it("reads three columns with a fixed number of statements", async () => {
    sent.length = 0;
    counting = true;
    const answer = await callLoader(resultLoader, {
      path: `/specCompare/result?ids=${bikes.pcx125.id},${bikes.forza350.id},${bikes.mt07.id}`,
      as: null,
    });
    counting = false;
    expect((answer.data as { columns: unknown[] }).columns).toHaveLength(3);
    expect(sent).toHaveLength(3);
  });

  it("shows what it can of an address with more than three or unknown model years", async () => {
    const four = [bikes.pcx125.id, bikes.forza350.id, bikes.mt07.id, bikes.xmax300.id].join(",");
    const tooMany = await callLoader(resultLoader, { path: `/specCompare/result?ids=${four}`, as: null });
    expect(tooMany).toMatchObject({ outcome: "invalid", status: 400 });
    expect(tooMany.data).toMatchObject({ problem: "tooMany" });
    expect((tooMany.data as { columns: unknown[] }).columns).toHaveLength(3);
    const unknown = await callLoader(resultLoader, {
      path: "/specCompare/result?ids=999991,999992",
      as: rider,
    });
    expect(unknown).toMatchObject({ outcome: "not-found", status: 404 });
    expect(unknown.data).toMatchObject({ problem: "unknown", columns: [], unknownIds: [999991, 999992] });
    const malformed = await callLoader(resultLoader, { path: "/specCompare/result?ids=1;drop", as: null });
    expect(malformed).toMatchObject({ outcome: "invalid", status: 400 });
    const empty = await callLoader(resultLoader, { path: "/specCompare/result", as: null });
    expect(empty).toMatchObject({ outcome: "done", data: { columns: [], problem: null } });
  });
});
