/** The Kysely view of the webhook tables (migrations 0003–0005, 0016); `DB` in src/adapters/database/schema.ts lists them. */
import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../ports/database-columns.js';

export interface WebhookEndpointsTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  url: string;
  description: string | null;
  events: Json<string[]>;
  active: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** The url was set by a process running with WEBHOOK_ALLOW_PRIVATE_TARGETS=1 (migration 0016). */
  allow_private_targets: Generated<boolean>;
  /** Sandbox: every attempt fails without being sent, until `recover_webhooks` (migration 0022). */
  simulated_failure: Generated<boolean>;
  /** The sandbox test clock its deliveries follow (migration 0023); null: real time. */
  test_clock_id: Generated<string | null>;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'dead';

export interface WebhookDeliveriesTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  endpoint_id: string;
  event_id: string;
  event_type: string;
  body: string;
  origin: 'event' | 'replay' | 'ping';
  replay_of: string | null;
  status: DeliveryStatus;
  attempts: Generated<number>;
  failures: Generated<number>;
  max_attempts: number;
  next_attempt_at: Timestamp | null;
  locked_until: Timestamp | null;
  /** When the attempt under way was claimed (meaningful while `locked_until` is set). */
  attempt_started_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  request_headers: Json<Record<string, string>> | null;
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveryAttemptsTable {
  delivery_id: string;
  number: number;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  duration_ms: number | null;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
}

export interface WebhookDeadLettersTable {
  delivery_id: string;
  organization_id: string;
  mode: 'test' | 'live';
  endpoint_id: string;
  event_id: string;
  created_at: Timestamp;
  settled_at: Timestamp | null;
  outcome: 'resolved' | 'dead' | null;
}
