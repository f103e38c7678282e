import { beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { insertMotorcycle } from "#tests/setup/motorcycles";
import { callLoader, signUpMember, startRouteRuntime, type SignedInMember } from "#tests/setup/route-actions";
import { loader } from "./model";

let runtime: Runtime;
let rider: SignedInMember;
let bike: { id: number; modelId: number };
beforeAll(async () => {
  runtime = await startRouteRuntime();
  rider = await signUpMember(runtime);
  bike = await insertMotorcycle(runtime.db, runtime.clock, "forza350");
});

describe("/motorcycle/{modelId}", () => {
  it("shows a model to visitors and members alike, in either language", async () => {
    for (const as of [null, rider]) {
      const answer = await callLoader(loader, {
        path: `/motorcycle/${bike.modelId}`,
        params: { modelId: String(bike.modelId) },
        as,
      });
      expect(answer.outcome).toBe("done");
      expect(answer.data).toMatchObject({
        modelId: bike.modelId,
        nameKo: "포르자 350",
        years: [{ id: bike.id, year: 2023 }],
        pageTitle: "혼다 포르자 350",
        selection: [],
      });
    }
    const english = await callLoader(loader, {
      path: `/en/motorcycle/${bike.modelId}`,
      params: { modelId: String(bike.modelId) },
      as: null,
    });
    expect(english.data).toMatchObject({ pageTitle: "Honda Forza 350" });
  });

  it("carries a comparison in progress along", async () => {
    const answer = await callLoader(loader, {
      path: `/motorcycle/${bike.modelId}?ids=12,13,14,15`,
      params: { modelId: String(bike.modelId) },
      as: null,
    });
    expect(answer.data).toMatchObject({ selection: [12, 13, 14], max: 3 });
  });

  it("is a 404 for an unknown or malformed model id", async () => {
    for (const modelId of ["987654", "abc", "0"]) {
      const answer = await callLoader(loader, {
        path: `/motorcycle/${modelId}`,
        params: { modelId },
        as: rider,
      });
      expect(answer).toMatchObject({ outcome: "not-found", status: 404 });
    }
  });
});
