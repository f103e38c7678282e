import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { member, memberOrigin, session } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { signIn, signUpWithEmail, type AuthDeps } from "#app/services/auth/accounts.server";
import { joiningConsents } from "#tests/setup/consents";
import { createTestRuntime } from "#tests/setup/runtime";
import { BROWSER_COOKIE, clientNetwork, originHash, sharedOrigin } from "./member-origin.server";

let runtime: Runtime;
let deps: AuthDeps;
beforeAll(async () => {
  runtime = await createTestRuntime();
  deps = { ...runtime, config: runtime.config };
});

const PASSWORD = "Saddle-Road-42!";
let count = 0;

function request(address: string, browser?: string) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: address });
  if (browser) headers.set("cookie", browser);
  return headers;
}

/** Signs a member up from an address (and a browser's cookie); answers their id, e-mail and the browser's cookie. */
async function signUp(address: string, browser?: string) {
  count += 1;
  const email = `origin${count}@example.com`;
  const result = await signUpWithEmail(
    deps,
    { email, password: PASSWORD, consents: joiningConsents },
    request(address, browser),
  );
  const [row] = await runtime.db.select({ id: member.id }).from(member).where(eq(member.email, email));
  const set = result.headers.getSetCookie().find((line) => line.startsWith(`${BROWSER_COOKIE}=`));
  return { id: row!.id, email, setCookie: set, browser: browser ?? set?.split(";")[0] };
}

const originsOf = (memberId: string) =>
  runtime.db.select().from(memberOrigin).where(eq(memberOrigin.memberId, memberId));

describe("clientNetwork", () => {
  it.each<[string, string | null]>([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1234:5678:abcd::1", "2001:db8:1234:5678::/64"],
    ["2001:DB8:1234:5678:ffff:1:2:3", "2001:db8:1234:5678::/64"],
    ["127.0.0.1", null],
    ["10.1.2.3", null],
    ["172.20.0.5", null],
    ["192.168.0.10", null],
    ["100.64.3.4", null],
    ["169.254.1.1", null],
    ["::1", null],
    ["fd12:3456::1", null],
    ["fe80::1", null],
    ["unknown", null],
    ["", null],
  ])("makes %s %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});

describe("member origins", () => {
  it("keeps keyed hashes of the sign-up network and of the browser, and no client address anywhere", async () => {
    const rider = await signUp("203.0.113.50");
    expect(rider.setCookie).toMatch(
      /^motomate\.browser=[A-Za-z0-9_-]{24}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const origins = await originsOf(rider.id);
    const browserId = rider.browser!.split("=")[1]!;
    const secret = runtime.config.sessionSecret;
    expect(
      origins.map(({ kind, hash }) => ({ kind, hash })).sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: "browser", hash: originHash(secret, "browser", browserId) },
      { kind: "signUpAddress", hash: originHash(secret, "signUpAddress", "203.0.113.50") },
    ]);
    expect(JSON.stringify(origins)).not.toContain("203.0.113.50");
    expect(JSON.stringify(origins)).not.toContain(browserId);
    const sessions = await runtime.db.select().from(session).where(eq(session.userId, rider.id));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((one) => one.ipAddress)).toEqual(sessions.map(() => null));
  });

  it("tells members who signed in on one browser, or signed up from one network, from members who did not", async () => {
    const rider = await signUp("203.0.113.51");
    const stranger = await signUp("198.51.100.51");
    expect(await sharedOrigin(runtime.db, rider.id, stranger.id)).toBeNull();

    // A second account made in the rider's browser, from elsewhere.
    const second = await signUp("198.51.100.52", rider.browser);
    expect(second.setCookie).toBeUndefined();
    expect(await sharedOrigin(runtime.db, rider.id, second.id)).toBe("browser");

    // The stranger signs in on the rider's browser once.
    await signIn(
      deps,
      { identifier: stranger.email, password: PASSWORD },
      request("198.51.100.51", rider.browser),
    );
    expect(await sharedOrigin(runtime.db, stranger.id, rider.id)).toBe("browser");

    // One household's IPv6 prefix, two addresses in it; and the same public IPv4 address.
    const home = await signUp("2001:db8:aa:bb::10");
    const homeAgain = await signUp("2001:db8:aa:bb:1:2:3:4");
    expect(await sharedOrigin(runtime.db, home.id, homeAgain.id)).toBe("signUpAddress");
    const cafe = await signUp("203.0.113.51");
    expect(await sharedOrigin(runtime.db, cafe.id, rider.id)).toBe("signUpAddress");
  });

  it("records no sign-up network for addresses that name no client (a server behind a proxy it was not told of)", async () => {
    const one = await signUp("127.0.0.1");
    const two = await signUp("127.0.0.1");
    expect((await originsOf(one.id)).map((origin) => origin.kind)).toEqual(["browser"]);
    expect(await sharedOrigin(runtime.db, one.id, two.id)).toBeNull();
  });
});
