/**
 * What a GDPR export holds besides the documents' bytes (docs/export.md): one JSON Lines file per
 * kind of record, each read by keyset pages of PAGE_ROWS rows in the order of its unique key, so
 * no organisation's size ever puts more than a page in memory.
 *
 * Invariant: no secret, token or token hash leaves the service in an export. Every column of a
 * row is exported except those `omit` names, so a column added later is exported by default: add
 * it to `omit` if it holds anything of that kind (test/export/export-secrets.test.ts greps a zip
 * for every secret a test organisation has).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { Database } from '../../ports/database.js';
import { extensionOf } from '../documents/media-types.js';
import type { Entry } from '../request-logs/request-logs.repository.js';

export interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type Row = Record<string, unknown>;

export interface RecordSource {
  /** The file in the zip. */
  file: string;
  /** Its count in the manifest. */
  name: string;
  /** The table its rows come from. */
  table: string;
  /** A unique key of the tenant's rows: pages follow it. */
  keys: readonly string[];
  page(db: Database, t: Tenant, after: readonly unknown[] | null, limit: number): Promise<Row[]>;
  /** The records a row gives (a request-log batch holds up to 1000 calls). */
  records?(row: Row): Row[];
  omit?: readonly string[];
}

const refs = (keys: readonly string[]) => sql.join(keys.map((k) => sql.ref(k)));

function afterClause(keys: readonly string[], after: readonly unknown[] | null): RawBuilder<unknown> {
  return after ? sql`and (${refs(keys)}) > (${sql.join(after.map((v) => sql`${v}`))})` : sql``;
}

/** A tenant table read by pages in `keys` order. */
function tenantTable(table: string, keys: readonly string[]): RecordSource['page'] {
  return async (db, t, after, limit) => {
    const result = await sql<Row>`select * from ${sql.table(table)} where organization_id = ${t.organizationId} and mode = ${t.mode} ${afterClause(keys, after)} order by ${refs(keys)} limit ${limit}`.execute(db);
    return result.rows;
  };
}

function source(file: string, table: string, keys: readonly string[], extra: Partial<RecordSource> = {}): RecordSource {
  return { file, name: file.replace(/\.jsonl$/, '').replace(/-/g, '_'), table, keys, page: tenantTable(table, keys), ...extra };
}

/** A request-log batch as the calls it holds (the layout of request-logs.repository.ts). */
function requestLogRecords(row: Row): Row[] {
  const raw = row.entries as Uint8Array | string;
  const text = typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8');
  return (JSON.parse(text) as Entry[]).map(([id, method, path, status, duration_ms, api_key_id, created_ms]) => ({
    id,
    method,
    path,
    status,
    duration_ms,
    api_key_id,
    mode: row.mode,
    created_at: new Date(created_ms).toISOString(),
  }));
}

/** Delivery attempts belong to a delivery: the tenant is the delivery's. */
const deliveryAttempts: RecordSource['page'] = async (db, t, after, limit) => {
  const keys = ['a.delivery_id', 'a.number'];
  const result = await sql<Row>`
    select a.* from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id
    where d.organization_id = ${t.organizationId} and d.mode = ${t.mode} ${afterClause(keys, after)}
    order by ${refs(keys)} limit ${limit}`.execute(db);
  return result.rows;
};

/** Where a document's bytes sit in the zip. */
export function documentPath(row: Row): string {
  const type = String(row.content_type);
  return `documents/${String(row.shipment_id)}/${String(row.id)}.${type.includes('xml') ? 'xml' : extensionOf(type)}`;
}

/** Where a drawn signature's image sits in the zip. */
export function signatureImagePath(row: Row): string {
  return `signatures/${String(row.shipment_id)}/${String(row.id)}.png`;
}

const withoutKey = (row: Row, key: string): Row => Object.fromEntries(Object.entries(row).filter(([k]) => k !== key));

export const RECORD_SOURCES: readonly RecordSource[] = [
  source('shipments.jsonl', 'shipments', ['id'], { omit: ['inspection_token'] }),
  source('shipment-events.jsonl', 'shipment_events', ['shipment_id', 'seq']),
  source('signatures.jsonl', 'signatures', ['id'], {
    // The image's bytes are in the zip; the store's key for them is internal.
    records: (row) => [{ ...withoutKey(row, 'image_object_key'), image_path: row.image_object_key ? signatureImagePath(row) : null }],
  }),
  source('signature-requests.jsonl', 'signature_requests', ['id'], { omit: ['token_hash', 'otp_code_hash', 'otp_token_hash', 'recipient_sealed'] }),
  source('remarks.jsonl', 'remarks', ['id']),
  source('invoices.jsonl', 'invoices', ['id']),
  source('delegations.jsonl', 'delegations', ['id']),
  source('inspection-views.jsonl', 'inspection_views', ['id']),
  source('tours.jsonl', 'tours', ['id']),
  // Where the organisation routes its notes, what it handed over,
  // what providers told it that could not be applied, and the reports of its erasures (no values).
  source('provider-routing-rules.jsonl', 'provider_routing_rules', ['id']),
  source('provider-handovers.jsonl', 'provider_handovers', ['id']),
  source('provider-webhook-reviews.jsonl', 'provider_webhook_reviews', ['id']),
  source('privacy-erasures.jsonl', 'privacy_erasures', ['id']),
  source('notifications.jsonl', 'notifications', ['id']),
  source('webhook-endpoints.jsonl', 'webhook_endpoints', ['id'], { omit: ['secret', 'previous_secret'] }),
  source('webhook-deliveries.jsonl', 'webhook_deliveries', ['id']),
  { file: 'webhook-delivery-attempts.jsonl', name: 'webhook_delivery_attempts', table: 'webhook_delivery_attempts', keys: ['delivery_id', 'number'], page: deliveryAttempts },
  source('events.jsonl', 'events', ['id']),
  source('request-logs.jsonl', 'request_log_batches', ['last_id'], { records: requestLogRecords }),
  source('audit-log.jsonl', 'audit_log', ['seq']),
  // The signed checkpoints as delivered (docs/audit-log.md); verify.mjs checks the chains against them.
  source('audit-checkpoints.jsonl', 'chain_checkpoints', ['id'], { records: (row) => (row.checkpoint ? [row.checkpoint as Row] : []) }),
];

/** The stored documents, the last file of records; their bytes follow it in the zip (deleted ones have none). */
export const DOCUMENT_SOURCE: RecordSource = source('documents.jsonl', 'documents', ['id'], {
  records: (row) => [{ ...withoutKey(row, 'object_key'), ...(row.deleted_at === null ? { path: documentPath(row) } : {}) }],
});

/** The records a row gives in the export: without the omitted columns. */
export function exportedRecords(s: RecordSource, row: Row): Row[] {
  if (s.records) return s.records(row);
  if (!s.omit) return [row];
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) if (!s.omit.includes(key)) out[key] = value;
  return [out];
}

/** How many stored documents, and bytes, the export will copy: the totals its progress counts towards. */
export async function documentTotals(db: Database, t: Tenant): Promise<{ documents: number; bytes: number }> {
  const result = await sql<{ n: string | number; bytes: string | number | null }>`
    select count(*) as n, sum(size) as bytes from documents where organization_id = ${t.organizationId} and mode = ${t.mode} and deleted_at is null`.execute(db);
  return { documents: Number(result.rows[0]?.n ?? 0), bytes: Number(result.rows[0]?.bytes ?? 0) };
}

/** The signatures, read again after the documents to copy their images. */
export const SIGNATURE_SOURCE: RecordSource = RECORD_SOURCES.find((s) => s.table === 'signatures')!;
