import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { garageBike } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { addBike, garageOf } from "#app/services/motorcycles/garage.server";
import { jpeg } from "#app/services/uploads/test-images";
import { insertTestCatalogue } from "#tests/setup/motorcycles";
import {
  callAction,
  callLoader,
  callWithRequest,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as profilePage from "../profile/member";
import * as garagePage from "./garage";

let runtime: Runtime;
let callers: Callers;
let catalogue: Awaited<ReturnType<typeof insertTestCatalogue>>;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  catalogue = await insertTestCatalogue(runtime.db, runtime.clock);
});

const post = (as: SignedInMember | null, form: Record<string, string>) =>
  callAction(garagePage.action, { path: "/my/garage", form, as });

const bike = async (id: number) =>
  (await runtime.db.select().from(garageBike).where(eq(garageBike.id, id)))[0]!;

describe("/my/garage (a rider's garage)", () => {
  it("adds to the signed-in member's own garage only", async () => {
    const { owner, adminWithoutTwoFactor, firstLogin } = callers;
    const form = {
      intent: "add",
      motorcycleId: String(catalogue.forza350.id),
      ownedSince: "2024-03",
      odometerKm: "1200",
    };
    expect((await post(null, form)).outcome).toBe("sign-in");
    expect((await post(firstLogin, form)).outcome).toBe("first-login");
    expect((await post(adminWithoutTwoFactor, form)).outcome).toBe("two-step");
    expect(await garageOf(runtime.db, adminWithoutTwoFactor.id)).toEqual([]);

    expect(await post(owner, form)).toMatchObject({ outcome: "done", location: "/my/garage", flashed: true });
    expect(await garageOf(runtime.db, owner.id)).toMatchObject([
      { motorcycleId: catalogue.forza350.id, ownedSince: "2024-03-01", odometerKm: 1200 },
    ]);
    const again = await post(owner, form);
    expect(again.data).toMatchObject({ error: { code: "bike_exists" }, intent: "add" });
    const future = await post(owner, {
      ...form,
      motorcycleId: String(catalogue.pcx125.id),
      ownedSince: "2999-01",
    });
    expect(future.data).toMatchObject({
      lastResult: { error: { ownedSince: ["garage.error.owned_since_future"] } },
    });
  });

  it("lets only the owner edit or remove a bike", async () => {
    const { owner, other, admin, adminWithoutTwoFactor } = callers;
    const { id } = await addBike(runtime, owner.actor, {
      motorcycleId: catalogue.mt07.id,
      ownedSince: "2023-06",
      odometerKm: 500,
    });
    const edit = { intent: "edit", bikeId: String(id), ownedSince: "2023-01", odometerKm: "9000" };
    expect((await post(null, edit)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, edit)).outcome).toBe("two-step");
    for (const stranger of [other, admin]) {
      expect((await post(stranger, edit)).outcome).toBe("not-found");
      expect((await post(stranger, { intent: "remove", bikeId: String(id) })).outcome).toBe("not-found");
    }
    expect(await bike(id)).toMatchObject({ ownedSince: "2023-06-01", odometerKm: 500, deletedAt: null });

    expect((await post(owner, edit)).outcome).toBe("done");
    expect(await bike(id)).toMatchObject({ ownedSince: "2023-01-01", odometerKm: 9000 });
    const bad = await post(owner, { ...edit, odometerKm: "1000000" });
    expect(bad.data).toMatchObject({
      intent: "edit",
      bikeId: String(id),
      lastResult: { error: { odometerKm: ["garage.error.odometer_invalid"] } },
    });
    expect((await post(owner, { intent: "remove", bikeId: String(id) })).outcome).toBe("done");
    expect((await bike(id)).deletedAt).not.toBeNull();
  });

  it("stores a photo with its thumbnail from a multipart form", async () => {
    const { owner } = callers;
    const body = new FormData();
    body.set("intent", "add");
    body.set("motorcycleId", String(catalogue.xmax300.id));
    body.set("ownedSince", "2025-02");
    body.set("photo", new File([new Uint8Array(await jpeg(640, 480))], "bike.jpg", { type: "image/jpeg" }));
    const request = new Request("http://localhost:3999/my/garage", {
      method: "POST",
      headers: { Cookie: owner.cookie },
      body,
    });
    expect((await callWithRequest(garagePage.action, request)).outcome).toBe("done");
    const added = (await garageOf(runtime.db, owner.id)).find(
      (row) => row.motorcycleId === catalogue.xmax300.id,
    );
    expect(added?.photo?.thumbnailUrl).toMatch(/\.thumb\.webp$/);
  });

  it("searches models and picks one without JavaScript, and shows the garage on the profile", async () => {
    const { owner, other } = callers;
    const search = await callLoader(garagePage.loader, { path: "/my/garage?q=포르자", as: owner });
    expect(search.data).toMatchObject({
      results: [expect.objectContaining({ modelId: catalogue.forza350.modelId })],
      chosenId: null,
    });
    const chosen = await callLoader(garagePage.loader, {
      path: `/my/garage?q=forza&model=${catalogue.forza350.modelId}`,
      as: owner,
    });
    expect(chosen.data).toMatchObject({ chosenId: catalogue.forza350.modelId });

    const profile = await callLoader(profilePage.loader, {
      path: `/profile/${owner.id}`,
      params: { id: owner.id },
      as: other,
    });
    expect(profile.data).toMatchObject({
      garage: expect.arrayContaining([
        expect.objectContaining({ motorcycleId: catalogue.forza350.id, year: 2023 }),
      ]),
    });
  });
});
