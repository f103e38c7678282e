import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdjustableClock, FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { createHttpApp } from "./app";

const servers: http.Server[] = [];
async function serve(runtime: Runtime, testClock?: Parameters<typeof createHttpApp>[0]["testClock"]) {
  const app = createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page"), testClock });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterAll(() => Promise.all(servers.map((one) => new Promise((resolve) => one.close(resolve)))));

const start = new Date("2026-11-22T14:50:00Z");
const post = (base: string, body: unknown) =>
  fetch(`${base}/test/clock`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("/test/clock", () => {
  let base: string;
  let clock: AdjustableClock;
  let moves = 0;

  beforeAll(async () => {
    clock = new AdjustableClock(new FixedClock(start));
    const runtime = await createTestRuntime({ env: { TEST_CLOCK: "true" }, clock });
    base = await serve(runtime, { clock, moved: async () => void (moves += 1) });
  });

  it("answers the server's now and moves it forward, then runs what became due", async () => {
    expect(await (await fetch(`${base}/test/clock`)).json()).toEqual({ now: start.toISOString() });
    const advanced = await post(base, { advanceMs: 15 * 60_000 });
    expect(advanced.status).toBe(200);
    expect(await advanced.json()).toEqual({ now: "2026-11-22T15:05:00.000Z" });
    expect(clock.now().toISOString()).toBe("2026-11-22T15:05:00.000Z");
    expect(moves).toBe(1);

    const moved = await post(base, { at: "2026-11-30T09:00:00+09:00" });
    expect(await moved.json()).toEqual({ now: "2026-11-30T00:00:00.000Z" });
    expect(moves).toBe(2);
  });

  it("never moves it back, and refuses anything but a move", async () => {
    const now = clock.now();
    const back = await post(base, { at: "2026-11-01T00:00:00Z" });
    expect(back.status).toBe(409);
    for (const body of [
      { advanceMs: -1 },
      { advanceMs: "60000" },
      { at: "tomorrow" },
      {},
      { advanceMs: 1, at: 1 },
    ]) {
      expect((await post(base, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(clock.now()).toEqual(now);
  });
});

describe("without TEST_CLOCK", () => {
  it("has no /test/clock: the path is the pages', as in production", async () => {
    const clock = new AdjustableClock(new FixedClock(start));
    const runtime = await createTestRuntime({ env: { TEST_CLOCK: "false" }, clock });
    const base = await serve(runtime, { clock, moved: async () => undefined });
    expect((await fetch(`${base}/test/clock`)).status).toBe(418);
    expect((await post(base, { advanceMs: 60_000 })).status).toBe(415);
    expect(clock.now()).toEqual(start);
  });
});

describe("the adjustable clock", () => {
  it("follows its base clock plus what it was moved, and only forward", () => {
    const base = new FixedClock(start);
    const clock = new AdjustableClock(base);
    clock.advance(60_000);
    base.advance(1000);
    expect(clock.now().getTime()).toBe(start.getTime() + 61_000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.moveTo(start)).toThrow(RangeError);
    clock.moveTo(new Date(start.getTime() + 120_000));
    expect(clock.now().getTime()).toBe(start.getTime() + 120_000);
  });
});
