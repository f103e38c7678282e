import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/** The engine's messages, as its protocol parser gives them. */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
type Field = Results["fields"][number];
type Parser = (value: string, typeId: number) => unknown;

interface Statement {
  name: string;
  /** The parameters' type ids, which choose each value's serializer. */
  paramTypes: number[];
  /** The columns of its answer, empty when it answers no rows. */
  fields: Field[];
}

/** The commands whose count PGlite reports as the rows they changed. */
const changing = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

/**
 * The answer to one run of a kept statement, as PGlite's own `query` gives it: each column's text read by the
 * parser of its type (the caller's first), in rows as arrays or objects.
 */
function answerOf<T>(
  messages: BackendMessage[],
  fields: Field[],
  parsers: Array<Parser | undefined>,
  arrays: boolean,
): Results<T> {
  const rows: unknown[] = [];
  let command = "";
  let affectedRows = 0;
  let rowCount: number | undefined;
  for (const message of messages) {
    if (message.name === "dataRow") {
      const values = (message as unknown as { fields: Array<string | null> }).fields;
      const row: unknown[] | Record<string, unknown> = arrays ? new Array<unknown>(values.length) : {};
      for (let index = 0; index < values.length; index++) {
        const value = values[index]!;
        const parser = parsers[index];
        const parsed = value === null ? null : parser ? parser(value, fields[index]!.dataTypeID) : value;
        if (arrays) (row as unknown[])[index] = parsed;
        else (row as Record<string, unknown>)[fields[index]!.name] = parsed;
      }
      rows.push(row);
    } else if (message.name === "commandComplete") {
      const words = (message as unknown as { text: string }).text.split(" ");
      command = words[0]!;
      const count = parseInt(words.at(-1)!, 10);
      if (changing.has(command)) affectedRows += count;
      if (!Number.isNaN(count)) rowCount = count;
    }
  }
  const answer = { rows, fields, command, affectedRows } as Results<T> & {
    command: string;
    rowCount?: number;
  };
  if (rowCount !== undefined) answer.rowCount = rowCount;
  return answer;
}

/** How many statements the engine keeps parsed at once; the least recently run one is closed first. */
const KEPT_STATEMENTS = 256;

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A statement's closing `limit $n` (and `offset $m`), the query builder's way of writing them. */
const closingLimit = / limit \$(\d+)(?: offset \$(\d+))?$/;

/**
 * The statement with a closing LIMIT that is one of its last parameters written into its text as a number.
 * PostgreSQL cannot know how many rows a parameter LIMIT asks for, so it rates the plan it could keep for the
 * statement as reading a tenth of the table, and plans the statement anew on every run; with the number in the text,
 * the kept plan is rated for the rows asked for and is kept. The builder's page sizes are a handful of constants,
 * so each adds a handful of statements. An OFFSET that follows stays a parameter, in the LIMIT's place: it changes
 * with every page, and written into the text it would make a statement of each.
 */
export function writeLimitInText(text: string, params: unknown[]): { text: string; params: unknown[] } {
  const match = closingLimit.exec(text);
  if (!match) return { text, params };
  const limitAt = Number(match[1]);
  const offsetAt = match[2] === undefined ? undefined : Number(match[2]);
  const lastAt = offsetAt ?? limitAt;
  const limit = params[limitAt - 1];
  const inPlace = lastAt === params.length && (offsetAt === undefined || offsetAt === limitAt + 1);
  if (!inPlace || !Number.isSafeInteger(limit) || (limit as number) < 0) return { text, params };
  const written = offsetAt === undefined ? ` limit ${limit}` : ` limit ${limit} offset $${limitAt}`;
  const kept = params.slice(0, limitAt - 1);
  if (offsetAt !== undefined) kept.push(params[offsetAt - 1]);
  return { text: text.slice(0, match.index) + written, params: kept };
}

/** PostgreSQL's refusal to run a kept statement whose answer's columns changed under it (a table was altered). */
function isStaleStatement(error: unknown) {
  return (error as { code?: unknown }).code === "0A000";
}

/**
 * The embedded engine as the query builder sees it, with each statement outside a transaction parsed once and kept
 * by name, like the statements a PostgreSQL driver prepares (ADR 075). PGlite's own `query` parses, describes, binds
 * and runs every statement anew, in six calls into the engine; a kept statement is bound and run in one call, and
 * the engine plans it again only when its parameters call for it. Statements inside a transaction take PGlite's own
 * path, under the same lock, so nothing here runs while another caller's transaction is open.
 */
export function keepStatements(client: PGlite, capacity = KEPT_STATEMENTS): PGlite {
  const kept = new Map<string, Statement>();
  const toClose: string[] = [];
  let counter = 0;

  async function prepare(text: string): Promise<Statement> {
    const name = `k${++counter}`;
    const { messages } = await client.execProtocol(
      concat([
        ...toClose.splice(0).map((old) => serialize.close({ type: "S", name: old })),
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      fields:
        (
          messages.find((message) => message.name === "rowDescription") as unknown as
            { fields: Array<{ name: string; dataTypeID: number }> } | undefined
        )?.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) ?? [],
    };
    kept.set(text, statement);
    if (kept.size > capacity) {
      const [oldest] = kept;
      kept.delete(oldest![0]);
      toClose.push(oldest![1].name);
    }
    return statement;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    let statement = kept.get(text);
    if (statement) {
      // Most recently run last, so that the first entry is the one to close.
      kept.delete(text);
      kept.set(text, statement);
    } else statement = await prepare(text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([
        ...toClose.splice(0).map((old) => serialize.close({ type: "S", name: old })),
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const parsers = statement.fields.map(
      ({ dataTypeID }) =>
        (options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID]) as Parser | undefined,
    );
    return answerOf<T>(messages, statement.fields, parsers, options?.rowMode === "array");
  }

  async function query<T>(
    asked: string,
    askedParams: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (options?.blob) return client.query<T>(asked, askedParams, options);
    const { text, params } = writeLimitInText(asked, askedParams);
    await client._checkReady();
    const answer = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options);
        } catch (error) {
          if (!isStaleStatement(error)) {
            Object.assign(error as object, { query: text, params, queryOptions: options });
            throw error;
          }
          const stale = kept.get(text);
          if (stale) {
            kept.delete(text);
            toClose.push(stale.name);
          }
          return undefined;
        }
      }),
    );
    // A statement whose columns changed is parsed again, on PGlite's own path.
    if (answer === undefined) return client.query<T>(text, params, options);
    await client.syncToFs();
    return answer;
  }

  return {
    query,
    transaction: client.transaction.bind(client),
  } as unknown as PGlite;
}
