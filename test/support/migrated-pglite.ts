/**
 * The embedded database every test app starts from: one in-memory PGlite migrated once per run
 * (global-setup.ts dumps it to a file), loaded per app and, once that app has closed it, put back
 * as it was loaded and kept for the next app of the same test worker. Loading a dump starts a
 * thread and PostgreSQL in it (about 1.8 CPU-seconds each, a test app's greatest cost; a few hundred
 * apps a run); putting a used one back takes a few statements. The app's own migration on start then
 * finds nothing to apply. Tests of the migrations themselves start from an empty database instead
 * (scratchDatabase('pglite')).
 *
 * Put back means: the session's state discarded (role, prepared statements, settings), every row a
 * test wrote deleted with triggers off (the append-only tables' too: the suite's superuser may, the
 * service's role may not), the rows the migrations wrote and the sequences restored. A database
 * whose catalog the test changed (a table, trigger, function, role or setting), or whose reset
 * fails, is closed instead, and the next app loads the dump again.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, pgliteThreadHandle } from '../../src/adapters/database/pglite.js';
import { PgliteThread } from '../../src/adapters/database/pglite-wire.js';
import type { DatabaseHandle } from '../../src/ports/database.js';

let dump: Uint8Array<ArrayBuffer> | undefined;
/** Databases put back, ready for the next app of this worker; a file seldom holds more than two apps at once. */
const idle: PgliteThread[] = [];
const MAX_IDLE = 2;

/** What the migrated database holds, read once from the first one loaded. */
interface Baseline {
  tables: string[];
  /** The rows the migrations wrote, per table, as JSON. */
  rows: Map<string, string>;
  /** Each sequence's state: its name and the setval that restores it. */
  sequences: string[];
  catalog: string;
}
let baseline: Promise<Baseline> | undefined;

const quote = (name: string) => `'${name.replaceAll("'", "''")}'`;

/** The catalog's user-visible shape: a test that changes it leaves a database not worth putting back. */
const CATALOG = `select string_agg(x, '\n' order by x) as catalog from (
  select 'c:' || c.oid::regclass::text || ':' || c.relkind::text || ':' || c.relowner::regrole::text || ':' || coalesce(c.relacl::text, '') as x from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
  union all select 't:' || tgrelid::regclass::text || ':' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
  union all select 'f:' || p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
  union all select 'r:' || rolname || ':' || rolsuper::text || rolcanlogin::text || rolbypassrls::text from pg_roles
  union all select 's:' || coalesce(setdatabase::text, '') || ':' || coalesce(setrole::text, '') || ':' || array_to_string(setconfig, ';') from pg_db_role_setting
) parts`;

async function session<T>(thread: PgliteThread, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ stream: () => thread.connection(), user: 'postgres', database: 'template1' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function readBaseline(thread: PgliteThread): Promise<Baseline> {
  return session(thread, async (client) => {
    const tables = (await client.query<{ name: string }>(`select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' order by 1`)).rows.map((r) => r.name);
    const rows = new Map<string, string>();
    for (const name of await nonEmpty(client, tables)) rows.set(name, (await client.query<{ rows: string }>(`select json_agg(t)::text as rows from ${name} t`)).rows[0]!.rows);
    const sequences = (await client.query<{ restore: string }>(`select format('select setval(%L, %s, %L)', quote_ident(schemaname) || '.' || quote_ident(sequencename), coalesce(last_value, start_value), last_value is not null) as restore from pg_sequences`)).rows.map((r) => r.restore);
    const catalog = (await client.query<{ catalog: string }>(CATALOG)).rows[0]!.catalog;
    return { tables, rows, sequences, catalog };
  });
}

async function nonEmpty(client: pg.Client, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const query = tables.map((name) => `select ${quote(name)} as name where exists (select from ${name})`).join(' union all ');
  return (await client.query<{ name: string }>(query)).rows.map((r) => r.name);
}

/** Puts the database back as the migrations left it; throws where it cannot (the caller then closes it). */
async function putBack(thread: PgliteThread, base: Baseline): Promise<void> {
  await session(thread, async (client) => {
    // A test that ended mid-transaction leaves it open in the one session.
    await client.query('rollback');
    await client.query('discard all');
    // DISCARD ALL's SESSION AUTHORIZATION DEFAULT does not reach PGlite's superuser after the app took the service's role.
    await client.query('set session authorization postgres');
    const catalog = (await client.query<{ catalog: string }>(CATALOG)).rows[0]!.catalog;
    if (catalog !== base.catalog) {
      const was = new Set(base.catalog.split('\n'));
      const is = new Set(catalog.split('\n'));
      throw new Error(`the catalog changed: ${[...[...is].filter((x) => !was.has(x)).map((x) => `+${x}`), ...[...was].filter((x) => !is.has(x)).map((x) => `-${x}`)].slice(0, 5).join(' ')}`);
    }
    const written = await nonEmpty(client, base.tables);
    const restore = [...base.rows].map(([name, json]) => `insert into ${name} select * from json_populate_recordset(null::${name}, ${quote(json)})`);
    const statements = [...new Set([...written, ...base.rows.keys()])].map((name) => `delete from ${name}`);
    // One implicit transaction: triggers (append-only, foreign keys) off for this session only.
    await client.query(['set session_replication_role = replica', ...statements, ...restore, ...base.sequences, 'set session_replication_role = origin'].join(';\n'));
    const left = await nonEmpty(client, base.tables);
    if (left.length !== base.rows.size || left.some((name) => !base.rows.has(name))) throw new Error(`rows left in ${left.join(', ')}`);
  });
}

let loads = 0;

/** How many databases this worker has loaded from the dump (the rest of its apps had one put back). */
export function loadedMigratedPglites(): number {
  return loads;
}

async function loaded(): Promise<PgliteThread> {
  loads++;
  const thread = await PgliteThread.start({ dataDir: 'memory://', from: dump! });
  baseline ??= readBaseline(thread);
  await baseline;
  return thread;
}

/** A new in-memory PGlite holding the migrated schema (its session is PGlite's superuser, as from openPglite). */
export async function openMigratedPglite(): Promise<DatabaseHandle> {
  // Outside Vitest (a bench using the test app) there is no run to have migrated one: start empty.
  const file = process.env.VITEST ? inject('migratedPglite') : undefined;
  if (!file) return openPglite('memory://');
  dump ??= new Uint8Array(readFileSync(file));
  const thread = idle.pop() ?? (await loaded());
  return pgliteThreadHandle(thread, async () => {
    if (idle.length < MAX_IDLE) {
      try {
        await putBack(thread, await baseline!);
        idle.push(thread);
        return;
      } catch {
        // Not put back: closed below, and the next app loads the dump.
      }
    }
    await thread.close();
  });
}
