import { beforeAll, describe, expect, it } from "vitest";
import { memberLocation, memberSkill } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { callLoader, signUpMember, startRouteRuntime, type SignedInMember } from "#tests/setup/route-actions";
import { loader as kindLoader } from "./kind";
import { loader as searchLoader } from "./search";

let runtime: Runtime;
let rider: SignedInMember;
let expert: SignedInMember;
let skillId: number;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  rider = await signUpMember(runtime);
  expert = await signUpMember(runtime);
  const now = new Date();
  await runtime.db.insert(memberLocation).values({
    userId: rider.id,
    position: 1,
    isMain: true,
    simpleAddress: "영등포구",
    areaCode: "seoul-yeongdeungpo",
    latitude: 37.5264,
    longitude: 126.8962,
  });
  const [row] = await runtime.db
    .insert(memberSkill)
    .values({
      memberId: expert.id,
      kind: "rescue",
      codes: ["towing"],
      areaCode: "seoul-guro",
      areaName: "서울특별시 구로구",
      latitude: 37.4954,
      longitude: 126.8874,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: memberSkill.id });
  skillId = row!.id;
}, 60_000);

const experts = (data: unknown) => (data as { experts: { skill: { id: number } }[] }).experts;

describe("the finder's pages", () => {
  it("send a visitor to sign in", async () => {
    for (const [loader, path] of [
      [searchLoader, "/meeting/rescue/search"],
      [kindLoader, "/meeting/rescue"],
    ] as const) {
      const answer = await callLoader(loader, { path, params: { kind: "rescue" }, as: null });
      expect(answer.outcome).toBe("sign-in");
    }
  });

  it("find experts around the member's main area, and around a sent position", async () => {
    const around = await callLoader(searchLoader, {
      path: "/meeting/rescue/search?code=towing",
      params: { kind: "rescue" },
      as: rider,
    });
    expect(around.status).toBe(200);
    expect(around.data).toMatchObject({ origin: { source: "area" } });
    expect(experts(around.data).map((card) => card.skill.id)).toEqual([skillId]);
    const busan = await callLoader(searchLoader, {
      path: "/meeting/rescue/search?lat=35.1796&lng=129.0756",
      params: { kind: "rescue" },
      as: rider,
    });
    expect(busan.data).toMatchObject({ origin: { source: "device" } });
    expect(experts(busan.data)).toEqual([]);
  });

  it("answer 404 for an unknown kind and 400 with the message for a bad radius or position", async () => {
    const unknown = await callLoader(searchLoader, {
      path: "/meeting/taxi/search",
      params: { kind: "taxi" },
      as: rider,
    });
    expect(unknown.outcome).toBe("not-found");
    expect(
      (await callLoader(kindLoader, { path: "/meeting/taxi", params: { kind: "taxi" }, as: rider })).outcome,
    ).toBe("not-found");
    const radius = await callLoader(searchLoader, {
      path: "/meeting/rescue/search?r=9",
      params: { kind: "rescue" },
      as: rider,
    });
    expect(radius.status).toBe(400);
    expect(radius.data).toMatchObject({ error: { code: "invalid_radius" }, values: { r: "9" } });
    const position = await callLoader(searchLoader, {
      path: "/en/meeting/rescue/search?lat=abc&lng=1",
      params: { kind: "rescue" },
      as: rider,
    });
    expect(position.data).toMatchObject({
      error: { code: "invalid_location", message: "The location's coordinates are not valid." },
      origin: { source: "area" },
    });
  });

  it("link rescue experts to the calls they received", async () => {
    const asExpert = await callLoader(kindLoader, {
      path: "/meeting/rescue",
      params: { kind: "rescue" },
      as: expert,
    });
    expect(asExpert.data).toMatchObject({ rescueProvider: true });
    const asRider = await callLoader(kindLoader, {
      path: "/meeting/rescue",
      params: { kind: "rescue" },
      as: rider,
    });
    expect(asRider.data).toMatchObject({ rescueProvider: false });
  });
});
