/**
 * The documents the gate exchanges, in one place: the identifier subset we PUT at registration and
 * the consignment in the subsets a gate asks for (platform-api-for-gate.yaml).
 *
 * PLACEHOLDER SERIALISATION (issue 16, until the efti-model branch merges). At the merge, replace
 * the bodies below with the model's serialisers and drop everything under "placeholder":
 *   gateIdentifierXml → identifierXml(consignmentOf(source).consignment)        (src/modules/efti/efti-xml.ts)
 *   gateSubsetsXml    → consignmentXml(consignmentOf(source).consignment, subsets)
 *   isKnownSubset     → EFTI_SUBSET_IDS.has(id)                                 (src/modules/efti/efti-schema.ts)
 * The placeholder writes a document valid against consignment-identifier.xsd (carrier acceptance
 * time, road mode, the vehicle) and, for subsets, an empty consignment valid against
 * consignment-common.xsd with the same identifier elements when `identifier` is asked.
 */
import { readFileSync } from 'node:fs';
import { create } from 'xmlbuilder2';
import type { EftiSource } from '../mapping/efti-source.js';

const IDENTIFIER_NAMESPACE = 'http://efti.eu/v1/consignment/identifier';
const COMMON_NAMESPACE = 'http://efti.eu/v1/consignment/common';

/** The identifier subset of the dataset, as the gate stores it (consignment-identifier.xsd). */
export function gateIdentifierXml(source: EftiSource): string {
  return placeholderDocument(IDENTIFIER_NAMESPACE, source, true);
}

/** The consignment with the elements of `subsets` only (consignment-common.xsd). */
export function gateSubsetsXml(source: EftiSource, subsets: readonly string[]): string {
  return placeholderDocument(COMMON_NAMESPACE, source, subsets.includes('identifier'));
}

/** One of the 184 subset ids of the EFTI4EU schema (case-sensitive). */
export function isKnownSubset(id: string): boolean {
  return SUBSET_IDS.has(id);
}

// ---- placeholder (replaced at the merge, see above) ----

const SUBSET_IDS: ReadonlySet<string> = new Set([
  ...Object.keys((JSON.parse(readFileSync(new URL('../../../../schemas/efti4eu/efti-subsets-summary.json', import.meta.url), 'utf8')) as { subsets: Record<string, unknown> }).subsets),
]);

interface PlaceholderData {
  pickup?: { window?: { from?: string } };
  vehicle?: { plate?: string; country?: string };
  goods?: { adr?: unknown }[];
}

/** `YYYYMMDDHHMM` in UTC: UN/EDIFACT 2379 format 205. */
function format205(iso: string): string {
  return iso.replace(/[-:T]/g, '').slice(0, 12);
}

function placeholderDocument(namespace: string, source: EftiSource, withIdentifiers: boolean): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(namespace, 'consignment');
  const data = source.shipment.data as PlaceholderData;
  if (withIdentifiers) {
    const acceptance = data.pickup?.window?.from;
    if (acceptance) doc.ele('carrierAcceptanceDateTime', { formatId: '205' }).txt(format205(acceptance));
    const movement = doc.ele('mainCarriageTransportMovement');
    movement.ele('dangerousGoodsIndicator').txt(String((data.goods ?? []).some((g) => g.adr)));
    movement.ele('modeCode').txt('3');
    const { plate, country } = data.vehicle ?? {};
    if (plate && country && plate.length <= 17) {
      const means = movement.ele('usedTransportMeans');
      means.ele('id').txt(plate);
      means.ele('registrationCountry').ele('code').txt(country);
    }
  }
  return doc.end({ prettyPrint: false });
}
