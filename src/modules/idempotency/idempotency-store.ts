/** The kept Idempotency-Keys as the HTTP kit's port (src/ports/idempotency-store.ts) reads them, over this process's services. */
import type { Services } from '../../core/context.js';
import type { IdempotencyStore } from '../../ports/idempotency-store.js';
import {
  beginIdempotentRequest,
  checkIdempotencyKey,
  finishIdempotentRequest,
  IDEMPOTENCY_KEY_PATTERN,
  isKeyCollision,
  keepFinishedResponse,
  keepResponseWrite,
  lookUpIdempotentRequest,
  requestFingerprint,
} from './idempotent-request.js';
import { RunningKeys } from './running-keys.js';

export function idempotencyStore(services: Pick<Services, 'db' | 'clock'>): IdempotencyStore {
  return {
    keyPattern: IDEMPOTENCY_KEY_PATTERN,
    checkKey: checkIdempotencyKey,
    fingerprint: requestFingerprint,
    begin: (key, fingerprint) => beginIdempotentRequest(services, key, fingerprint),
    finish: (key, response) => finishIdempotentRequest(services, key, response),
    keepFinished: (key, fingerprint, response) => keepFinishedResponse(services, key, fingerprint, response),
    keepWrite: keepResponseWrite,
    lookUp: (key, fingerprint) => lookUpIdempotentRequest(services, key, fingerprint),
    isKeyCollision,
    running: (onError) => new RunningKeys(services, onError),
  };
}
