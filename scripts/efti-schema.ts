/**
 * Reads the EFTI4EU schemas (schemas/efti4eu/xsd, v0.8) into src/modules/efti/efti-schema.generated.ts,
 * so that the service decides membership, order and occurrence from the XSD and never from a list
 * typed by hand. `npm run efti-schema` writes the file; a test regenerates it in memory and fails
 * when the committed one differs.
 *
 * What is read: each complex type's `xsd:sequence` (element name, type, minOccurs, maxOccurs, in
 * sequence order: XML must follow it), the attributes each simple-content type allows (types/*.xsd),
 * and each `<efti id format parentId><subset id status/></efti>` annotation. A complex type is
 * reused at several places (TradeParty is consignor, consignee, carrier…) and carries one annotation
 * per use; the annotation whose `parentId` is the eFTI id of the enclosing element is the one of
 * that occurrence, so membership is resolved per path by walking from the root.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { projectRoot } from '../src/core/project-root.js';

export const EFTI_SCHEMA_FILE = join(projectRoot(), 'src', 'modules', 'efti', 'efti-schema.generated.ts');
export const EFTI_XSD_DIR = join(projectRoot(), 'schemas', 'efti4eu', 'xsd');

const XSD = 'http://www.w3.org/2001/XMLSchema';

interface Annotation {
  id: string;
  format: string;
  parentId: string;
  subsets: Array<[id: string, status: string]>;
}

interface SequenceElement {
  name: string;
  type: string;
  min: number;
  max: number | 'unbounded';
  annotations: Annotation[];
}

function parse(file: string): Element {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => { if (level !== 'warning') errors.push(message); } }).parseFromString(readFileSync(file, 'utf8'), 'text/xml');
  if (errors.length > 0) throw new Error(`${file}: ${errors.join('; ')}`);
  return doc.documentElement!;
}

const childElements = (parent: Element, localName: string, namespace = XSD): Element[] =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).localName === localName && (n as Element).namespaceURI === namespace);

function annotationsOf(element: Element): Annotation[] {
  // <xsd:annotation><xsd:appinfo><efti …> (the appinfo children are in no namespace).
  const appinfo = childElements(element, 'annotation').flatMap((a) => childElements(a, 'appinfo'));
  return appinfo.flatMap((a) => childElements(a, 'efti', null as unknown as string)).map((e) => ({
    id: e.getAttribute('id') ?? '',
    format: e.getAttribute('format') ?? '',
    parentId: e.getAttribute('parentId') ?? '',
    subsets: childElements(e, 'subset', null as unknown as string).map((s) => [s.getAttribute('id') ?? '', s.getAttribute('status') ?? ''] as [string, string]),
  }));
}

/** Complex types of one consignment schema: name → sequence. */
function sequences(root: Element): Map<string, SequenceElement[]> {
  const types = new Map<string, SequenceElement[]>();
  for (const type of childElements(root, 'complexType')) {
    const elements = childElements(type, 'sequence').flatMap((s) => childElements(s, 'element'));
    types.set(
      type.getAttribute('name')!,
      elements.map((e) => ({
        name: e.getAttribute('name')!,
        type: e.getAttribute('type')!,
        min: Number(e.getAttribute('minOccurs') || '1'),
        max: e.getAttribute('maxOccurs') === 'unbounded' ? 'unbounded' : Number(e.getAttribute('maxOccurs') || '1'),
        annotations: annotationsOf(e),
      })),
    );
  }
  return types;
}

/** `types:X` with simple content → the attributes it allows, `!` marking a required one. */
function simpleContentAttributes(): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const file of ['common.xsd', 'currency.xsd', 'measurement.xsd', 'time.xsd']) {
    for (const type of childElements(parse(join(EFTI_XSD_DIR, 'types', file)), 'complexType')) {
      const extension = childElements(type, 'simpleContent').flatMap((c) => childElements(c, 'extension'));
      const names = extension.flatMap((x) => childElements(x, 'attribute')).map((a) => `${a.getAttribute('name')}${a.getAttribute('use') === 'required' ? '!' : ''}`);
      if (names.length > 0) attributes[`types:${type.getAttribute('name')}`] = names;
    }
  }
  return attributes;
}

function rootType(root: Element): string {
  const consignment = childElements(root, 'element').find((e) => e.getAttribute('name') === 'consignment');
  return consignment!.getAttribute('type')!.replace(/^efti:/, '');
}

/** Walks from the root, giving each element occurrence the annotation whose parentId is its parent's eFTI id. */
function annotationsByPath(types: Map<string, SequenceElement[]>, root: string): Array<{ path: string } & Annotation> {
  const rootAnnotations = new Set([...types.get(root)!].flatMap((e) => e.annotations.map((a) => a.parentId)));
  if (rootAnnotations.size !== 1) throw new Error(`the root's children name ${rootAnnotations.size} parents`);
  const found: Array<{ path: string } & Annotation> = [];
  const walk = (typeName: string, parentId: string | undefined, path: string) => {
    for (const element of types.get(typeName)!) {
      const own = parentId === undefined ? [] : element.annotations.filter((a) => a.parentId === parentId);
      if (own.length > 1) throw new Error(`${path}/${element.name}: ${own.length} annotations for parent ${parentId}`);
      if (own[0]) found.push({ path: `${path}/${element.name}`, ...own[0] });
      // Below an occurrence without an annotation nothing can be annotated: annotations name their parent.
      if (element.type.startsWith('efti:')) walk(element.type.slice(5), own[0]?.id, `${path}/${element.name}`);
    }
  };
  walk(root, [...rootAnnotations][0], 'consignment');
  const total = [...types.values()].flat().reduce((n, e) => n + e.annotations.length, 0);
  if (found.length !== total) throw new Error(`${total - found.length} annotations name a parent that is not on any path`);
  return found;
}

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function typesSource(types: Map<string, SequenceElement[]>, attributes: Record<string, string[]>): string {
  const lines: string[] = [];
  for (const [name, elements] of types) {
    lines.push(`  ${name}: [`);
    for (const e of elements) {
      const attrs = attributes[e.type];
      lines.push(`    { name: ${quote(e.name)}, type: ${quote(e.type)}, min: ${e.min}, max: ${e.max === 'unbounded' ? "'unbounded'" : e.max}${attrs ? `, attributes: [${attrs.map(quote).join(', ')}]` : ''} },`);
    }
    lines.push('  ],');
  }
  return lines.join('\n');
}

