/** The row shapes of efti-schema.generated.ts (written by scripts/efti-schema.ts). */

/** One element of a complex type's `xsd:sequence`. */
export interface EftiSequenceRow {
  name: string;
  /** As in the XSD: `efti:TradeParty` (complex), `types:DateTime`, `codes:CountryCode`, `xsd:token`. */
  type: string;
  min: number;
  max: number | 'unbounded';
  /** Attributes a simple-content type allows; `!` marks a required one (`formatId!`). */
  attributes?: readonly string[];
}

/** The eFTI annotation of one element occurrence (`<efti id format parentId><subset id status/>`). */
export interface EftiAnnotationRow {
  /** From the root: `consignment/consignor/name`. */
  path: string;
  /** `eFTInnn` for a data element, `ASBIEnnnn` for an aggregate. */
  id: string;
  /** The Annex `format` column (`an..35`, `n..16,6`), empty for aggregates. */
  format: string;
  /** Status (`M`, `O`, `C`, `SI`, compounds such as `O/C/C`) → the subset ids with it, space-separated. */
  subsets: Readonly<Record<string, string>>;
}
