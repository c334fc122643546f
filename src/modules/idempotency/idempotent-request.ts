/**
 * Idempotency-Key on POSTs that create (the service description's POST /v1/shipments and every
 * other create). The first request with a key runs and its response is kept for 24 hours; the
 * same key with the same request replays that response byte for byte; with a different request it
 * is `idempotency_key_reused`; while the first still runs it is `idempotency_in_progress`.
 *
 * Only responses below 500 are kept: a 5xx means the request may not have taken effect, so the
 * key is released and a retry runs again (pdf_render_failed is documented as safe to retry).
 * A claimed key (`beginIdempotentRequest`, then `finishIdempotentRequest`) is held by a short lock
 * its process renews while the request runs (running-keys.ts): a process that dies mid-request
 * leaves a running record whose lock lapses within seconds, and a retry then runs the request
 * again. The acts (issue, cancel, signatures, remarks, handoffs, creates of shipments) close the
 * gap between commit and answer: they keep the response in the transaction of their change
 * (`lookUpIdempotentRequest` + `keepResponseWrite`), so the change and its response commit
 * together, at the cost of one commit instead of three (src/http/idempotency.ts lists them).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/canonical-json.js';
import { AppError } from '../../core/errors.js';
import type { Services } from '../../core/context.js';
import { hashSignToken } from '../signatures/sign-link-token.js';
import { isUniqueViolation, type Database, type Write } from '../../ports/database.js';
import { IDEMPOTENCY_LOCK_MS } from './running-keys.js';
import { claimKey, deleteKey, deleteKeyIfExpired, findKey, insertFinishedKey, insertFinishedKeyWrite, storeResponse, type IdempotencyTenantKey, type StoredResponse } from './idempotency.repository.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** 1 to 255 printable ASCII characters: the shape documented for the header. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7e]{1,255}$';
const KEY_SHAPE = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export type { IdempotencyTenantKey, StoredResponse };

export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${url}\n${canonicalJson(body)}`).digest('hex');
}

/** The owner of a key sent to a keyless sign route: the link of the path (its token's hash, never the token). */
export function signLinkKeyOwner(token: string, key: string): IdempotencyTenantKey {
  return { organizationId: hashSignToken(token), mode: 'sign_link', key };
}

/** Whether a live record of the key exists (any request, running or done): a well-formed key only. */
export async function idempotencyKeyOnRecord(services: Pick<Services, 'db' | 'clock'>, k: IdempotencyTenantKey): Promise<boolean> {
  if (!KEY_SHAPE.test(k.key)) return false;
  const record = await findKey(services.db, k);
  return record !== undefined && record.expires_at > services.clock.now();
}

/** Raises `bad_request` for a key that is empty, too long or not printable ASCII. */
export function checkIdempotencyKey(key: string): void {
  if (!KEY_SHAPE.test(key)) throw new AppError('bad_request', 'Idempotency-Key must be 1 to 255 printable ASCII characters.');
}

/**
 * Starts an idempotent request: resolves `undefined` when this request should run, or the kept
 * response to replay. Raises `idempotency_key_reused` and `idempotency_in_progress`.
 */
export async function beginIdempotentRequest(services: Pick<Services, 'db' | 'clock'>, k: IdempotencyTenantKey, fingerprint: string): Promise<StoredResponse | undefined> {
  const now = services.clock.now();
  const t = now.getTime();
  if (await claimKey(services.db, k, fingerprint, now, new Date(t + IDEMPOTENCY_LOCK_MS), new Date(t + IDEMPOTENCY_TTL_MS))) return undefined;
  const record = await findKey(services.db, k);
  // The record vanished between the two statements (purged as it expired): run the request.
  if (!record) return beginIdempotentRequest(services, k, fingerprint);
  if (record.request_hash !== fingerprint) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request; use a new key for a new request.');
  }
  if (record.state === 'running' || !record.response) {
    throw new AppError('idempotency_in_progress', 'A request with this Idempotency-Key is still running; retry when it has finished.', {
      headers: { 'retry-after': '1' },
    });
  }
  return record.response;
}

/** Keeps the response of a request that ran, or releases the key when it failed with a 5xx. */
export async function finishIdempotentRequest(services: Pick<Services, 'db'>, k: IdempotencyTenantKey, response: StoredResponse): Promise<void> {
  if (response.status >= 500) await deleteKey(services.db, k);
  else await storeResponse(services.db, k, response);
}

/**
 * For a route that keeps its response in the statement of its change, after that write collided
 * or the request was refused: resolves the kept response to replay, or `undefined` when there is none. An expired record is removed first, so the
 * change's insert of the key does not collide with it. Raises `idempotency_key_reused`, and
 * `idempotency_in_progress` for a record still running.
 */
export async function lookUpIdempotentRequest(services: Pick<Services, 'db' | 'clock'>, k: IdempotencyTenantKey, fingerprint: string): Promise<StoredResponse | undefined> {
  const record = await findKey(services.db, k);
  if (!record) return undefined;
  if (record.expires_at <= services.clock.now()) {
    await deleteKeyIfExpired(services.db, k, services.clock.now());
    return undefined;
  }
  if (record.request_hash !== fingerprint) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request; use a new key for a new request.');
  }
  if (!record.response) {
    throw new AppError('idempotency_in_progress', 'A request with this Idempotency-Key is still running; retry when it has finished.', { headers: { 'retry-after': '1' } });
  }
  return record.response;
}

/**
 * The write that keeps the response with the change it reports, so both commit or neither. When a
 * concurrent request with the same key commits first, the statement fails on the key:
 * `isKeyCollision` tells that failure apart.
 */
export function keepResponseWrite(db: Database, k: IdempotencyTenantKey, fingerprint: string, response: StoredResponse, now: Date): Write {
  return insertFinishedKeyWrite(db, k, fingerprint, response, now, new Date(now.getTime() + IDEMPOTENCY_TTL_MS));
}

/** True when a write failed on a record of the same key (a retry, or a concurrent twin that committed first). */
export function isKeyCollision(error: unknown): boolean {
  return isUniqueViolation(error, 'idempotency_keys_pkey');
}

/** Keeps a response that changed nothing (a refusal below 500); a concurrent winner's record stays. */
export async function keepFinishedResponse(services: Pick<Services, 'db' | 'clock'>, k: IdempotencyTenantKey, fingerprint: string, response: StoredResponse): Promise<void> {
  if (response.status >= 500) return;
  const now = services.clock.now();
  await insertFinishedKey(services.db, k, fingerprint, response, now, new Date(now.getTime() + IDEMPOTENCY_TTL_MS));
}
