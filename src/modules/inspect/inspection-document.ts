/**
 * CONTRACT STUB (issue 16): what an inspector sees of one note (GET /v1/inspect/{token}), also the
 * body of a federated read. Owned by the inspection work; replaced there.
 */
import type { Services } from '../../core/context.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';

export type InspectionDocument = Record<string, unknown> & {
  shipment: { id: string; status: string; issued_at: string | null };
};

export async function inspectionDocument(_services: Services, shipment: ShipmentRow): Promise<InspectionDocument> {
  return { shipment: { id: shipment.id, status: shipment.status, issued_at: shipment.issued_at?.toISOString() ?? null } };
}
