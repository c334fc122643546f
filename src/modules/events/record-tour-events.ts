/**
 * Records tour events (docs/tours.md) in the organisation feed and fans them out to webhook
 * endpoints, inside the transaction of the tour change that causes them. A tour has no hash chain:
 * its events are not evidence about a consignment note, so the feed row has no shipment and `data`
 * no `seq`.
 */
import type { Mode } from '../../core/mode.js';
import { newId } from '../../core/ids.js';
import type { Database, Write } from '../../ports/database.js';
import { deliveryFanOutWrite } from '../webhooks/fan-out-deliveries.js';
import type { EventTypeName } from './event-catalogue.js';
import { feedEventWrite } from './events.repository.js';

export interface TourEventSpec {
  type: Extract<EventTypeName, `tour.${string}`>;
  /** Status of the tour after this event. */
  status: string;
  fields?: Record<string, unknown>;
}

export function tourEventWrites(db: Database, tenant: { organizationId: string; mode: Mode }, tourId: string, specs: readonly TourEventSpec[], now: Date): Write[] {
  if (specs.length === 0) return [];
  const events = specs.map((spec) => ({ id: newId('event', now), type: spec.type, created_at: now, data: { ...spec.fields, tour_id: tourId, status: spec.status } }));
  return [...events.map((e) => feedEventWrite(db, tenant, { ...e, shipment_id: null })), deliveryFanOutWrite(db, tenant, events)];
}
