/**
 * CONTRACT STUB (issue 16): the facts the eFTI mapping reads, loaded once per request.
 * Owned by the mapping work; replaced there.
 */
import type { TenantContext } from '../../../core/context.js';
import type { ShipmentRow } from '../../shipments/shipments.repository.js';
import { selectShipment } from '../../shipments/shipments.repository.js';

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
}

export async function loadEftiSource(ctx: TenantContext, shipmentId: string): Promise<EftiSource | undefined> {
  const shipment = await selectShipment(ctx.db, ctx, shipmentId);
  if (!shipment) return undefined;
  return { shipment: { ...shipment, dataset_id: (shipment as { dataset_id?: string }).dataset_id ?? '00000000-0000-4000-8000-000000000000' }, signatures: [] };
}
