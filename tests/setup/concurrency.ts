import { beforeEach, inject } from "vitest";

// A test tagged "concurrency" proves something only where calls can overlap: on PostgreSQL, with a pool of
// connections. On PGlite (one connection) it still runs, as a check of the sequential outcome, and says so.
beforeEach(async ({ task, annotate }) => {
  if (!task.tags?.includes("concurrency") || inject("postgresTemplate")) return;
  await annotate(
    "ran on PGlite: one connection, so the concurrent calls ran one after another; set TEST_DATABASE_URL to prove it",
    "notice",
  );
});
