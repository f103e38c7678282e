import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import {
  callAction,
  PASSWORD,
  signUpMember,
  startRouteRuntime,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as withdrawalPage from "./withdrawal";

let runtime: Runtime;

beforeAll(async () => {
  runtime = await startRouteRuntime();
});

const withdrawnAt = async (who: SignedInMember) =>
  (await runtime.db.select({ at: member.withdrawnAt }).from(member).where(eq(member.id, who.id)))[0]!.at;

const withdraw = (as: SignedInMember | null, password: string) =>
  callAction(withdrawalPage.action, { path: "/login/withdrawal", form: { password }, as });

describe("/login/withdrawal", () => {
  it("closes the signed-in member's own account only, after the password", async () => {
    const owner = await signUpMember(runtime);
    const other = await signUpMember(runtime);

    expect((await withdraw(null, PASSWORD)).outcome).toBe("sign-in");
    expect((await withdraw(owner, "Wrong-Pass-99!")).outcome).toBe("invalid");
    expect(await withdrawnAt(owner)).toBeNull();

    // The goodbye is a one-time flash on the sign-in page, not a flag left in its address.
    expect(await withdraw(other, PASSWORD)).toMatchObject({
      outcome: "done",
      location: "/login",
      flashed: true,
    });
    expect(await withdrawnAt(other)).not.toBeNull();
    expect(await withdrawnAt(owner)).toBeNull();

    expect((await withdraw(owner, PASSWORD)).outcome).toBe("done");
    expect(await withdrawnAt(owner)).not.toBeNull();
    // The session ended with the account: the same cookie is a visitor's now.
    expect((await withdraw(owner, PASSWORD)).outcome).toBe("sign-in");
  });

  it("lets an administrator without two-step verification close only their own account", async () => {
    const owner = await signUpMember(runtime);
    const admin = await signUpMember(runtime, { role: "admin" });
    expect((await withdraw(admin, PASSWORD)).outcome).toBe("done");
    expect(await withdrawnAt(admin)).not.toBeNull();
    expect(await withdrawnAt(owner)).toBeNull();
  });
});
