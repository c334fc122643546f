/**
 * The XML serialiser of the eFTI model (DESIGN, XML: xmlbuilder2). One model, two outputs: the JSON
 * is the EftiNode itself; this writes the same tree as `consignment` in the namespace of
 * consignment-common.xsd, or of consignment-identifier.xsd for the gate. Children are written in
 * `xsd:sequence` order whatever the key order of the object, attributes from `{value, unitId…}`.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { EftiNode } from './efti-node.js';
import { projectConsignment, projectIdentifier } from './efti-projection.js';
import { COMMON_SCHEMA, IDENTIFIER_SCHEMA, IDENTIFIER_SUBSET, type EftiElement, type EftiSchema } from './efti-schema.js';

function write(parent: XMLBuilder, value: EftiNode, element: EftiElement, namespace: string): void {
  for (const child of element.children) {
    const given = value[child.name];
    if (given === undefined) continue;
    for (const occurrence of Array.isArray(given) ? given : [given]) {
      if (child.kind === 'complex') {
        write(parent.ele(namespace, child.name), occurrence as EftiNode, child, namespace);
      } else if (typeof occurrence === 'string') {
        parent.ele(namespace, child.name).txt(occurrence);
      } else {
        const { value: text, ...attributes } = occurrence as { value: string; [attribute: string]: string };
        parent.ele(namespace, child.name, attributes).txt(text);
      }
    }
  }
}

/** A tree already shaped to `schema` (efti-projection.ts) as its XML document. */
export function serialiseEfti(consignment: EftiNode, schema: EftiSchema): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  write(doc.ele(schema.namespace, 'consignment'), consignment, schema.root, schema.namespace);
  return doc.end({ prettyPrint: true });
}

/** The common dataset (or the requested subsets of it) as XML valid against consignment-common.xsd. */
export function consignmentXml(consignment: EftiNode, subsets: readonly string[] = []): string {
  return serialiseEfti(projectConsignment(consignment, subsets).consignment, COMMON_SCHEMA);
}

/** The `identifier` subset as the document a platform sends its gate, valid against consignment-identifier.xsd. */
export function identifierXml(consignment: EftiNode): string {
  return serialiseEfti(projectIdentifier(consignment).consignment, IDENTIFIER_SCHEMA);
}

/** What `GET …/efti` answers as XML: `subset=identifier` alone is the gate's document; anything else the common one. */
export function eftiXml(consignment: EftiNode, subsets: readonly string[]): string {
  return subsets.length === 1 && subsets[0] === IDENTIFIER_SUBSET ? identifierXml(consignment) : consignmentXml(consignment, subsets);
}
