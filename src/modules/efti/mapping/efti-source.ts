/**
 * The facts the eFTI mapping reads, loaded once per request: the shipment (with its dataset id) and
 * its signatures, whose times give the carrier's acceptance and the delivery.
 */
import type { TenantContext } from '../../../core/context.js';
import type { ShipmentRow } from '../../shipments/shipments.repository.js';
import { selectShipment } from '../../shipments/shipments.repository.js';
import { selectSignatures } from '../../signatures/signatures.repository.js';
import { erasureCount } from '../../privacy/privacy.repository.js';

export interface EftiSignature {
  role: 'consignor' | 'carrier' | 'consignee' | 'successive_carrier';
  successive_index: number;
  phase: 'pickup' | 'delivery';
  signer_name: string;
  level: 'platform_auth' | 'ades' | 'qes';
  signed_at: Date;
}

export interface EftiSource {
  shipment: ShipmentRow & { dataset_id: string };
  signatures: EftiSignature[];
  /** The tenant's erasures so far (privacy): an erasure changes the shipment and its signatures without a new chain head. */
  erasures: number;
}

/** The shipment of the tenant and its signatures; undefined when the tenant has no such shipment. */
export async function loadEftiSource(ctx: TenantContext, shipmentId: string): Promise<EftiSource | undefined> {
  // Counted first: data read after it is at least as new as the count (see erasureCount).
  const erasures = await erasureCount(ctx.db, ctx);
  const shipment = await selectShipment(ctx.db, ctx, shipmentId);
  if (!shipment) return undefined;
  const signatures = await selectSignatures(ctx.db, ctx, shipmentId);
  return {
    shipment,
    erasures,
    signatures: signatures.map((s) => ({
      role: s.role,
      successive_index: s.successive_index,
      phase: s.phase,
      signer_name: s.signer_name,
      level: s.level,
      signed_at: new Date(s.signed_at),
    })),
  };
}
