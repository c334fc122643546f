/**
 * Database port: Kysely over PostgreSQL (`pg`) in production, PGlite embedded. Both run the same
 * migrations and the same queries. Code inside a transaction must use the transaction handle it is
 * given: the embedded adapter has a single connection, so reaching for the outer handle would wait
 * on itself.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../adapters/database/schema.js';

export type Database = Kysely<DB>;
export type DatabaseTransaction = Transaction<DB>;
export type { DB };

export interface DatabaseHandle {
  db: Database;
  /** `pglite` or `postgres`; locking behaviour differs (PGlite has one session). */
  kind: 'pglite' | 'postgres';
  /** Rejects when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Runs `fn` in one transaction: the state change, its events and its outbox rows commit together. */
export function withTransaction<T>(db: Database, fn: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}
