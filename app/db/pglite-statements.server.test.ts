import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { openPglite, queryRows, type DatabaseHandle } from "./client.server";
import { keepStatements, writeLimitInText } from "./pglite-statements.server";

const keptStatements = async (client: PGlite) =>
  (
    await client.query<{ statement: string; generic_plans: number }>(
      "select statement, generic_plans from pg_prepared_statements order by statement",
    )
  ).rows;

describe("statements kept by the embedded engine (ADR 075)", () => {
  let client: PGlite;
  let kept: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    kept = keepStatements(client, 4);
    await client.exec(`
      create table thing (id int primary key, name text not null, on_sale boolean, facts jsonb,
        tags text[], made_at timestamptz, price numeric, big bigint, day date, uid uuid, ratio float8,
        raw bytea, sizes int[]);
      insert into thing values
        (1, '첫째', true, '{"cc": 125}', '{a,b}', '2026-11-29T01:02:03.456Z', 10.5, 9007199254740993, '2026-11-29',
          'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 0.25, '\\x0102ff', '{1,2,3}'),
        (2, 'second', null, null, null, null, null, null, null, null, null, null, null);
    `);
  });
  afterAll(() => client.close());

  const select = "select * from thing where id = any($1) and (on_sale = $2 or $2 is null) order by id";

  test("answers as PGlite's own query does, in both row modes and with the caller's parsers", async () => {
    for (const options of [
      undefined,
      { rowMode: "array" as const },
      { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } },
    ]) {
      const own = await client.query(select, [[1, 2], null], options);
      const answer = await kept.query(select, [[1, 2], null], options);
      expect(answer.rows).toEqual(own.rows);
      expect(answer.fields).toEqual(own.fields);
    }
    const written = await kept.query<{ id: number; facts: unknown }>(
      "insert into thing (id, name, facts, made_at) values ($1, $2, $3, $4) returning id, facts",
      [3, "third", { cc: 650 }, new Date("2026-01-01T00:00:00Z")],
    );
    expect(written.rows).toEqual([{ id: 3, facts: { cc: 650 } }]);
    expect(written.affectedRows).toBe(1);
    const removed = await kept.query("delete from thing where id = $1", [3]);
    expect(removed.affectedRows).toBe(1);
    expect(removed.rows).toEqual([]);
  });

  test("parses a statement once and then runs it in one call into the engine", async () => {
    const text = "select name from thing where id = $1";
    await kept.query(text, [1]);
    const calls = vi.spyOn(client, "execProtocol");
    const answer = await kept.query<{ name: string }>(text, [2]);
    expect(answer.rows).toEqual([{ name: "second" }]);
    expect(calls).toHaveBeenCalledTimes(1);
    calls.mockRestore();
    expect((await keptStatements(client)).filter((row) => row.statement === text)).toHaveLength(1);
  });

  test("writes a closing LIMIT into the text, so that the engine keeps one plan for it", async () => {
    expect(writeLimitInText("select 1 from thing where id > $1 limit $2", [0, 20])).toEqual({
      text: "select 1 from thing where id > $1 limit 20",
      params: [0],
    });
    // The offset, which changes with every page, stays a parameter in the limit's place.
    expect(writeLimitInText("select 1 from thing where id > $1 limit $2 offset $3", [0, 20, 40])).toEqual({
      text: "select 1 from thing where id > $1 limit 20 offset $2",
      params: [0, 40],
    });
    // Left as asked: a LIMIT that is not the last parameter, or not a count of rows.
    for (const [text, params] of [
      ["select $2::int from thing limit $1", [1, 2]],
      ["select 1 from thing limit $1", ["1"]],
      ["select 1 from thing limit $1", [-1]],
      ["select (select 1 from thing limit $1)", [1]],
    ] as const)
      expect(writeLimitInText(text, [...params])).toEqual({ text, params });

    const text = "select id from thing where id >= $1 order by id limit $2";
    for (let run = 0; run < 8; run++)
      expect((await kept.query<{ id: number }>(text, [1, 1])).rows).toEqual([{ id: 1 }]);
    const [statement] = (await keptStatements(client)).filter((row) => row.statement.includes("id >= $1"));
    expect(statement?.statement).toBe("select id from thing where id >= $1 order by id limit 1");
    // After its first five runs PostgreSQL compares its kept plan with planning anew, and keeps it.
    expect(statement?.generic_plans).toBeGreaterThan(0);

    // Every page of an offset list runs the one statement.
    const paged = "select id from thing where id >= $1 order by id limit $2 offset $3";
    expect((await kept.query<{ id: number }>(paged, [1, 1, 0])).rows).toEqual([{ id: 1 }]);
    expect((await kept.query<{ id: number }>(paged, [1, 1, 1])).rows).toEqual([{ id: 2 }]);
    expect((await keptStatements(client)).filter((row) => row.statement.includes("offset"))).toEqual([
      expect.objectContaining({
        statement: "select id from thing where id >= $1 order by id limit 1 offset $2",
      }),
    ]);
  });

  test("gives the engine's error with its code, keeps nothing of a statement that fails to parse, and goes on", async () => {
    const error = await kept
      .query("insert into thing (id, name) values ($1, $2)", [1, "again"])
      .catch((e) => e);
    expect(error).toMatchObject({ code: "23505", query: "insert into thing (id, name) values ($1, $2)" });
    await expect(kept.query("selec 1")).rejects.toMatchObject({ code: "42601" });
    expect((await keptStatements(client)).map((row) => row.statement)).not.toContain("selec 1");
    expect((await kept.query("select count(*)::int as n from thing")).rows).toEqual([{ n: 2 }]);
  });

  test("parses a statement again when its table's columns changed", async () => {
    await client.exec("create table gear (id int primary key)");
    await client.exec("insert into gear values (1)");
    expect((await kept.query("select * from gear")).rows).toEqual([{ id: 1 }]);
    await client.exec("alter table gear add column name text default 'helmet'");
    expect((await kept.query("select * from gear")).rows).toEqual([{ id: 1, name: "helmet" }]);
    expect((await kept.query("select * from gear")).rows).toEqual([{ id: 1, name: "helmet" }]);
  });

  test("keeps at most its number of statements, closing the least recently run", async () => {
    const texts = [1, 2, 3, 4, 5, 6].map((n) => `select ${n} as n, name from thing where id = $1`);
    for (const text of texts) await kept.query(text, [1]);
    await kept.query(texts[5]!, [1]);
    const names = (await keptStatements(client)).map((row) => row.statement);
    expect(names.length).toBeLessThanOrEqual(4);
    expect(names).toContain(texts[5]);
    expect(names).not.toContain(texts[0]);
    expect((await kept.query<{ n: number }>(texts[0]!, [1])).rows).toEqual([{ n: 1, name: "첫째" }]);
  });
});

describe("the embedded database's kept statements beside transactions", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite();
    await handle.db.execute(sql`create table ride (id int primary key)`);
  });
  afterAll(() => handle.close());

  test("a read outside a transaction waits for another caller's open transaction and sees what it committed", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ride values (1)`);
      inside();
      await gate;
    });
    await opened;
    let answered = false;
    const read = queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ride`).then(
      (rows) => {
        answered = true;
        return rows;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await read).toEqual([{ n: 1 }]);
  });

  test("a transaction that fails leaves nothing, and the kept statements go on", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ride values (2)`);
        await tx.execute(sql`insert into ride values (1)`);
      }),
    ).rejects.toThrow();
    expect(await queryRows(handle.db, sql`select id from ride order by id`)).toEqual([{ id: 1 }]);
  });
});
