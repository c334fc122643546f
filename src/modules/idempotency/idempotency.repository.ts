/** Queries on `idempotency_keys`, scoped by organisation and mode. */
import { sql } from 'kysely';
import type { Database, Write } from '../../ports/database.js';
import type { IdempotencyTenantKey, StoredResponse } from '../../ports/idempotency-store.js';

export type { IdempotencyTenantKey, StoredResponse };

export interface IdempotencyRecord {
  request_hash: string;
  expires_at: Date;
  state: 'running' | 'done';
  response: StoredResponse | undefined;
}

/**
 * Claims the key for a new run. Succeeds when the key is new, when its record expired, or when an
 * earlier run of the same request stopped renewing its lock (its process died: running-keys.ts). One statement, so
 * of two concurrent requests exactly one wins.
 */
export async function claimKey(db: Database, k: IdempotencyTenantKey, requestHash: string, now: Date, lockedUntil: Date, expiresAt: Date): Promise<boolean> {
  const result = await sql<{ key: string }>`
    insert into idempotency_keys (organization_id, mode, key, request_hash, state, locked_until, created_at, expires_at)
    values (${k.organizationId}, ${k.mode}, ${k.key}, ${requestHash}, 'running', ${lockedUntil}, ${now}, ${expiresAt})
    on conflict (organization_id, mode, key) do update set
      request_hash = excluded.request_hash, state = 'running', locked_until = excluded.locked_until,
      response_status = null, response_headers = null, response_body = null,
      created_at = excluded.created_at, expires_at = excluded.expires_at
    where idempotency_keys.expires_at <= ${now}
      or (idempotency_keys.state = 'running' and idempotency_keys.locked_until < ${now}
          and idempotency_keys.request_hash = excluded.request_hash)
    returning key`.execute(db);
  return result.rows.length === 1;
}

export async function findKey(db: Database, k: IdempotencyTenantKey): Promise<IdempotencyRecord | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_headers', 'response_body', 'expires_at'])
    .where('organization_id', '=', k.organizationId)
    .where('mode', '=', k.mode)
    .where('key', '=', k.key)
    .executeTakeFirst();
  if (!row) return undefined;
  const response =
    row.state === 'done' && row.response_status !== null
      ? { status: row.response_status, headers: row.response_headers ?? {}, body: row.response_body ?? '' }
      : undefined;
  return { request_hash: row.request_hash, expires_at: row.expires_at, state: row.state, response };
}

/**
 * Keeps a finished request's response under its key in one statement (no claim before it): for
 * routes that keep it inside the transaction of their change. Resolves false when a live record
 * of the key exists already; in a transaction this statement waits for a concurrent one that
 * inserted the key until that one commits or rolls back.
 */
export async function insertFinishedKey(db: Database, k: IdempotencyTenantKey, requestHash: string, response: StoredResponse, now: Date, expiresAt: Date): Promise<boolean> {
  const result = await sql<{ key: string }>`
    insert into idempotency_keys (organization_id, mode, key, request_hash, state, locked_until, response_status, response_headers, response_body, created_at, expires_at)
    values (${k.organizationId}, ${k.mode}, ${k.key}, ${requestHash}, 'done', null, ${response.status}, ${JSON.stringify(response.headers)}, ${response.body}, ${now}, ${expiresAt})
    on conflict (organization_id, mode, key) do update set
      request_hash = excluded.request_hash, state = 'done', locked_until = null, response_status = excluded.response_status,
      response_headers = excluded.response_headers, response_body = excluded.response_body,
      created_at = excluded.created_at, expires_at = excluded.expires_at
    where idempotency_keys.expires_at <= ${now}
    returning key`.execute(db);
  return result.rows.length === 1;
}

/**
 * A plain insert of a finished request's response: a live record of the same key makes the whole
 * statement it runs in fail with a unique violation on `idempotency_keys_pkey`.
 */
export function insertFinishedKeyWrite(db: Database, k: IdempotencyTenantKey, requestHash: string, response: StoredResponse, now: Date, expiresAt: Date): Write {
  return db.insertInto('idempotency_keys').values({
    organization_id: k.organizationId,
    mode: k.mode,
    key: k.key,
    request_hash: requestHash,
    state: 'done',
    locked_until: null,
    response_status: response.status,
    response_headers: JSON.stringify(response.headers),
    response_body: response.body,
    created_at: now,
    expires_at: expiresAt,
  });
}

/** Extends the lock of a record this process still runs (the same request, still `running`). */
export async function renewKeyLock(db: Database, k: IdempotencyTenantKey, requestHash: string, lockedUntil: Date): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ locked_until: lockedUntil })
    .where('organization_id', '=', k.organizationId)
    .where('mode', '=', k.mode)
    .where('key', '=', k.key)
    .where('state', '=', 'running')
    .where('request_hash', '=', requestHash)
    .execute();
}

export async function storeResponse(db: Database, k: IdempotencyTenantKey, response: StoredResponse): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', locked_until: null, response_status: response.status, response_headers: JSON.stringify(response.headers), response_body: response.body })
    .where('organization_id', '=', k.organizationId)
    .where('mode', '=', k.mode)
    .where('key', '=', k.key)
    .execute();
}

export async function deleteKey(db: Database, k: IdempotencyTenantKey): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('organization_id', '=', k.organizationId).where('mode', '=', k.mode).where('key', '=', k.key).execute();
}

/** Removes the key's record only if it has expired (a fresh one written meanwhile stays). */
export async function deleteKeyIfExpired(db: Database, k: IdempotencyTenantKey, now: Date): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('organization_id', '=', k.organizationId)
    .where('mode', '=', k.mode)
    .where('key', '=', k.key)
    .where('expires_at', '<=', now)
    .execute();
}

export async function deleteExpiredKeys(db: Database, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
