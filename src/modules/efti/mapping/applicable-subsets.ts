/**
 * The EU subsets a shipment falls under (Delegated Regulation (EU) 2024/2024, Annex):
 * EU01 (Regulation (EEC) No 11/1960 art. 6, every carriage of goods) always; EU02 (Directive
 * 92/106/EEC, combined transport) for `combined`; EU03 (Regulation (EC) No 1072/2009 art. 8(3),
 * cabotage) for `cabotage`; EU05a (ADR 5.4.1, dangerous goods by road) when a line carries
 * dangerous goods other than in limited quantity (ADR 3.4 exempts those from chapter 5.4).
 * National subsets apply only when asked for.
 */
import { goodsLines, isObject } from '../../shipments/rules/draft-reader.js';
import type { EuSubset } from './annex.js';

export function applicableSubsets(draft: unknown, transportType: string | undefined): EuSubset[] {
  const subsets: EuSubset[] = ['EU01'];
  if (transportType === 'combined') subsets.push('EU02');
  if (transportType === 'cabotage') subsets.push('EU03');
  if (goodsLines(draft).some(({ line }) => isObject(line.adr) && line.adr.limited_quantity !== true)) subsets.push('EU05a');
  return subsets;
}
