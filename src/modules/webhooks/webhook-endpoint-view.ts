/** A webhook endpoint as the API shows it: never its secrets, except the new one right after it was made. */
import type { WebhookEndpointRow } from './webhooks.repository.js';

export function endpointView(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    mode: row.mode,
    previous_secret_expires_at: row.previous_secret_expires_at?.toISOString() ?? null,
    allow_private_targets: row.allow_private_targets,
    simulated_failure: row.simulated_failure,
    test_clock: row.test_clock_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type WebhookEndpointView = ReturnType<typeof endpointView>;
