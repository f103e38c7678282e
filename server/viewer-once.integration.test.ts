import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#app/platform/runtime.server";
import { startPageServer } from "#tests/setup/page-server";
import { signUpMember, startRouteRuntime, type SignedInMember } from "#tests/setup/route-actions";

/**
 * Whole page requests through the edge and the real route modules (root loader, route guards, page loaders), with
 * the session store's lookups counted.
 */
let runtime: Runtime;
let site: Awaited<ReturnType<typeof startPageServer>>;
let base: string;
let rider: SignedInMember;
let lookups = 0;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  const getSession = runtime.auth.api.getSession.bind(runtime.auth.api);
  runtime.auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
    lookups += 1;
    return getSession(...args);
  }) as typeof getSession;
  rider = await signUpMember(runtime);
  site = await startPageServer(runtime);
  base = site.base;
}, 120_000);

afterAll(async () => {
  await site.close();
});

async function lookupsOf(path: string, cookie: string) {
  lookups = 0;
  const response = await fetch(`${base}${path}`, {
    headers: { cookie: `${cookie}; i18n_redirected=ko` },
    redirect: "manual",
  });
  const body = await response.text();
  if (response.status >= 500) throw new Error(body.slice(0, 2000));
  return { status: response.status, lookups };
}

describe("a signed-in page request", () => {
  it("looks the session up once, though the root loader, the guards and the page all ask for the viewer", async () => {
    expect(await lookupsOf("/my", rider.cookie)).toEqual({ status: 200, lookups: 1 });
    expect(await lookupsOf("/setting/alarm", rider.cookie)).toEqual({ status: 200, lookups: 1 });
  });

  it("does so for the page's data request too", async () => {
    expect(await lookupsOf("/my.data", rider.cookie)).toEqual({ status: 200, lookups: 1 });
  });

  it("looks the session up for every request, never across requests", async () => {
    await lookupsOf("/my", rider.cookie);
    expect(await lookupsOf("/my", rider.cookie)).toEqual({ status: 200, lookups: 1 });
  });
});
