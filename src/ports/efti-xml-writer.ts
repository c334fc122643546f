/**
 * Writes eFTI XML documents off the event loop: xmlbuilder2 spends about 10 µs per
 * element, so the document of a 200-line shipment takes milliseconds that requests should not wait
 * behind. The tree is already projected and shaped to its XSD (src/modules/efti/efti-projection.ts).
 */

/** Which XSD the tree is shaped to: consignment-common.xsd, or consignment-identifier.xsd (the gate's). */
export type EftiDocumentKind = 'common' | 'identifier';

export interface EftiXmlJob {
  kind: EftiDocumentKind;
  /** An EftiNode (plain data: it is cloned into a thread). */
  consignment: Record<string, unknown>;
}

export interface EftiXmlWriter {
  /** The XML text of the document; rejects only on a bug (a tree not shaped to its XSD). */
  write(job: EftiXmlJob): Promise<string>;
  close(): Promise<void>;
}
