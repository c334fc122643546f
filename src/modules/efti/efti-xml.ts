/**
 * The XML serialiser of the eFTI model. One model, two outputs: the JSON is the EftiNode itself;
 * this writes the same tree as `consignment` in the namespace of consignment-common.xsd, or of
 * consignment-identifier.xsd for the gate. Children are written in `xsd:sequence` order whatever the
 * key order of the object, attributes from `{value, unitId…}`.
 *
 * Departure from DESIGN (XML: xmlbuilder2, which still writes the UBL invoice): this writes the
 * markup itself. The documents are plain — one namespace, elements with text or children, a few
 * attributes — so the only care is escaping (`&`, `<`, `>`; `"` in attributes) and characters
 * XML cannot carry. For the common dataset of a 200-line shipment xmlbuilder2 took 1.7 ms (it
 * builds a DOM first), fast-xml-parser's XMLBuilder 0.55 ms, this 0.15 ms, all three giving the
 * same bytes (idle core, 2026-11-25); the target is the XML at most twice the cost of reading
 * the shipment, which with xmlbuilder2 measured 3.7 and with XMLBuilder 2.2 (bench/efti.bench.ts).
 * The tests hold every subset's document against the XSDs with xmllint and read each one back.
 */
import type { EftiDocumentKind, EftiXmlWriter } from '../../ports/efti-xml-writer.js';
import type { EftiNode } from './efti-node.js';
import { projectConsignment, projectIdentifier } from './efti-projection.js';
import { COMMON_SCHEMA, IDENTIFIER_SCHEMA, IDENTIFIER_SUBSET, type EftiElement } from './efti-schema.js';

/**
 * Documents up to this many elements are written on the calling thread (about 1 ms). The largest a
 * shipment makes today (200 goods lines, the input's limit) has about 1,300 elements and takes
 * about 0.25 ms; the threads take anything larger, should the limits grow.
 */
export const INLINE_XML_ELEMENTS = 2000;

const SCHEMAS = { common: COMMON_SCHEMA, identifier: IDENTIFIER_SCHEMA } as const;

/**
 * Characters XML 1.0 cannot carry (C0 controls other than tab, line feed and carriage return; the
 * non-characters U+FFFE and U+FFFF; lone surrogates) become U+FFFD: our input may hold them, and
 * a document with them would not parse at all.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text content and attribute values alike (`"` needs escaping only in attributes, and is harmless in text). */
const escape = (text: string) => text.replace(NOT_XML, '\uFFFD').replace(/[&<>"]/g, (c) => ESCAPES[c]!);

function write(out: string[], value: EftiNode, element: EftiElement, indent: string): void {
  for (const child of element.children) {
    const given = value[child.name];
    if (given === undefined) continue;
    for (const occurrence of Array.isArray(given) ? given : [given]) {
      if (child.kind === 'complex') {
        out.push(`${indent}<${child.name}>\n`);
        write(out, occurrence as EftiNode, child, `${indent}  `);
        out.push(`${indent}</${child.name}>\n`);
      } else if (typeof occurrence === 'string') {
        out.push(`${indent}<${child.name}>${escape(occurrence)}</${child.name}>\n`);
      } else {
        const { value: text, ...attributes } = occurrence as { value: string; [attribute: string]: string };
        let open = child.name;
        for (const [name, attribute] of Object.entries(attributes)) open += ` ${name}="${escape(attribute)}"`;
        out.push(`${indent}<${open}>${escape(text)}</${child.name}>\n`);
      }
    }
  }
}

/** A tree already shaped to the kind's XSD (efti-projection.ts) as its XML document, indented by two spaces. */
export function serialiseEfti(consignment: EftiNode, kind: EftiDocumentKind): string {
  const schema = SCHEMAS[kind];
  const out = [`<?xml version="1.0" encoding="UTF-8"?>\n<consignment xmlns="${schema.namespace}">\n`];
  write(out, consignment, schema.root, '  ');
  out.push('</consignment>');
  return out.join('');
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
