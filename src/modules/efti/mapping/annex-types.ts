/**
 * The shape of the element table (annex.ts, read off the generated XSD element tree) and
 * the EU eFTI data subsets (Delegated Regulation (EU) 2024/2024, Annex) it keeps a column for.
 */
export const EU_SUBSETS = ['EU01', 'EU02', 'EU03', 'EU05a', 'EU05b', 'EU05c', 'EU06'] as const;
export type EuSubset = (typeof EU_SUBSETS)[number];

export interface AnnexElement {
  /** `eFTInnn` for a data element, `ASBIEnnnn` for an aggregate. */
  id: string;
  /** From the root, such as `consignment/consignor/postalAddress/cityName`. */
  path: string;
  /** Annex format, such as `an..35`, `n..16,6`, `a2`; empty for an aggregate. */
  format: string;
  /** maxOccurs > 1 in the XSD: the node model always holds it as an array. */
  repeats: boolean;
  /** The XSD code list its value must come from, such as `CountryCode`. */
  codeList?: string;
  /** Status in the `identifier` subset, when it has one. */
  identifier?: string;
  status: Partial<Record<EuSubset, string>>;
}
