/**
 * The documents the gate exchanges, in one place: the identifier subset we PUT at registration and
 * the consignment in the subsets a gate asks for (platform-api-for-gate.yaml). Both are the one
 * eFTI model (mapping/consignment-of.ts) written by efti-xml.ts.
 */
import type { Services } from '../../../core/context.js';
import { EFTI_SUBSET_IDS } from '../efti-schema.js';
import { commonDocument, identifierXml, writeEfti } from '../efti-xml.js';
import { cachedConsignmentOf } from '../projection-cache.js';
import type { EftiSource } from '../mapping/efti-source.js';

/** The identifier subset of the dataset, as the gate stores it (consignment-identifier.xsd); a few dozen elements. */
export function gateIdentifierXml(source: EftiSource): string {
  return identifierXml(cachedConsignmentOf(source).consignment);
}

/**
 * The consignment with the elements of `subsets` only (consignment-common.xsd, also for
 * `identifier`: the gate asks for subsets of the common dataset). Large documents are written in
 * the XML worker pool, as for GET /v1/shipments/{id}/efti.
 */
export async function gateSubsetsXml(services: Services, source: EftiSource, subsets: readonly string[]): Promise<string> {
  return writeEfti(services.eftiXml, commonDocument(cachedConsignmentOf(source).consignment, subsets));
}

/** One of the 184 subset ids of the EFTI4EU schema (case-sensitive). */
export function isKnownSubset(id: string): boolean {
  return EFTI_SUBSET_IDS.has(id);
}
