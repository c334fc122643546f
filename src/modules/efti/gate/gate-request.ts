/**
 * What the platform listener knows of a gate's request, and the audit row every answer on a known
 * dataset writes (Impl. Reg. (EU) 2025/2243 Art. 3: dataset, subsets, time, gate) in the
 * inspection view log, channel `gate`. A request for an unknown dataset names no shipment, so it
 * has no row there (the request itself is in the listener's log).
 */
import type { Services, TenantContext } from '../../../core/context.js';
import { newId } from '../../../core/ids.js';
import { AppError } from '../../../core/errors.js';
import { recordInspectionView } from '../../inspect/inspection-views.js';
import { selectLiveGateDataset } from './gate.repository.js';

export interface GateRequest {
  datasetId: string;
  /** The CN of the gate's client certificate, checked against EFTI_GATE_ID by the listener. */
  gateId: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

export interface GateDataset {
  ctx: TenantContext;
  shipmentId: string;
  datasetId: string;
}

/** The live dataset the gate asks about; `not_found` for an unknown or sandbox one. */
export async function findGateDataset(services: Services, request: GateRequest): Promise<GateDataset> {
  const owner = await selectLiveGateDataset(services.db, request.datasetId);
  if (!owner) throw new AppError('not_found', `No dataset ${request.datasetId} on this platform.`);
  const source = { actor: { type: 'efti_gate' as const, id: request.gateId }, ...(request.ip ? { ip: request.ip } : {}), ...(request.userAgent ? { userAgent: request.userAgent } : {}) };
  const ctx: TenantContext = { ...services, organizationId: owner.organization_id, mode: owner.mode, requestId: request.requestId || newId('request', services.clock.now()), source };
  return { ctx, shipmentId: owner.shipment_id, datasetId: owner.dataset_id };
}

/** The audit row of one answer: `ok`, or the code answered. */
export function recordGateView(dataset: GateDataset, request: GateRequest, outcome: string, details: Record<string, unknown>): Promise<void> {
  return recordInspectionView(dataset.ctx, {
    organization_id: dataset.ctx.organizationId,
    mode: dataset.ctx.mode,
    shipment_id: dataset.shipmentId,
    channel: 'gate',
    ip: request.ip,
    user_agent: request.userAgent,
    language: null,
    outcome,
    viewer: request.gateId,
    details: { dataset_id: dataset.datasetId, ...details },
  });
}
