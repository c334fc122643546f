/**
 * An INSERT of rows that folds with the other inserts into the same table and columns of its
 * statement (database.ts `foldWrites`): the writes of many callers grouped into one statement
 * (grouped-writes.ts) become one multi-row INSERT per table, not one CTE per row. PostgreSQL plans
 * a statement of a hundred CTEs for longer than it runs it: a group of inspection views (a view
 * row, its event, its fan-out each) spent 150 µs a request planning and 80 running.
 */
import type { Insertable } from 'kysely';
import type { Database, DB, FoldableWrite } from './database.js';

interface FoldableInsert<T extends keyof DB> extends FoldableWrite {
  readonly rows: readonly Insertable<DB[T]>[];
}

export function foldableInsert<T extends keyof DB & string>(db: Database, table: T, rows: readonly Insertable<DB[T]>[]): FoldableInsert<T> {
  if (rows.length === 0) throw new Error(`foldableInsert: no rows for ${table}`);
  return {
    rows,
    // Rows of one column set: a folded row never gets a default where its own insert named a value.
    foldKey: `insert|${table}|${Object.keys(rows[0]!).join(',')}`,
    // Kysely's types cannot follow a table chosen by a type parameter; the rows are typed by it above.
    compile: () => db.insertInto(table).values(rows as never).compile(),
    fold: (other) => foldableInsert(db, table, [...rows, ...(other as FoldableInsert<T>).rows]),
  };
}
