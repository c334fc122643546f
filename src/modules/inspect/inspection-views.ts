/**
 * The inspection view log: one row per answer on a known inspection token, per request
 * of the eFTI gate and per federated read — the audit Impl. Reg. (EU) 2025/2243 Art. 3 asks of a
 * platform (which dataset, which subsets, when, for whom). Each row also emits `shipment.inspected`
 * to the feed and the webhooks, outside the shipment's event chain: a view changes nothing, so the
 * chain's head, its integrity report and the shipment row stay as they were (nor is the row locked:
 * inspectors never wait on a signature being written).
 */
import type { Services } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import type { Mode } from '../../core/mode.js';
import { groupedWritesOf } from '../../ports/grouped-writes.js';
import { unchainedShipmentEventWrites } from '../events/record-shipment-events.js';
import { selectShipment } from '../shipments/shipments.repository.js';
import { insertInspectionViewWrite } from './inspect.repository.js';

export type InspectionChannel = 'json' | 'page' | 'gate' | 'federated';

export interface InspectionViewInput {
  organization_id: string;
  mode: Mode;
  shipment_id: string;
  channel: InspectionChannel;
  ip: string | null;
  user_agent: string | null;
  language: string | null;
  /** `ok`, or the error code answered (`token_expired`, `token_revoked`, `unauthorized`…). */
  outcome: string;
  /** Who looked, where known: the gate id, the grantee platform id. */
  viewer: string | null;
  /** Channel details: eFTI subsets asked for by the gate, the delegation id. */
  details?: Record<string, unknown>;
  /** The shipment's status, when the caller has the row: saves reading it again for the event. */
  status?: string;
}

/** A header is the client's to fill: kept to a length an audit row needs, without control characters. */
const MAX_HEADER_KEPT = 512;
// eslint-disable-next-line no-control-regex
const clean = (text: string | null) => (text === null ? null : text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, MAX_HEADER_KEPT));

/**
 * Stores one view and its `shipment.inspected` event, committed before it resolves. Views of
 * concurrent requests commit together (ports/grouped-writes.ts): an inspection is a read, and one
 * commit per reader made its log row cost more than everything else it does.
 */
export async function recordInspectionView(services: Services, view: InspectionViewInput): Promise<void> {
  const now = services.clock.now();
  const tenant = { organizationId: view.organization_id, mode: view.mode };
  const status = view.status ?? (await selectShipment(services.db, tenant, view.shipment_id))?.status;
  if (status === undefined) throw new Error(`recordInspectionView: no shipment ${view.shipment_id} in ${view.organization_id}/${view.mode}`);
  const id = newId('inspection_view', now);
  const event = unchainedShipmentEventWrites(
    services.db,
    { ...tenant, shipmentId: view.shipment_id },
    { type: 'shipment.inspected', status, fields: { view_id: id, channel: view.channel, outcome: view.outcome } },
    now,
  );
  const row = {
    id,
    organization_id: view.organization_id,
    mode: view.mode,
    shipment_id: view.shipment_id,
    viewed_at: now,
    channel: view.channel,
    ip: view.ip,
    user_agent: clean(view.user_agent),
    language: view.language,
    outcome: view.outcome,
    viewer: view.viewer,
    details: view.details ?? {},
    event_id: event.eventId,
  };
  await groupedWritesOf(services.db).write([insertInspectionViewWrite(services.db, row), ...event.writes]);
}