/** Straight from consignment-common.xsd (not through the generated file): element path → the subset ids annotated there. */
export function xsdSubsetsByPath(): Map<string, Set<string>> {
  const common = parse(join(EFTI_XSD_DIR, 'consignment-common.xsd'));
  return new Map(annotationsByPath(sequences(common), rootType(common)).map((a) => [a.path, new Set(a.subsets.map(([id]) => id))]));
}

/** The enumerations of the code lists in xsd/codes (ISO 3166-1, ISO 4217, ISO 639-1, UNECE Rec. 19, D23A), by type name. */
function codeLists(): [string, string[]][] {
  const dir = join(EFTI_XSD_DIR, 'codes');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.xsd'))
    .sort()
    .flatMap((file) =>
      Array.from(parse(join(dir, file)).getElementsByTagNameNS(XSD, 'simpleType'))
        .map((type) => [type.getAttribute('name') ?? '', Array.from(type.getElementsByTagNameNS(XSD, 'enumeration')).map((e) => e.getAttribute('value') ?? '')] as [string, string[]])
        .filter(([name, values]) => name !== '' && values.length > 0),
    );
}

/** The source text of efti-schema.generated.ts for the committed XSDs. */
export function eftiSchemaSource(): string {
  const common = parse(join(EFTI_XSD_DIR, 'consignment-common.xsd'));
  const identifier = parse(join(EFTI_XSD_DIR, 'consignment-identifier.xsd'));
  const attributes = simpleContentAttributes();
  const commonTypes = sequences(common);
  const identifierTypes = sequences(identifier);
  const annotations = annotationsByPath(commonTypes, rootType(common));
  const subsetIds = [...new Set(annotations.flatMap((a) => a.subsets.map(([id]) => id)))].sort();
  const annotationLines = annotations.map((a) => {
    const byStatus = new Map<string, string[]>();
    for (const [id, status] of a.subsets) byStatus.set(status, [...(byStatus.get(status) ?? []), id]);
    const subsets = [...byStatus].map(([status, ids]) => `${quote(status)}: ${quote(ids.join(' '))}`).join(', ');
    return `  { path: ${quote(a.path)}, id: ${quote(a.id)}, format: ${quote(a.format)}, subsets: { ${subsets} } },`;
  });
  return `/**
 * Generated by \`npm run efti-schema\` from schemas/efti4eu/xsd (EFTI4EU consignment-common.xsd
 * version ${common.getAttribute('version')}, consignment-identifier.xsd version ${identifier.getAttribute('version')}): do not edit.
 * A test fails when this file differs from what the committed XSDs generate. Read through efti-schema.ts.
 */
import type { EftiAnnotationRow, EftiSequenceRow } from './efti-schema-rows.js';

export const COMMON_ROOT_TYPE = ${quote(rootType(common))};
export const IDENTIFIER_ROOT_TYPE = ${quote(rootType(identifier))};

/** Every subset id the annotations name (case-sensitive), sorted. */
export const SUBSET_IDS: readonly string[] = [
${chunk(subsetIds.map(quote), 12).map((ids) => `  ${ids.join(', ')},`).join('\n')}
];

/** consignment-common.xsd: each complex type's sequence, in sequence order. */
export const COMMON_TYPES: Readonly<Record<string, readonly EftiSequenceRow[]>> = {
${typesSource(commonTypes, attributes)}
};

/** consignment-identifier.xsd (the document sent to the gate): each complex type's sequence. */
export const IDENTIFIER_TYPES: Readonly<Record<string, readonly EftiSequenceRow[]>> = {
${typesSource(identifierTypes, attributes)}
};

/** The code lists of xsd/codes: type name (as elements name it, \`codes:CountryCode\`) → its values. */
export const CODE_LISTS: Readonly<Record<string, readonly string[]>> = {
${codeLists().map(([type, values]) => `  ${type}: [\n${chunk(values.map(quote), 16).map((v) => `    ${v.join(', ')},`).join('\n')}\n  ],`).join('\n')}
};

/** consignment-common.xsd: the eFTI annotation of each element occurrence that has one, by path (subset ids grouped by status). */
export const COMMON_ANNOTATIONS: readonly EftiAnnotationRow[] = [
${annotationLines.join('\n')}
];
`;
}

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  writeFileSync(EFTI_SCHEMA_FILE, eftiSchemaSource());
  process.stdout.write(`wrote ${EFTI_SCHEMA_FILE}\n`);
}
