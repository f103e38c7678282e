import express, { type Router } from "express";
import { z } from "zod";
import type { AdjustableClock } from "#app/platform/clock.server";

/** The server's clock and what runs once it moved (the job worker, for jobs that became due). */
export interface TestClock {
  clock: AdjustableClock;
  moved(): Promise<unknown>;
}

const move = z.union([
  z
    .object({
      advanceMs: z
        .number()
        .int()
        .nonnegative()
        .max(366 * 24 * 60 * 60_000),
    })
    .strict(),
  z.object({ at: z.iso.datetime({ offset: true }) }).strict(),
]);

/**
 * GET answers the server's "now"; POST {advanceMs} or {at} moves it forward (never back), then runs the jobs that
 * became due before answering, so that the page read next shows their effect. Mounted only when TEST_CLOCK is on.
 */
export function testClockRouter({ clock, moved }: TestClock): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  router.get("/", (_req, res) => {
    res.json({ now: clock.now().toISOString() });
  });
  router.post("/", express.json({ limit: "1kb" }), async (req, res, next) => {
    const parsed = move.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: { code: "invalid_move", message: "expected {advanceMs} or {at}" } });
      return;
    }
    const at = "at" in parsed.data ? new Date(parsed.data.at) : undefined;
    if (at && at.getTime() < clock.now().getTime()) {
      res.status(409).json({ error: { code: "clock_backwards", message: "the clock only moves forward" } });
      return;
    }
    if (at) clock.moveTo(at);
    else if ("advanceMs" in parsed.data) clock.advance(parsed.data.advanceMs);
    try {
      await moved();
    } catch (error) {
      next(error);
      return;
    }
    res.json({ now: clock.now().toISOString() });
  });
  return router;
}
