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
 * The attempts as the log shows them: the recorded ones, and the one under way, which lives on the
 * delivery until it ends — in progress while its worker's lease holds, interrupted once the lease
 * has run out (the worker died mid-attempt; the next claim writes its row).
 */
function attemptHistory(row: DeliveryDetailRow, recorded: readonly AttemptRow[], now: Date) {
  const history = recorded.map((a) => ({ ...a, outcome: attemptOutcome(a) }));
  const last = recorded.at(-1)?.number ?? 0;
  if (row.locked_until && row.attempts > last) {
    const startedAt = row.attempt_started_at ?? row.updated_at;
    history.push({
      number: row.attempts,
      started_at: startedAt,
      finished_at: null,
      duration_ms: null,
      response_status: null,
      response_body: null,
      error: null,
      outcome: row.locked_until >= now ? 'in_progress' : 'interrupted',
    });
  }
  return history;
}

/** A recorded attempt without an end was cut short: its row was written by the claim after it. */
function attemptOutcome(a: AttemptRow): 'succeeded' | 'failed' | 'in_progress' | 'interrupted' {
  if (!a.finished_at) return 'interrupted';
  return isSuccess(a.response_status ?? undefined) ? 'succeeded' : 'failed';
}

export function deliveryDetailView(row: DeliveryDetailRow, attempts: readonly AttemptRow[], now: Date) {
  return {
    ...deliveryView(row),
    request_headers: row.request_headers,
    request_body: row.body,
    response_body: row.response_body,
    attempt_history: attemptHistory(row, attempts, now).map((a) => ({
      number: a.number,
      started_at: a.started_at.toISOString(),
      finished_at: iso(a.finished_at),
      duration_ms: a.duration_ms,
      outcome: a.outcome,
      response_status: a.response_status,
      response_body: a.response_body,
      error: a.error,
    })),
  };
}

export type WebhookDeliveryDetailView = ReturnType<typeof deliveryDetailView>;
