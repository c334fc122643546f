/**
 * The XML serialiser of the eFTI model. One model, two outputs: the JSON is the EftiNode itself;
 * this writes the same tree as `consignment` in the namespace of consignment-common.xsd, or of
 * consignment-identifier.xsd for the gate. Children are written in `xsd:sequence` order whatever the
 * key order of the object, attributes from `{value, unitId…}`.
 *
 * Departure from DESIGN (XML: xmlbuilder2, which still writes the UBL invoice): eFTI XML is written
 * with fast-xml-parser's XMLBuilder. The bytes are the same, but xmlbuilder2 builds a DOM first and
 * took 1.7 ms for the common dataset of a 200-line shipment where XMLBuilder takes 0.55 ms (idle
 * core, 2026-11-25); issue 16 asks for the XML at most twice the cost of reading the shipment, and
 * with xmlbuilder2 the route measured 3.7 times (bench/efti.bench.ts). eftiDocument() says how many
 * elements a document has, so that a caller on a request path writes small ones at once and hands
 * large ones to the EftiXmlWriter threads.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { EftiDocumentKind, EftiXmlWriter } from '../../ports/efti-xml-writer.js';
import type { EftiNode } from './efti-node.js';
import { projectConsignment, projectIdentifier } from './efti-projection.js';
import { COMMON_SCHEMA, IDENTIFIER_SCHEMA, IDENTIFIER_SUBSET, type EftiElement } from './efti-schema.js';

/**
 * Documents up to this many elements are written on the calling thread (about 1 ms). The largest a
 * shipment makes today (200 goods lines, the input's limit) has about 1,300 elements and takes
 * 0.55–0.8 ms; the threads take anything larger, should the limits grow.
 */
export const INLINE_XML_ELEMENTS = 2000;

const SCHEMAS = { common: COMMON_SCHEMA, identifier: IDENTIFIER_SCHEMA } as const;

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', textNodeName: '#text', format: true, indentBy: '  ' });

/**
 * Characters XML 1.0 cannot carry (C0 controls other than tab, line feed and carriage return; the
 * non-characters U+FFFE and U+FFFF; lone surrogates) become U+FFFD: our input may hold them, and
 * a document with them would not parse at all.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlText = (text: string) => text.replace(NOT_XML, '\uFFFD');

/** The tree in XSD order, as XMLBuilder takes it: `@name` attributes, `#text` beside them. */
function ordered(value: EftiNode, element: EftiElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const child of element.children) {
    const given = value[child.name];
    if (given === undefined) continue;
    const occurrences = (Array.isArray(given) ? given : [given]).map((occurrence) => {
      if (child.kind === 'complex') return ordered(occurrence as EftiNode, child);
      if (typeof occurrence === 'string') return xmlText(occurrence);
      const { value: text, ...attributes } = occurrence as { value: string; [attribute: string]: string };
      const leaf: Record<string, string> = { '#text': xmlText(text) };
      for (const [name, attribute] of Object.entries(attributes)) leaf[`@${name}`] = xmlText(attribute);
      return leaf;
    });
    out[child.name] = occurrences.length === 1 ? occurrences[0] : occurrences;
  }
  return out;
}

/** A tree already shaped to the kind's XSD (efti-projection.ts) as its XML document. */
export function serialiseEfti(consignment: EftiNode, kind: EftiDocumentKind): string {
  const schema = SCHEMAS[kind];
  const body = builder.build({ consignment: { '@xmlns': schema.namespace, ...ordered(consignment, schema.root) } }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body.trimEnd()}`;
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
