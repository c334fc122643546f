/**
 * Which signature a shipment waits for (signature-rules.ts): at pickup the consignor, then the
 * carrier; in transit each named successive carrier in turn, then the consignee. The sandbox
 * simulation signs in this order when it is not told a role.
 */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import type { ShipmentStatus } from '../shipments/shipment-status.js';
import type { SignatureRole, SignedRole } from './signature-rules.js';
import { selectSignatures } from './signatures.repository.js';

export interface DueSignature {
  role: SignatureRole;
  /** For a successive carrier: its position in `successive_carriers`. */
  successive_index?: number;
}

/** The next signature due, or undefined when the status takes none (draft, delivered, cancelled). */
export function nextSignatureDue(status: ShipmentStatus, successiveCarriers: number, signed: readonly SignedRole[]): DueSignature | undefined {
  const has = (role: SignatureRole, index = -1) => signed.some((s) => s.role === role && s.successive_index === index);
  if (status === 'issued') return { role: has('consignor') ? 'carrier' : 'consignor' };
  if (status !== 'in_transit') return undefined;
  for (let i = 0; i < successiveCarriers; i++) if (!has('successive_carrier', i)) return { role: 'successive_carrier', successive_index: i };
  return { role: 'consignee' };
}

/** The signatures a shipment has so far (role and position), in the order given. */
export async function signedRoles(db: Database, ctx: TenantContext, shipmentId: string): Promise<SignedRole[]> {
  return (await selectSignatures(db, ctx, shipmentId)).map((s) => ({ role: s.role, successive_index: s.successive_index }));
}
