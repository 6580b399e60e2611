import type { Database } from './client';

/**
 * A query built once per database and then run with new values (`sql.placeholder`): building a
 * drizzle query (walking its SQL tree) cost more CPU than waiting for the database's answer on the
 * busiest reads, such as a listing's detail page. On PostgreSQL the name also makes it a statement
 * each connection parses once. For the database itself, never a transaction: a prepared query runs on
 * the pool, outside any transaction. `name` must be unique among the server's prepared queries.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const perDatabase = new WeakMap<Database, Query>();
  return (db) => {
    let query = perDatabase.get(db);
    if (!query) {
      query = build(db);
      perDatabase.set(db, query);
    }
    return query;
  };
}
