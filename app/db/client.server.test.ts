import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPglite, PGLITE_SHARED_BUFFERS, queryRows, type DatabaseHandle } from "./client.server";

describe("the embedded database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite();
  });
  afterAll(() => handle.close());

  test("keeps a small page cache in its memory, not PostgreSQL's default of 128 MB (ADR 042)", async () => {
    const [row] = await queryRows<{ shared_buffers: string }>(
      handle.db,
      sql`select current_setting('shared_buffers') as shared_buffers`,
    );
    expect(PGLITE_SHARED_BUFFERS).toBe("16MB");
    expect(row?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
  });

  test("keeps PGlite's own start settings beside it", async () => {
    const [row] = await queryRows<{ path: string }>(
      handle.db,
      sql`select current_setting('search_path') as path`,
    );
    expect(row?.path).toBe("public");
  });
});
