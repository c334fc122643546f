/**
 * eFTI documents in tests: an eFTI XML read back into the model (with a real parser, @xmldom/xmldom,
 * guided by the XSD tree only for which elements repeat), and `xmllint --schema` over many files in
 * one process, answering the files that fail with libxml2's message.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { EftiNode } from '../../src/modules/efti/efti-node.js';
import { COMMON_SCHEMA, IDENTIFIER_SCHEMA, type EftiElement } from '../../src/modules/efti/efti-schema.js';
import { EFTI_XSD_DIR } from '../../scripts/efti-schema.js';

export const COMMON_XSD = join(EFTI_XSD_DIR, 'consignment-common.xsd');
export const IDENTIFIER_XSD = join(EFTI_XSD_DIR, 'consignment-identifier.xsd');

const elementsOf = (e: Element): Element[] => Array.from(e.childNodes).filter((n): n is Element => n.nodeType === 1);

function read(element: Element, schema: EftiElement, namespace: string): EftiNode {
  const out: EftiNode = {};
  for (const child of elementsOf(element)) {
    if (child.namespaceURI !== namespace) throw new Error(`${child.tagName} is in namespace ${child.namespaceURI}`);
    const def = schema.child.get(child.localName!);
    if (!def) throw new Error(`${schema.path}/${child.localName} is not in the XSD`);
    let value: EftiNode[string];
    if (def.kind === 'complex') value = read(child, def, namespace);
    else {
      const attributes = Array.from(child.attributes).filter((a) => !a.name.startsWith('xmlns'));
      value = attributes.length === 0 ? (child.textContent ?? '') : { value: child.textContent ?? '', ...Object.fromEntries(attributes.map((a) => [a.name, a.value])) };
    }
    if (def.maxOccurs > 1) out[def.name] = [...((out[def.name] as unknown[] | undefined) ?? []), value] as EftiNode[string];
    else out[def.name] = value;
  }
  return out;
}

/** An eFTI consignment document (common or identifier) as the model; the root's namespace picks the XSD. */
export function parseEftiXml(xml: string): { namespace: string; consignment: EftiNode } {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => { if (level !== 'warning') errors.push(message); } }).parseFromString(xml, 'application/xml');
  if (errors.length > 0) throw new Error(`not well-formed XML: ${errors.join('; ')}`);
  const root = doc.documentElement!;
  const schema = root.namespaceURI === IDENTIFIER_SCHEMA.namespace ? IDENTIFIER_SCHEMA : COMMON_SCHEMA;
  if (root.localName !== 'consignment' || root.namespaceURI !== schema.namespace) throw new Error(`root {${root.namespaceURI}}${root.localName}`);
  return { namespace: schema.namespace, consignment: read(root, schema.root, schema.namespace) };
}

/** Every element path of a consignment (`consignment/consignor/name`…), aggregates included, leaves not entered. */
export function elementPaths(node: EftiNode, prefix = 'consignment', out = new Set<string>()): Set<string> {
  for (const [name, value] of Object.entries(node)) {
    const path = `${prefix}/${name}`;
    out.add(path);
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'object' && !('value' in v && typeof v.value === 'string')) elementPaths(v as EftiNode, path, out);
  }
  return out;
}

/** `xmllint --noout --schema xsd` over all documents in one process; answers `name: message` per failing document. */
export function xsdViolations(xsd: string, documents: ReadonlyArray<[name: string, xml: string]>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'efti-xml-'));
  try {
    const files = documents.map(([name, xml], i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, xml);
      return { file, name };
    });
    let output: string;
    try {
      output = execFileSync('xmllint', ['--noout', '--schema', xsd, ...files.map((f) => f.file)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
      return [];
    } catch (error) {
      output = String((error as { stderr?: string }).stderr ?? error);
    }
    const failures = files.flatMap(({ file, name }) => {
      if (!output.includes(`${file} fails to validate`)) return [];
      const messages = output.split('\n').filter((line) => line.startsWith(`${file}:`));
      return [`${name}: ${messages.slice(0, 3).join(' | ') || 'fails to validate'}`];
    });
    // xmllint failed yet named no document: the schema or the call is wrong, never "all valid".
    if (failures.length === 0) throw new Error(`xmllint: ${output}`);
    return failures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
