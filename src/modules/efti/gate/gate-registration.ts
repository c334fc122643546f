/**
 * When a shipment's dataset is due at its gate, and what that writes:
 * at issue, and whenever an identifier of the identifier subset can have changed after it — the
 * vehicle (means and equipment), the pickup (carrier acceptance time: the shipment goes in
 * transit) and the delivery (the consignee's receipt: delivered). A due dataset sets
 * `gate_status: "pending"` and queues a registration job in the same statement as the change
 * (STYLE, Background work); with no gate for the shipment's mode it is `not_configured`.
 * Drafts are never sent: they are no consignment yet. A cancelled one is not sent either (the
 * gate API has no withdrawal); the gate keeps the last identifiers it got.
 */
import type { Services } from '../../../core/context.js';
import type { Mode } from '../../../core/mode.js';
import { enqueueJobWrite } from '../../../jobs/job-queue.js';
import type { Database, Write } from '../../../ports/database.js';
import type { EftiGate } from '../../../ports/efti-gate.js';
import { changedFields } from '../../shipments/frozen-fields.js';
import type { ShipmentRow } from '../../shipments/shipments.repository.js';
import type { GateStatusColumn } from '../../shipments/shipments.tables.js';
import { GATE_REGISTRATION_JOB, GATE_RETRY_DELAYS_MS } from './gate-policy.js';

/** Input fields the identifier subset is projected from; a change of any of them after issue is sent again. */
const IDENTIFIER_FIELDS = new Set(['vehicle', 'combined_transport', 'goods', 'pickup.window', 'delivery.window']);

/** The gate that takes the datasets of `mode`: sandbox ones only go to EFTI_TEST_GATE_URL. */
export function gateOf(services: Pick<Services, 'efti'>, mode: Mode): EftiGate | undefined {
  return services.efti?.gates[mode];
}

/** The status a new draft starts with: nothing is due yet, or no gate will ever take it as things are. */
export function initialGateStatus(services: Pick<Services, 'efti'>, mode: Mode): GateStatusColumn | null {
  return gateOf(services, mode) ? null : 'not_configured';
}

type GateFacts = Pick<ShipmentRow, 'status' | 'data'>;

/** True when the change from `before` (undefined: a new shipment) to `after` must reach the gate. */
export function isRegistrationDue(before: GateFacts | undefined, after: GateFacts): boolean {
  if (after.status === 'draft' || after.status === 'cancelled') return false;
  if (!before || before.status === 'draft') return true;
  if (before.status !== after.status) return after.status === 'in_transit' || after.status === 'delivered';
  return changedFields(before.data, after.data).some((field) => IDENTIFIER_FIELDS.has(field) || IDENTIFIER_FIELDS.has(field.split('.')[0]!));
}

export interface GateRegistrationPayload {
  organization_id: string;
  mode: Mode;
  shipment_id: string;
}

/**
 * The new `gate_status` and the job insert of a due change, or undefined when nothing is due.
 * `after` is the shipment as the change leaves it.
 */
export function gateRegistration(db: Database, services: Pick<Services, 'efti'>, before: GateFacts | undefined, after: ShipmentRow, now: Date): { gate_status: GateStatusColumn; writes: Write[] } | undefined {
  if (!isRegistrationDue(before, after)) return undefined;
  if (!gateOf(services, after.mode)) return { gate_status: 'not_configured', writes: [] };
  const payload: GateRegistrationPayload = { organization_id: after.organization_id, mode: after.mode, shipment_id: after.id };
  const job = enqueueJobWrite(db, { kind: GATE_REGISTRATION_JOB, payload, runAt: now, maxAttempts: GATE_RETRY_DELAYS_MS.length + 1 }, now);
  return { gate_status: 'pending', writes: [job] };
}
