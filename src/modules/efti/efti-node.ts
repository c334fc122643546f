/**
 * The one model of an eFTI consignment that both serialisers (JSON and XML) read: a tree keyed by
 * the element names of consignment-common.xsd. A leaf is its text, or `{value, <attribute>…}` when
 * the element carries attributes (`unitId`, `formatId`, `schemeAgencyId`…). An element that may
 * repeat (maxOccurs > 1) is always an array, even with one occurrence.
 */
export type EftiLeaf = string | { value: string; [attribute: string]: string };

export interface EftiNode {
  [element: string]: EftiLeaf | EftiNode | Array<EftiLeaf | EftiNode>;
}

/** A mandatory element of an applicable subset that the shipment cannot fill (warning `efti_element_missing`). */
export interface EftiOmission {
  efti_id: string;
  subset: string;
  /** Element path from the root, e.g. `consignment/consignor/postalAddress`. */
  path: string;
}
