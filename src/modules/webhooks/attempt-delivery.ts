/**
 * One attempt of a claimed delivery: sign the stored body anew, POST it, and turn the outcome into
 * the record the worker writes (service description, Delivery headers and Delivery behaviour).
 */
import type { WebhookTransport } from '../../ports/webhook-transport.js';
import type { AttemptRecord, ClaimedDelivery } from './delivery-queue.repository.js';
import { isSuccess, nextAttemptAt } from './delivery-policy.js';
import { signatureHeader } from './webhook-signature.js';
import { frozenClock } from '../../core/clock.js';

/** The secrets that sign now: the current one, and the previous one during its grace period. */
export function signingSecrets(endpoint: { secret: string; previous_secret: string | null; previous_secret_expires_at: Date | null }, now: Date): string[] {
  const inGrace = endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > now;
  return inGrace ? [endpoint.secret, endpoint.previous_secret!] : [endpoint.secret];
}

export function deliveryHeaders(delivery: Pick<ClaimedDelivery, 'id' | 'event_id' | 'body'>, secrets: readonly string[], now: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'service-signature': signatureHeader(secrets, Math.floor(now.getTime() / 1000), delivery.body),
    'service-event-id': delivery.event_id,
    'service-delivery-id': delivery.id,
  };
}

export const SIMULATED_FAILURE_ERROR = 'simulated failure (fail_webhooks)';

/**
 * Sandbox `fail_webhooks` (POST /v1/test/shipments/{id}/simulate): the attempt fails as a refused
 * one would — counted, retried on the schedule, dead-lettered after the last — but nothing is sent,
 * so the receiver sees no traffic until `recover_webhooks`.
 */
function simulatedFailure(delivery: ClaimedDelivery, at: Date): AttemptRecord {
  const retryAt = nextAttemptAt(delivery.failures + 1, delivery.max_attempts, at);
  return {
    id: delivery.id,
    number: delivery.attempts,
    status: retryAt ? 'pending' : 'failed',
    next_attempt_at: retryAt?.toISOString() ?? null,
    started_at: at.toISOString(),
    finished_at: at.toISOString(),
    duration_ms: 0,
    response_status: null,
    response_body: '',
    error: SIMULATED_FAILURE_ERROR,
    signature: null,
  };
}

export async function attemptDelivery(delivery: ClaimedDelivery, transport: WebhookTransport, realClock: { now(): Date }): Promise<AttemptRecord> {
  // An endpoint on a sandbox test clock: the attempt happens when it was due, in clock time, and
  // takes none of it, so the retries are exactly the schedule apart (docs/sandbox-test-clocks.md).
  const clock = delivery.clock_time ? frozenClock(delivery.clock_time, realClock) : realClock;
  const started = clock.now();
  if (delivery.endpoint_deleted || !delivery.endpoint_active) {
    // Not sent: the endpoint asked for nothing more. The delivery fails at once into the
    // dead-letter queue, from where it can be replayed once the endpoint is active again.
    const error = delivery.endpoint_deleted ? 'the endpoint was deleted; not sent' : 'the endpoint is inactive; not sent';
    return { id: delivery.id, number: delivery.attempts, status: 'failed', next_attempt_at: null, started_at: started.toISOString(), finished_at: started.toISOString(), duration_ms: 0, response_status: null, response_body: '', error, signature: null };
  }
  if (delivery.simulated_failure) return simulatedFailure(delivery, started);
  // The signature's timestamp is real time even on a test clock: the receiver checks it against its own clock.
  const headers = deliveryHeaders(delivery, signingSecrets(delivery, started), delivery.clock_time ? realClock.now() : started);
  const outcome = await transport.post({ url: delivery.url, headers, body: delivery.body, privateTargets: delivery.allow_private_targets });
  const finished = clock.now();
  const succeeded = isSuccess(outcome.status);
  const failures = delivery.failures + (succeeded ? 0 : 1);
  const retryAt = succeeded ? null : nextAttemptAt(failures, delivery.max_attempts, finished);
  const error = outcome.error ?? (succeeded ? null : `the receiver answered ${outcome.status}`);
  // Every field written out: spreading `base` into a literal this size costs V8 several µs.
  return {
    id: delivery.id,
    number: delivery.attempts,
    status: succeeded ? 'succeeded' : retryAt ? 'pending' : 'failed',
    next_attempt_at: retryAt?.toISOString() ?? null,
    started_at: started.toISOString(),
    finished_at: finished.toISOString(),
    duration_ms: outcome.durationMs,
    response_status: outcome.status ?? null,
    response_body: outcome.answer,
    error,
    signature: headers['service-signature']!,
  };
}
