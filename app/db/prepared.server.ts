import type { Database } from "./client.server";

/**
 * Statements built once per database, their text and the mapping of their columns, and run with placeholders: for
 * the reads every view of a page makes, whose text the query builder would otherwise build again on every request
 * (ADR 074). Each statement's name must be its own: PostgreSQL keeps a named statement per connection.
 */
export function preparedPerDatabase<Statements>(
  build: (db: Database) => Statements,
): (db: Database) => Statements {
  const built = new WeakMap<Database, Statements>();
  return (db) => {
    let statements = built.get(db);
    if (statements === undefined) built.set(db, (statements = build(db)));
    return statements;
  };
}
