/**
 * The XML serialiser of the eFTI model (DESIGN, XML: xmlbuilder2). One model, two outputs: the JSON
 * is the EftiNode itself; this writes the same tree as `consignment` in the namespace of
 * consignment-common.xsd, or of consignment-identifier.xsd for the gate. Children are written in
 * `xsd:sequence` order whatever the key order of the object, attributes from `{value, unitId…}`.
 *
 * Cost: about 10 µs per element (3 ms for 200 packages and 200 items, the common dataset, on an
 * idle core). eftiDocument() says how many elements a document has, so that a caller on a request
 * path writes small ones at once and hands large ones to the EftiXmlWriter threads.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { EftiDocumentKind, EftiXmlWriter } from '../../ports/efti-xml-writer.js';
import type { EftiNode } from './efti-node.js';
import { projectConsignment, projectIdentifier } from './efti-projection.js';
import { COMMON_SCHEMA, IDENTIFIER_SCHEMA, IDENTIFIER_SUBSET, type EftiElement } from './efti-schema.js';

/** Documents up to this many elements are written on the calling thread (about 1 ms). */
export const INLINE_XML_ELEMENTS = 100;

const SCHEMAS = { common: COMMON_SCHEMA, identifier: IDENTIFIER_SCHEMA } as const;

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

/** A tree already shaped to the kind's XSD (efti-projection.ts) as its XML document. */
export function serialiseEfti(consignment: EftiNode, kind: EftiDocumentKind): string {
  const schema = SCHEMAS[kind];
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  write(doc.ele(schema.namespace, 'consignment'), consignment, schema.root, schema.namespace);
  return doc.end({ prettyPrint: true });
}

function countElements(node: EftiNode): number {
  let n = 0;
  for (const value of Object.values(node)) {
    for (const v of Array.isArray(value) ? value : [value]) n += 1 + (typeof v === 'object' && !('value' in v && typeof v.value === 'string') ? countElements(v as EftiNode) : 0);
  }
  return n;
}

/**
 * What `GET …/efti` writes as XML for these subsets, shaped and ready for serialiseEfti: `subset=identifier`
 * alone is the gate's document (consignment-identifier.xsd); anything else the common one.
 */
export function eftiDocument(consignment: EftiNode, subsets: readonly string[]): ShapedDocument {
  const identifier = subsets.length === 1 && subsets[0] === IDENTIFIER_SUBSET;
  return identifier ? shaped('identifier', projectIdentifier(consignment).consignment) : commonDocument(consignment, subsets);
}

/** The common document in these subsets, also for `identifier` (the gate asks for subsets of the common dataset). */
export function commonDocument(consignment: EftiNode, subsets: readonly string[]): ShapedDocument {
  return shaped('common', projectConsignment(consignment, subsets).consignment);
}

export interface ShapedDocument {
  kind: EftiDocumentKind;
  consignment: EftiNode;
  elements: number;
}

function shaped(kind: EftiDocumentKind, consignment: EftiNode): ShapedDocument {
  return { kind, consignment, elements: countElements(consignment) };
}

/** On a request path: small documents written at once, large ones in the writer's threads. */
export async function writeEfti(writer: EftiXmlWriter, document: ShapedDocument): Promise<string> {
  if (document.elements <= INLINE_XML_ELEMENTS) return serialiseEfti(document.consignment, document.kind);
  return writer.write({ kind: document.kind, consignment: document.consignment });
}

/** The common dataset (or the requested subsets of it) as XML valid against consignment-common.xsd. */
export function consignmentXml(consignment: EftiNode, subsets: readonly string[] = []): string {
  return serialiseEfti(projectConsignment(consignment, subsets).consignment, 'common');
}

/** The `identifier` subset as the document a platform sends its gate, valid against consignment-identifier.xsd. */
export function identifierXml(consignment: EftiNode): string {
  return serialiseEfti(projectIdentifier(consignment).consignment, 'identifier');
}

/** eftiDocument() written at once (tests, and callers off the request path). */
export function eftiXml(consignment: EftiNode, subsets: readonly string[]): string {
  const document = eftiDocument(consignment, subsets);
  return serialiseEfti(document.consignment, document.kind);
}
