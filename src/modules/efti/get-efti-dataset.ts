/**
 * GET /v1/shipments/{id}/efti: the shipment's eFTI consignment, reduced to the
 * subsets asked for, with its UIL. One model for both answers: the JSON carries it as is, the XML
 * is the same tree written by efti-xml.ts.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { projectConsignment } from './efti-projection.js';
import { EFTI_SUBSET_IDS } from './efti-schema.js';
import { eftiDocument, writeEfti } from './efti-xml.js';
import { cachedConsignmentOf } from './projection-cache.js';
import { loadEftiSource } from './mapping/efti-source.js';
import type { EftiDataset } from './efti.schema.js';

/** The gate and platform ids of the UIL; null parts while no gate is configured. */
export interface EftiPlatformIds {
  gateId: string | null;
  platformId: string | null;
}

/** `subset` as given (repeated and/or comma-separated) → the ids, in order, without repeats; `subset_unknown` names any other. */
export function parseSubsets(given: readonly string[] | undefined): string[] {
  const ids = [...new Set((given ?? []).flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== ''))];
  const unknown = ids.filter((id) => !EFTI_SUBSET_IDS.has(id));
  if (unknown.length > 0) {
    throw new AppError('subset_unknown', `Unknown eFTI subset ${unknown.map((id) => `\`${id.slice(0, 40)}\``).join(', ')}: ids are those of the EFTI4EU consignment-common.xsd annotations (EU01, EU03, identifier, NL03a…), case-sensitive.`);
  }
  return ids;
}

async function projected(ctx: TenantContext, shipmentId: string, subsetParam: readonly string[] | undefined) {
  const subsets = parseSubsets(subsetParam);
  const source = await loadEftiSource(ctx, shipmentId);
  if (!source) throw new AppError('not_found', `No shipment ${shipmentId}.`);
  return { subsets, datasetId: source.shipment.dataset_id, projection: cachedConsignmentOf(source) };
}

/** The eFTI dataset of one shipment for the given subsets (none: the common dataset); raises `subset_unknown`, `not_found`. */
export async function getEftiDataset(ctx: TenantContext, shipmentId: string, subsetParam: readonly string[] | undefined, ids: EftiPlatformIds): Promise<EftiDataset> {
  const { subsets, datasetId, projection } = await projected(ctx, shipmentId, subsetParam);
  return {
    uil: { gate_id: ids.gateId, platform_id: ids.platformId, dataset_id: datasetId },
    subsets,
    applicable_subsets: projection.applicable_subsets,
    consignment: projectConsignment(projection.consignment, subsets).consignment,
    omitted: projection.omitted,
  };
}

/** The same dataset as XML: consignment-common.xsd, or consignment-identifier.xsd for `subset=identifier` alone; raises as getEftiDataset. */
export async function getEftiDatasetXml(ctx: TenantContext, shipmentId: string, subsetParam: readonly string[] | undefined): Promise<string> {
  const { subsets, projection } = await projected(ctx, shipmentId, subsetParam);
  return writeEfti(ctx.eftiXml, eftiDocument(projection.consignment, subsets));
}
