/**
 * What the service's database role may do (docs/deploy.md, "Two database roles"). The owner role
 * runs the migrations and owns every table, trigger and function; the service role owns nothing, so
 * it can never ALTER, DROP or disable a trigger, and it gets, after every migration run:
 *  - SELECT, INSERT, UPDATE, DELETE on every table of the schema, USAGE on every sequence and
 *    EXECUTE on every function — so a table a later migration adds is covered with no code here;
 *  - on the history tables below, only SELECT and INSERT, plus the narrow rights each one lists.
 * Granting is idempotent: every run revokes and grants the same set again.
 */
import { sql } from 'kysely';
import type { Database } from '../../ports/database.js';
import { MigrationError } from './migration-error.js';

export interface HistoryTable {
  /** INSERT too (every history table but the migrator's own record). */
  insert: boolean;
  /** The columns the service may UPDATE, and why; none: no UPDATE at all. */
  update?: readonly string[];
}

/**
 * The append-only tables: the one list to extend when a migration adds a table whose rows, once
 * written, the service must not change or delete. DELETE and TRUNCATE are never granted here; a
 * deletion the service needs goes through a SECURITY DEFINER function owned by the owner that
 * enforces its rule (purge_audit_log, migration 0036: audit rows older than two years only).
 */
export const HISTORY_TABLES: Readonly<Record<string, HistoryTable>> = {
  // The hash-chained audit log; retention deletes through purge_audit_log().
  audit_log: { insert: true },
  // Its chain heads: an append moves the head (seq, hash); the anchor moves only in purge_audit_log().
  audit_chain_heads: { insert: true, update: ['seq', 'hash'] },
  // The shipments' hash chains: an erasure replaces an event's personal data and marks it erased
  // (src/modules/privacy/erased-records.repository.ts); seq, hash and data_sha256 stay as written.
  shipment_events: { insert: true, update: ['data', 'erased_at'] },
  // Signed checkpoints of the chains (docs/audit-log.md): what was sealed stays as sealed.
  chain_checkpoints: { insert: true },
  chain_checkpoint_shipments: { insert: true },
  // Which migrations ran: the service reads it (checkSchemaCurrent), only the owner writes it.
  schema_migrations: { insert: false },
};

const quote = (name: string) => sql.id(name);

/**
 * Grants `role` its rights on the schema in force (run by the owner, in a transaction, after the
 * migrations). Refuses, naming the fix, a service role that is missing, owns objects here, or may
 * create them — each would let it rewrite history whatever the grants say.
 */
export async function grantServiceRole(db: Database, role: string, options: { createRole?: boolean } = {}): Promise<void> {
  const me = (await sql<{ me: string; schema: string }>`select current_user as me, current_schema() as schema`.execute(db)).rows[0]!;
  if (me.me === role) return;
  const exists = await sql`select 1 from pg_roles where rolname = ${role}`.execute(db);
  if (exists.rows.length === 0) {
    // The embedded database makes its own (its one session belongs to its superuser); on a server
    // the administrator creates the roles (docs/deploy.md).
    if (!options.createRole) throw new MigrationError(`the service role ${role} does not exist: create it first (docs/deploy.md, "Two database roles")`);
    await sql`create role ${quote(role)} nologin`.execute(db);
  }
  const owned = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${me.schema} and c.relkind not in ('i', 'I') and c.relowner = (select oid from pg_roles where rolname = ${role})
    union all
    select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${me.schema} and p.proowner = (select oid from pg_roles where rolname = ${role})`.execute(db);
  if (owned.rows.length > 0) {
    const names = owned.rows.map((r) => r.name).slice(0, 5).join(', ');
    throw new MigrationError(`the service role ${role} owns ${owned.rows.length} object${owned.rows.length === 1 ? '' : 's'} (${names}${owned.rows.length > 5 ? ', …' : ''}) and could alter them: as an administrator run REASSIGN OWNED BY ${role} TO ${me.me} (docs/deploy.md, "Two database roles")`);
  }
  const schemaRights = (await sql<{ usage: boolean; create: boolean }>`
    select has_schema_privilege(${role}, ${me.schema}, 'USAGE') as usage, has_schema_privilege(${role}, ${me.schema}, 'CREATE') as create`.execute(db)).rows[0]!;
  if (schemaRights.create) {
    throw new MigrationError(`the service role ${role} may create objects in schema ${me.schema}: as an administrator run REVOKE CREATE ON SCHEMA ${me.schema} FROM PUBLIC, ${role} (PostgreSQL before 15 grants it to everyone)`);
  }
  const schema = quote(me.schema);
  if (!schemaRights.usage) await sql`grant usage on schema ${schema} to ${quote(role)}`.execute(db);
  await sql`grant select, insert, update, delete on all tables in schema ${schema} to ${quote(role)}`.execute(db);
  await sql`revoke truncate, references, trigger on all tables in schema ${schema} from ${quote(role)}`.execute(db);
  await sql`grant usage on all sequences in schema ${schema} to ${quote(role)}`.execute(db);
  await sql`grant execute on all functions in schema ${schema} to ${quote(role)}`.execute(db);
  for (const [name, rights] of Object.entries(HISTORY_TABLES)) {
    const found = await sql<{ t: string | null }>`select to_regclass(${`${me.schema}.${name}`})::text as t`.execute(db);
    if (!found.rows[0]?.t) continue;
    const table = sql`${schema}.${quote(name)}`;
    // Revoking a table right also revokes it on every column, so the grants below are the whole set.
    await sql`revoke all on ${table} from ${quote(role)}`.execute(db);
    await sql`grant select ${rights.insert ? sql`, insert` : sql``} on ${table} to ${quote(role)}`.execute(db);
    if (rights.update?.length) await sql`grant update (${sql.join(rights.update.map(quote))}) on ${table} to ${quote(role)}`.execute(db);
  }
}
