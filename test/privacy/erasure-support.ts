/** Helpers of the erasure tests: the data subjects, and every stored row of an organisation as one searchable text. */
import type { TestApp } from '../support/test-app.js';

export const JAN = { name: 'Jan de Vries', email: 'jan.devries@private.example', phone: '+31611122233' };
export const SANNE = { name: 'Sanne Bakker', email: 'sanne.bakker@other.example', phone: '+31644455566' };

/** The organisation-scoped tables an erasure covers, each with its rows read whole. */
const TABLES = [
  'shipments',
  'shipment_events',
  'events',
  'webhook_deliveries',
  'signatures',
  'signature_requests',
  'sign_identifications',
  'remarks',
  'disposal_instructions',
  'notifications',
  'tours',
  'request_log_batches',
  'idempotency_keys',
  'invitations',
  'shipment_templates',
  'privacy_erasures',
  'audit_log',
] as const;

/** Every row of the organisation in those tables (request-log entries decoded), by table, as JSON text. */
export async function organisationRows(t: TestApp, organizationId: string): Promise<Record<string, string>> {
  const db = t.runtime.services.db;
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().where('organization_id', '=', organizationId).execute();
    const readable = rows.map((r: Record<string, unknown>) => ('entries' in r && Buffer.isBuffer(r.entries) ? { ...r, entries: r.entries.toString('utf8') } : r));
    out[table] = JSON.stringify(readable);
  }
  return out;
}

/** The tables (and the value) where any of `values` still occurs, case ignored. */
export function traces(rows: Record<string, string>, values: readonly string[]): string[] {
  const found: string[] = [];
  for (const [table, text] of Object.entries(rows)) {
    for (const v of values) if (text.toLowerCase().includes(v.toLowerCase())) found.push(`${table}: ${v}`);
  }
  return found;
}

/**
 * `after` as a dry run must leave it: equal to `before`, except that request-log batches written
 * since (the dry run's own request: logs are flushed every second) are left out. Every batch that
 * was there must still be there, unchanged.
 */
export function withoutNewRequestLogs(before: Record<string, string>, after: Record<string, string>): Record<string, string> {
  // A batch is named by its first entry's id.
  const earlier = new Set((JSON.parse(before.request_log_batches ?? '[]') as { first_id: string }[]).map((b) => b.first_id));
  const kept = (JSON.parse(after.request_log_batches ?? '[]') as { first_id: string }[]).filter((b) => earlier.has(b.first_id));
  return { ...after, request_log_batches: JSON.stringify(kept) };
}
