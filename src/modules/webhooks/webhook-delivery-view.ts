/** A delivery as the API shows it: the log entry, and the detail with what was sent and answered. */
import { isSuccess } from './delivery-policy.js';
import type { AttemptRow, DeliveryDetailRow, DeliveryRow } from './deliveries.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    origin: row.origin,
    replay_of: row.replay_of,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    last_attempt_at: iso(row.last_attempt_at),
    response_status: row.response_status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type WebhookDeliveryView = ReturnType<typeof deliveryView>;

/**
 * An attempt with no recorded end is in progress while its worker's lease holds; otherwise the
 * worker stopped mid-attempt (crash, kill) and the attempt is interrupted.
 */
function attemptOutcome(a: AttemptRow, delivery: DeliveryRow, now: Date) {
  if (a.finished_at) return isSuccess(a.response_status ?? undefined) ? 'succeeded' : 'failed';
  const current = a.number === delivery.attempts && delivery.locked_until !== null && delivery.locked_until >= now;
  return current ? 'in_progress' : 'interrupted';
}

export function deliveryDetailView(row: DeliveryDetailRow, attempts: readonly AttemptRow[], now: Date) {
  return {
    ...deliveryView(row),
    request_headers: row.request_headers,
    request_body: row.body,
    response_body: row.response_body,
    attempt_history: attempts.map((a) => ({
      number: a.number,
      started_at: a.started_at.toISOString(),
      finished_at: iso(a.finished_at),
      duration_ms: a.duration_ms,
      outcome: attemptOutcome(a, row, now),
      response_status: a.response_status,
      response_body: a.response_body,
      error: a.error,
    })),
  };
}

export type WebhookDeliveryDetailView = ReturnType<typeof deliveryDetailView>;
