import { DomainError } from "#app/services/errors";
import { beforeAll, describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { createTestRuntime } from "#tests/setup/runtime";
import {
  blindList,
  blindedMemberIds,
  blindMember,
  listBlinded,
  listPinned,
  pinMember,
  relationState,
  unblindMember,
  unpinMember,
} from "./relations.server";
import { publicProfile } from "./profile-view.server";

let runtime: Runtime;
const ids = { rider: "rider-1", other: "rider-2", third: "rider-3", gone: "rider-gone" };
beforeAll(async () => {
  runtime = await createTestRuntime();
  const stamp = { createdAt: new Date(), updatedAt: new Date() };
  await runtime.db.insert(member).values([
    { id: ids.rider, name: "라이더", nickname: "라이더", email: "r1@example.com", ...stamp },
    { id: ids.other, name: "바이커", nickname: "바이커", email: "r2@example.com", ...stamp },
    { id: ids.third, name: "투어러", nickname: "투어러", email: "r3@example.com", ...stamp },
    { id: ids.gone, name: "withdrawn", email: "gone@withdrawn.invalid", withdrawnAt: new Date(), ...stamp },
  ]);
});

async function code(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError<"relations">).code;
}

describe("hiding members", () => {
  it("blinds once, says 'already blinded' on a repeat, and keeps an unblinded row as an empty string", async () => {
    const { db, clock } = runtime;
    await blindMember(db, clock, ids.rider, ids.other);
    expect(await code(blindMember(db, clock, ids.rider, ids.other))).toBe("already_blinded");
    await blindMember(db, clock, ids.rider, ids.third);
    expect((await listBlinded(db, ids.rider)).map((m) => m.nickname).sort()).toEqual(["바이커", "투어러"]);
    expect([...(await blindedMemberIds(db, ids.rider))].sort()).toEqual([ids.other, ids.third]);

    await unblindMember(db, clock, ids.rider, ids.other);
    expect((await blindList(db, ids.rider)).blindUserIds).toEqual(["", ids.third]);
    expect((await blindList(db, ids.rider)).rows).toEqual([
      { activated: false, blind_user_id: ids.other },
      { activated: true, blind_user_id: ids.third },
    ]);
    // Hiding again switches the same row back on.
    await blindMember(db, clock, ids.rider, ids.other);
    expect((await blindList(db, ids.rider)).blindUserIds).toEqual([ids.other, ids.third]);
    expect(await blindList(db, undefined)).toEqual({ rows: [], blindUserIds: [] });
  });

  it("refuses oneself, unknown and withdrawn members", async () => {
    const { db, clock } = runtime;
    expect(await code(blindMember(db, clock, ids.rider, ids.rider))).toBe("self");
    expect(await code(blindMember(db, clock, ids.rider, "nobody"))).toBe("user_not_found");
    expect(await code(blindMember(db, clock, ids.rider, ids.gone))).toBe("user_not_found");
    expect(await code(publicProfile(db, ids.gone, "ko"))).toBe("user_not_found");
  });

  it("lets exactly one of two concurrent hides through", { tags: ["concurrency"] }, async () => {
    const { db, clock } = runtime;
    const results = await Promise.allSettled([
      blindMember(db, clock, ids.third, ids.rider),
      blindMember(db, clock, ids.third, ids.rider),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});

describe("pinning members", () => {
  it("pins, lists, refuses a repeat and unpins", async () => {
    const { db, clock } = runtime;
    await pinMember(db, clock, ids.other, ids.rider);
    expect(await code(pinMember(db, clock, ids.other, ids.rider))).toBe("already_pinned");
    expect((await listPinned(db, ids.other)).map((m) => m.nickname)).toEqual(["라이더"]);
    await unpinMember(db, clock, ids.other, ids.rider);
    expect(await listPinned(db, ids.other)).toEqual([]);
  });

  it("tells the state of both relations, so one button can show and undo each", async () => {
    const { db, clock } = runtime;
    const [viewer, target] = [ids.third, ids.other];
    expect(await relationState(db, viewer, target)).toEqual({ blinded: false, pinned: false });
    await pinMember(db, clock, viewer, target);
    expect(await relationState(db, viewer, target)).toEqual({ blinded: false, pinned: true });
    await blindMember(db, clock, viewer, target);
    expect(await relationState(db, viewer, target)).toEqual({ blinded: true, pinned: true });
    // Only the viewer's own rows count.
    expect(await relationState(db, target, viewer)).toEqual({ blinded: false, pinned: false });
    await unpinMember(db, clock, viewer, target);
    await unblindMember(db, clock, viewer, target);
    expect(await relationState(db, viewer, target)).toEqual({ blinded: false, pinned: false });
  });

  it("shows a public profile without e-mail, phone or coordinates", async () => {
    const profile = await publicProfile(runtime.db, ids.rider, "ko");
    expect(profile).toMatchObject({
      id: ids.rider,
      nickname: "라이더",
      introduction: null,
      area: null,
      genres: [],
    });
    expect(JSON.stringify(profile)).not.toMatch(/r1@example\.com|latitude|longitude|phone/);
  });
});
