/**
 * Records export events (docs/export.md) in the organisation feed and fans them out to webhook
 * endpoints, in the transaction that finishes the export. Like tour events they are about no
 * shipment and carry no `seq`.
 */
import type { Mode } from '../../core/mode.js';
import { newId } from '../../core/ids.js';
import type { Database, Write } from '../../ports/database.js';
import { deliveryFanOutWrite } from '../webhooks/fan-out-deliveries.js';
import type { EventTypeName } from './event-catalogue.js';
import { feedEventWrite } from './events.repository.js';

export function exportEventWrites(
  db: Database,
  tenant: { organizationId: string; mode: Mode },
  exportId: string,
  type: Extract<EventTypeName, `export.${string}`>,
  fields: Record<string, unknown>,
  now: Date,
): Write[] {
  const status = type === 'export.completed' ? 'completed' : 'failed';
  const event = { id: newId('event', now), type, created_at: now, data: { ...fields, export_id: exportId, status } };
  return [feedEventWrite(db, tenant, { ...event, shipment_id: null }), deliveryFanOutWrite(db, tenant, [event])];
}
