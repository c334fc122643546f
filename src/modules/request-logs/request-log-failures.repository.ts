/**
 * Queries on `request_log_failures`: what a failed call sent and got back, redacted and bounded
 * before it gets here (redact-body.ts), always scoped by organisation and mode.
 */
import type { Database } from '../../ports/database.js';
import type { Mode } from '../../core/mode.js';
import type { Tenant } from './request-logs.repository.js';
import type { StoredBody } from './redact-body.js';

/** One failed call's details, as the writer buffers them. */
export interface FailureDetails {
  organizationId: string;
  mode: Mode;
  requestId: string;
  createdAt: Date;
  errorCode: string | null;
  request: StoredBody | null;
  response: StoredBody | null;
}

export interface StoredFailure {
  error_code: string | null;
  request_body: string | null;
  request_truncated: boolean;
  response_body: string | null;
  response_truncated: boolean;
}

export async function insertFailures(db: Database, failures: readonly FailureDetails[]): Promise<void> {
  if (failures.length === 0) return;
  const values = failures.map((f) => ({
    organization_id: f.organizationId,
    mode: f.mode,
    request_id: f.requestId,
    created_at: f.createdAt,
    error_code: f.errorCode,
    request_body: f.request?.text ?? null,
    request_truncated: f.request?.truncated ?? false,
    response_body: f.response?.text ?? null,
    response_truncated: f.response?.truncated ?? false,
  }));
  // A flush retried after a timeout that did commit writes the same rows: kept once.
  await db.insertInto('request_log_failures').values(values).onConflict((oc) => oc.columns(['organization_id', 'mode', 'request_id']).doNothing()).execute();
}

export async function findFailure(db: Database, tenant: Tenant, requestId: string): Promise<StoredFailure | undefined> {
  return db
    .selectFrom('request_log_failures')
    .select(['error_code', 'request_body', 'request_truncated', 'response_body', 'response_truncated'])
    .where('organization_id', '=', tenant.organizationId)
    .where('mode', '=', tenant.mode)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Deletes the details of calls made before `before` (the request logs' retention). */
export async function deleteFailuresBefore(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('request_log_failures').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
