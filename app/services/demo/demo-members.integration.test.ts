import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessProfile, member, memberAvatar, memberLocation } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { signIn } from "#app/services/auth/accounts.server";
import { memberPointsCode } from "#app/services/ledger/accounts.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, seedDemoMembers } from "./demo-members.server";

describe("demo members", () => {
  it("fill an empty database once, with profiles, avatars, areas around Seoul and a shop", async () => {
    const runtime = await createTestRuntime();
    expect(await seedDemoMembers(runtime)).toBe(5);
    expect(await seedDemoMembers(runtime)).toBe(0);
    const members = await runtime.db.select().from(member);
    expect(members).toHaveLength(5);
    expect(
      members.every((row) => row.onboarding === "welcomed" && row.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)),
    ).toBe(true);
    expect(await runtime.db.select().from(memberAvatar)).toHaveLength(5);
    const areas = await runtime.db.select().from(memberLocation);
    expect(areas.every((area) => area.latitude > 37.3 && area.latitude < 37.8)).toBe(true);
    expect(await runtime.db.select().from(businessProfile)).toHaveLength(1);
    const [minsu] = await runtime.db
      .select()
      .from(member)
      .where(eq(member.email, `minsu@${DEMO_EMAIL_DOMAIN}`));
    expect(await balanceOf(runtime.db, memberPointsCode(minsu!.id))).toBe(runtime.config.welcomePoints);
    const signedIn = await signIn(
      { ...runtime, config: runtime.config },
      { identifier: `minsu@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD },
      new Headers({ [CLIENT_IP_HEADER]: "203.0.113.77" }),
    );
    expect(
      signedIn.headers.getSetCookie().some((cookie) => cookie.startsWith("motomate.session_token=")),
    ).toBe(true);
  });
});
