/**
 * The contract of carriage and its times: the consignment note as transport contract document
 * (eFTI169 code 730, 171 issue time; 170 would be our id, but `shp_…` is 30 characters and the
 * Annex allows 17, so it is left out), cash on delivery (854), carriage charges (951), special
 * agreements (1309) and the sender's instructions (858), both split at 256; the carrier's
 * acceptance time (39) and the delivery time (188).
 *
 * Acceptance is when the carrier signed at pickup; before that signature the planned start of the
 * pickup window stands in (box 4's date). Delivery is when the consignee signed at delivery.
 */
import type { EftiNode } from '../efti-node.js';
import { field, objectAt, stringAt } from '../../shipments/rules/draft-reader.js';
import { compact } from './compact-node.js';
import { ROAD_CONSIGNMENT_NOTE } from './efti-codes.js';
import { amount, dateTime205, text, texts } from './efti-values.js';
import type { EftiSignature } from './efti-source.js';

const C = 'consignment';

export interface ContractFacts {
  shipmentId?: string;
  issuedAt?: Date | null;
  signatures: readonly EftiSignature[];
}

function signedAt(signatures: readonly EftiSignature[], role: EftiSignature['role'], phase: EftiSignature['phase']): Date | undefined {
  const times = signatures.filter((s) => s.role === role && s.phase === phase).map((s) => s.signed_at.getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : undefined;
}

export function contractNodes(draft: unknown, facts: ContractFacts): EftiNode {
  const charges = objectAt(draft, 'charges');
  const carriage = amount(`${C}/applicableServiceCharge/appliedAmount`, field(charges, 'carriage'));
  const delivered = dateTime205(signedAt(facts.signatures, 'consignee', 'delivery'));
  const document = compact({
    formattedIssueDateTime: facts.issuedAt ? dateTime205(facts.issuedAt) : undefined,
    id: text(`${C}/transportContractDocument/id`, facts.shipmentId),
    typeCode: ROAD_CONSIGNMENT_NOTE,
  });
  return (
    compact({
      applicableServiceCharge: carriage ? [{ appliedAmount: [carriage] }] : undefined,
      carrierAcceptanceDateTime: dateTime205(signedAt(facts.signatures, 'carrier', 'pickup') ?? stringAt(objectAt(objectAt(draft, 'pickup'), 'window'), 'from')),
      cODAmount: amount(`${C}/cODAmount`, field(charges, 'cash_on_delivery')),
      consignorProvidedInformationText: texts(`${C}/consignorProvidedInformationText`, stringAt(draft, 'sender_instructions')),
      contractTermsText: texts(`${C}/contractTermsText`, stringAt(draft, 'special_agreements')),
      deliveryEvent: delivered ? { actualOccurrenceDateTime: delivered } : undefined,
      transportContractDocument: document,
    }) ?? {}
  );
}
