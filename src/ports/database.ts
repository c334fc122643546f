/**
 * Database port: Kysely over PostgreSQL (`pg`) in production, PGlite embedded. Both run the same
 * migrations and the same queries. Code inside a transaction must use the transaction handle it is
 * given: the embedded adapter has a single connection, so reaching for the outer handle would wait
 * on itself.
 */
import { CompiledQuery, type Compilable, type Kysely, type Transaction } from 'kysely';
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
  /** This process's connections now: lent out, idle, and how many queries wait for one (metrics). */
  poolUse(): PoolUse;
  /**
   * PGlite only: runs its one session as `role` from now on (null: as PGlite's superuser again),
   * so the service's statements have that role's rights (adapters/database/migrate-database.ts).
   */
  actAs?(role: string | null): Promise<void>;
  close(): Promise<void>;
}

export interface PoolUse {
  active: number;
  idle: number;
  waiting: number;
  max: number;
}

/** A write to run together with others in one statement (see `writeAsOneStatement`). */
export type Write = Compilable;

/**
 * Writes made from an act's result that must commit with the act: its idempotent answer (see
 * src/http/idempotency.ts). A use case takes one as an option and knows nothing of what it keeps.
 */
export type AlsoWrite<T> = (db: Database, result: T) => Write[];

/**
 * Runs `fn` in one transaction: the state change, its events and its outbox rows commit together,
 * and with them `also`'s writes made from `fn`'s result.
 */
export function withTransaction<T>(db: Database, fn: (trx: DatabaseTransaction) => Promise<T>, also?: AlsoWrite<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await fn(trx);
    const writes = also?.(trx, result) ?? [];
    if (writes.length > 0) await writeAsOneStatement(trx, writes);
    return result;
  });
}

/**
 * A write that can stand for several of its kind: an upsert of one counter row, say. One statement
 * may not upsert a row twice (PostgreSQL: "ON CONFLICT DO UPDATE command cannot affect row a second
 * time"), so `writeAsOneStatement` folds writes with the same `foldKey` into one before it runs them
 * — a signature that stores both a note version and a drawn image meters both in one increment.
 */
export interface FoldableWrite extends Compilable {
  readonly foldKey: string;
  fold(other: FoldableWrite): FoldableWrite;
}

function isFoldable(write: Write): write is FoldableWrite {
  return typeof (write as Partial<FoldableWrite>).foldKey === 'string';
}

/** The writes with each set of foldable ones of one key folded into the first's place. */
export function foldWrites(writes: readonly Write[]): Write[] {
  const out: Write[] = [];
  const at = new Map<string, number>();
  for (const write of writes) {
    if (!isFoldable(write)) {
      out.push(write);
      continue;
    }
    const i = at.get(write.foldKey);
    if (i === undefined) {
      at.set(write.foldKey, out.length);
      out.push(write);
    } else out[i] = (out[i] as FoldableWrite).fold(write);
  }
  return out;
}

/**
 * Runs several writes as one statement, as data-modifying CTEs: atomic without BEGIN and COMMIT,
 * in one round trip and one commit. A create that writes its row, its events, a usage counter and
 * its idempotent response this way costs one statement instead of seven.
 * The writes run as one snapshot: none sees another's rows, and constraints (foreign keys,
 * unique keys) are checked at the end of the statement, so a child may reference a parent
 * inserted beside it, and any failure undoes them all.
 */
export async function writeAsOneStatement(db: Database, writes: readonly Write[]): Promise<void> {
  const compiled = foldWrites(writes).map((w) => w.compile());
  if (compiled.length === 1) {
    await db.executeQuery(compiled[0]!);
    return;
  }
  const parameters: unknown[] = [];
  const parts = compiled.map((query, i) => {
    const offset = parameters.length;
    parameters.push(...query.parameters);
    // Kysely numbers parameters $1..$n per query and inlines no values, so every $n is a parameter.
    return `w${i} as (${query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  await db.executeQuery(CompiledQuery.raw(`with ${parts.join(', ')} select 1`, parameters));
}

/** True for a unique-key violation (SQLSTATE 23505) on `constraint`, from `pg` or PGlite. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | undefined;
  if (e?.code !== '23505') return false;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(`"${constraint}"`));
}
