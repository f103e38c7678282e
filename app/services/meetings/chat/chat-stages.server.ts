import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from "node:perf_hooks";

/**
 * Where a chat text's time goes on its way through this process, for the bench's breakdown of the chat's latency
 * (ADR 067): how long texts waited for their unit of work, how long the unit took until its commit, how many texts a
 * unit carried, and how late the event loop ran. Histograms in microseconds; recording costs a few native calls per
 * unit. Read and reset only through the test router (`/test/realtime/stages`), which production never mounts.
 */
interface ChatStages {
  queued: RecordableHistogram;
  unit: RecordableHistogram;
  batch: RecordableHistogram;
  loop: ReturnType<typeof monitorEventLoopDelay>;
}

let stages: ChatStages | undefined;

function current(): ChatStages {
  if (!stages) {
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    stages = { queued: createHistogram(), unit: createHistogram(), batch: createHistogram(), loop };
  }
  return stages;
}

const micros = (ms: number) => Math.max(1, Math.round(ms * 1000));

/** One unit of work of `texts` texts, started at `startedAt` and committed now; each text's arrival time given. */
export function recordChatUnit(arrivals: readonly number[], startedAt: number) {
  const { queued, unit, batch } = current();
  const took = micros(performance.now() - startedAt);
  for (const arrivedAt of arrivals) {
    queued.record(micros(startedAt - arrivedAt));
    unit.record(took);
  }
  batch.record(Math.max(1, arrivals.length));
}

interface StageFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function figures(
  histogram: { count: number; percentile(p: number): number; max: number },
  scale: number,
): StageFigures {
  if (histogram.count === 0) return { count: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  return {
    count: histogram.count,
    p50: histogram.percentile(50) / scale,
    p95: histogram.percentile(95) / scale,
    p99: histogram.percentile(99) / scale,
    max: histogram.max / scale,
  };
}

/** The figures since the last reset: milliseconds, but the batch in texts. */
export function chatStageFigures() {
  const { queued, unit, batch, loop } = current();
  return {
    queuedMs: figures(queued, 1000),
    unitMs: figures(unit, 1000),
    batchTexts: figures(batch, 1),
    // The loop-delay monitor counts in nanoseconds and only while enabled.
    loopDelayMs: { ...figures(loop, 1e6), count: loop.count },
  };
}

export function resetChatStages() {
  const { queued, unit, batch, loop } = current();
  queued.reset();
  unit.reset();
  batch.reset();
  loop.reset();
}
