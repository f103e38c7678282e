import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { searchHistory } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { recordSearch } from "#app/services/search/history.server";
import {
  callAction,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as searchPage from "./index";

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
});

const queriesOf = async (who: SignedInMember) =>
  (await runtime.db.select().from(searchHistory).where(eq(searchHistory.memberId, who.id)))
    .map((row) => row.query)
    .sort();

const post = (as: SignedInMember | null, form: Record<string, string>) =>
  callAction(searchPage.action, { path: "/search", form, as });

describe("/search (removing recent searches)", () => {
  it("removes an entry from the signed-in member's own list only", async () => {
    const { owner, other, adminWithoutTwoFactor, firstLogin } = callers;
    await recordSearch(runtime.db, runtime.clock, owner.id, "엔진오일");
    await recordSearch(runtime.db, runtime.clock, owner.id, "헬멧");
    const [entry] = await runtime.db.select().from(searchHistory).where(eq(searchHistory.query, "엔진오일"));
    const remove = { id: String(entry!.id) };

    expect((await post(null, remove)).outcome).toBe("sign-in");
    expect((await post(firstLogin, remove)).outcome).toBe("first-login");
    expect((await post(adminWithoutTwoFactor, remove)).outcome).toBe("two-step");
    expect((await post(other, remove)).outcome).toBe("done");
    expect(await queriesOf(owner)).toEqual(["엔진오일", "헬멧"]);

    expect((await post(owner, remove)).outcome).toBe("done");
    expect(await queriesOf(owner)).toEqual(["헬멧"]);
  });

  it("clears the signed-in member's own list only", async () => {
    const { other, adminWithoutTwoFactor } = callers;
    await recordSearch(runtime.db, runtime.clock, other.id, "타이어");
    await recordSearch(runtime.db, runtime.clock, adminWithoutTwoFactor.id, "체인");

    expect((await post(null, { intent: "clear" })).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, { intent: "clear" })).outcome).toBe("two-step");
    expect(await queriesOf(adminWithoutTwoFactor)).toEqual(["체인"]);

    expect((await post(other, { intent: "clear" })).outcome).toBe("done");
    expect(await queriesOf(other)).toEqual([]);
    expect(await queriesOf(callers.owner)).toEqual(["헬멧"]);
  });
});
