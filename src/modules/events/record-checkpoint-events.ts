/**
 * Records `audit.checkpoint_created` (docs/audit-log.md, Checkpoints) in the organisation feed and
 * fans it out to webhook endpoints, in the transaction that stores the checkpoint. Its `data`
 * carries the signed checkpoint whole, so a receiver can keep it and verify offline.
 */
import { newId } from '../../core/ids.js';
import type { Mode } from '../../core/mode.js';
import type { Database, Write } from '../../ports/database.js';
import { deliveryFanOutWrite } from '../webhooks/fan-out-deliveries.js';
import { feedEventWrite } from './events.repository.js';

export function checkpointEventWrites(db: Database, tenant: { organizationId: string; mode: Mode }, checkpoint: { id: string }, now: Date): Write[] {
  const event = { id: newId('event', now), type: 'audit.checkpoint_created', created_at: now, data: { checkpoint_id: checkpoint.id, checkpoint } };
  return [feedEventWrite(db, tenant, { ...event, shipment_id: null }), deliveryFanOutWrite(db, tenant, [event])];
}
