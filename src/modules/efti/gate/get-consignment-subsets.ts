/**
 * `GET /v0/consignments/{datasetId}?subsetId=…` from the gate (platform-api-for-gate.yaml,
 * operation getConsignmentSubsets): the consignment with the elements of the asked subsets only.
 * Raises `not_found` (unknown or sandbox dataset) and `bad_request` (no subset, or one the EFTI4EU
 * schema does not know: the gate API answers 400 where our own API answers `subset_unknown`).
 */
import type { Services } from '../../../core/context.js';
import { AppError, isAppError } from '../../../core/errors.js';
import { loadEftiSource } from '../mapping/efti-source.js';
import { gateSubsetsXml, isKnownSubset } from './gate-documents.js';
import { findGateDataset, recordGateView, type GateRequest } from './gate-request.js';

export async function getConsignmentSubsets(services: Services, request: GateRequest, subsetIds: readonly string[]): Promise<string> {
  const dataset = await findGateDataset(services, request);
  const subsets = [...new Set(subsetIds)];
  try {
    if (subsets.length === 0) throw new AppError('bad_request', 'Name at least one subset: subsetId=identifier, subsetId=EU01, …');
    const unknown = subsets.filter((id) => !isKnownSubset(id));
    if (unknown.length > 0) throw new AppError('bad_request', `Unknown subset${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (ids of the EFTI4EU schema, case-sensitive).`);
    const source = await loadEftiSource(dataset.ctx, dataset.shipmentId);
    if (!source) throw new AppError('not_found', `No dataset ${request.datasetId} on this platform.`);
    const xml = await gateSubsetsXml(services, source, subsets);
    await recordGateView(dataset, request, 'ok', { subsets });
    return xml;
  } catch (error) {
    if (isAppError(error)) await recordGateView(dataset, request, error.code, { subsets });
    throw error;
  }
}
