/**
 * What the HTTP kit's Idempotency-Key (src/http/idempotency.ts) needs of the kept keys: the store
 * is the idempotency module's (src/modules/idempotency/idempotency-store.ts), handed to the kit by
 * src/app.ts, so the kit knows no module. The rules (what is kept, for how long, what a reused key
 * answers) are the module's: modules/idempotency/idempotent-request.ts.
 */
import type { Mode } from '../core/mode.js';
import type { Database, Write } from './database.js';

/** Whose key: an organisation and mode, (mode `sign_link`) the hash of a sign link's token, or (mode `driver`) of a driver's phone. */
export interface IdempotencyTenantKey {
  organizationId: string;
  mode: Mode | 'sign_link' | 'driver';
  key: string;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The keys this process claimed and still runs, their short locks renewed until they finish. */
export interface RunningKeyLocks {
  started(key: IdempotencyTenantKey, fingerprint: string): void;
  finished(key: IdempotencyTenantKey): void;
}

export interface IdempotencyStore {
  /** The shape a key must have (a regular expression's source), as the header documents it. */
  keyPattern: string;
  /** Raises `bad_request` for a key that is empty, too long or not printable ASCII. */
  checkKey(key: string): void;
  /** What tells one request from another under the same key. */
  fingerprint(method: string, url: string, body: unknown): string;
  /** Claims the key: undefined when the request should run, or the kept response to replay; raises `idempotency_key_reused`, `idempotency_in_progress`. */
  begin(key: IdempotencyTenantKey, fingerprint: string): Promise<StoredResponse | undefined>;
  /** Keeps the response of a claimed request, or releases the key after a 5xx. */
  finish(key: IdempotencyTenantKey, response: StoredResponse): Promise<void>;
  /** Keeps the answer of an `in-transaction` route that changed nothing (a refusal below 500). */
  keepFinished(key: IdempotencyTenantKey, fingerprint: string, response: StoredResponse): Promise<void>;
  /** The write that keeps a response, for a use case to commit with its change. */
  keepWrite(db: Database, key: IdempotencyTenantKey, fingerprint: string, response: StoredResponse, now: Date): Write;
  /** The kept response of this request under the key, if any; raises `idempotency_key_reused`, `idempotency_in_progress`. */
  lookUp(key: IdempotencyTenantKey, fingerprint: string): Promise<StoredResponse | undefined>;
  /** Whether a failed write collided with a record of the key. */
  isKeyCollision(error: unknown): boolean;
  /** The locks of the keys this process runs; `onError` hears of a renewal that failed. */
  running(onError: (error: unknown) => void): RunningKeyLocks;
}
