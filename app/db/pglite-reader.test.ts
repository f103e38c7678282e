import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

describe("PGlite's reading of the engine's answers (patches/, ADR 075)", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(() => client.close());

  test("decodes each text column in place, without copying its bytes into a buffer of its own", async () => {
    const sliced = vi.spyOn(ArrayBuffer.prototype, "slice");
    const { rows } = await client.query<{ n: number; words: string | null; none: null }>(
      "select n, case when n % 3 = 0 then null else repeat('라이딩 🏍 ', n % 5) || n end as words, null as none" +
        " from generate_series(1, 300) as n",
    );
    const copies = sliced.mock.calls.length;
    sliced.mockRestore();
    expect(rows).toHaveLength(300);
    expect(rows[0]).toEqual({ n: 1, words: "라이딩 🏍 1", none: null });
    expect(rows[2]).toEqual({ n: 3, words: null, none: null });
    expect(rows[298]).toEqual({ n: 299, words: `${"라이딩 🏍 ".repeat(4)}299`, none: null });
    // Unpatched, each of the 500 text values and 300 numbers is first copied out of the answer.
    expect(copies).toBeLessThan(50);
  });
});
