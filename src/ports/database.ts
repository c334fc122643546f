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
  const { ctes, parameters } = asCtes(compiled);
  await db.executeQuery(CompiledQuery.raw(`with ${ctes} select 1`, parameters));
}

/** Thrown by `writeAsOneStatementIf` when its guard changed no row: nothing of the statement was written. */
export class GuardMissed extends Error {
  override name = 'GuardMissed';
}

/**
 * `writeAsOneStatement` on a condition: `guard` is an UPDATE … RETURNING whose WHERE states what
 * must still hold (a shipment's chain head as read before a render). The statement's main query
 * reads the guard's rows, so the guard runs first and takes its row lock before the other writes
 * run (PostgreSQL runs a data-modifying CTE the main query reads while it reads it, the others after
 * it); no row makes `expect_found` (migration 0046) abort the statement, so nothing is written, and
 * this throws GuardMissed. On PostgreSQL a concurrent change of the guarded row makes the guard wait
 * for it and then test the row as that change left it (READ COMMITTED's re-check of an UPDATE).
 */
export async function writeAsOneStatementIf(db: Database, guard: Write, writes: readonly Write[]): Promise<void> {
  const { ctes, parameters } = asCtes([guard, ...foldWrites(writes)].map((w) => w.compile()));
  try {
    await db.executeQuery(CompiledQuery.raw(`with ${ctes} select expect_found((select count(*) from w0), 'guard')`, parameters));
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown } | undefined;
    if (e?.code === '40001' && typeof e.message === 'string' && e.message.startsWith('expected row not found')) throw new GuardMissed('the guard changed no row', { cause: error });
    throw error;
  }
}

/** Compiled queries as the CTEs w0, w1, … of one statement, their parameters renumbered in order. */
function asCtes(compiled: readonly CompiledQuery[]): { ctes: string; parameters: unknown[] } {
  const parameters: unknown[] = [];
  const parts = compiled.map((query, i) => {
    const offset = parameters.length;
    parameters.push(...query.parameters);
    // Kysely numbers parameters $1..$n per query and inlines no values, so every $n is a parameter.
    return `w${i} as (${query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  return { ctes: parts.join(', '), parameters };
}

/**
 * True when `error` is PostgreSQL's (or PGlite's) ERROR answer to a statement run on its own: the
 * statement did not commit. A lost connection (no severity) or a FATAL one may have followed a commit.
 */
export function isRolledBackStatement(error: unknown): boolean {
  const e = error as { code?: unknown; severity?: unknown } | undefined;
  return typeof e?.code === 'string' && e.severity === 'ERROR';
}

/** True for a unique-key violation (SQLSTATE 23505) on `constraint`, from `pg` or PGlite. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | undefined;
  if (e?.code !== '23505') return false;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(`"${constraint}"`));
}
