/**
 * The body of every delivery (service description, Webhook endpoint and delivery): the event
 * envelope `{id, type, created_at, mode, data}`. It is serialised once, when the delivery is
 * written, and those bytes are what every attempt and every replay signs and sends.
 */
import type { Mode } from '../../core/mode.js';

export interface EventEnvelope {
  id: string;
  type: string;
  created_at: string;
  mode: Mode;
  data: Record<string, unknown>;
}

export function envelopeBody(event: { id: string; type: string; created_at: Date; mode: Mode; data: Record<string, unknown> }): string {
  const envelope: EventEnvelope = { id: event.id, type: event.type, created_at: event.created_at.toISOString(), mode: event.mode, data: event.data };
  return JSON.stringify(envelope);
}

/**
 * The `events` entries of an endpoint that receive `type`: the type itself, each family wildcard
 * above it (`shipment.*` for `shipment.issued`) and `*`.
 */
export function subscriptionsMatching(type: string): string[] {
  const parts = type.split('.');
  const families = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('.')}.*`);
  return [type, ...families, '*'];
}
