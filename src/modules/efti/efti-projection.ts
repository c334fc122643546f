/**
 * Projection of an eFTI consignment (the mapping's common dataset) onto requested subsets, and
 * shaping of a tree to one of the XSDs. The result is the EftiNode both serialisers read: keys in
 * `xsd:sequence` order, an element that may repeat always an array, one that may not a single value.
 *
 * Subset rule: an element stays when the XSD annotates its occurrence for at
 * least one requested subset; an aggregate (complex element, status `SI` or other) stays only with
 * at least one child that stays. The walk is top-down, so a member below a non-member aggregate
 * would be lost: the XSD v0.8 has no such case (every member's ancestors are members of the same
 * subset; test/efti/efti-schema.test.ts checks it), so what stays is exactly the annotated set and
 * the document stays valid. No subset: every element of the eFTI common dataset (annotated for
 * any subset) that the mapping filled.
 *
 * An element the XSD does not know is a mapping bug and throws. An occurrence the XSD cannot take
 * as it is (a required child or attribute missing, more occurrences than `maxOccurs`) is left out
 * and its path reported in `dropped`, so the XML is always valid and nothing is invented.
 */
import type { EftiLeaf, EftiNode } from './efti-node.js';
import { COMMON_SCHEMA, IDENTIFIER_SCHEMA, IDENTIFIER_SUBSET, type EftiElement } from './efti-schema.js';

export interface ShapedConsignment {
  consignment: EftiNode;
  /** Paths of occurrences left out because the XSD could not take them (see above). */
  dropped: string[];
}

type Keep = (element: EftiElement) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function leaf(value: unknown, element: EftiElement, dropped: string[]): EftiLeaf | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    if (element.requiredAttributes.length > 0) return void dropped.push(element.path);
    return String(value);
  }
  if (value.value === undefined || value.value === null) throw new Error(`eFTI ${element.path}: an object leaf needs \`value\``);
  const out: { value: string; [attribute: string]: string } = { value: String(value.value) };
  for (const [name, v] of Object.entries(value)) {
    if (name === 'value' || v === undefined || v === null) continue;
    if (!element.attributes.includes(name)) throw new Error(`eFTI ${element.path}: attribute ${name} is not in the XSD`);
    out[name] = String(v);
  }
  if (element.requiredAttributes.some((a) => out[a] === undefined)) return void dropped.push(element.path);
  return element.attributes.length > 0 && Object.keys(out).length > 1 ? out : out.value;
}

/** What a walk needs of an element beyond the schema, worked out once per element (the projection runs per request). */
interface Facts {
  /** Children that must occur (minOccurs > 0). */
  required: readonly EftiElement[];
  /** Each child by name: its sequence position (to put the given keys in XSD order) and where its text splits. */
  children: ReadonlyMap<string, { element: EftiElement; position: number; splitAt: number | undefined }>;
}

const factsOf = new WeakMap<EftiElement, Facts>();

/** Free text of a repeatable element (LimitedString, LocalizedString): its Annex `an..N`; a code or identifier is never cut in pieces. */
function splitAt(element: EftiElement): number | undefined {
  if (element.maxOccurs <= 1 || !/^types:(Limited|Localized)String\d+$/.test(element.type)) return undefined;
  return Number(/^an\.\.(\d+)$/.exec(element.efti?.format ?? '')?.[1] ?? Infinity);
}

function facts(element: EftiElement): Facts {
  let known = factsOf.get(element);
  if (!known) {
    known = {
      required: element.children.filter((c) => c.minOccurs > 0),
      children: new Map(element.children.map((c, position) => [c.name, { element: c, position, splitAt: splitAt(c) }])),
    };
    factsOf.set(element, known);
  }
  return known;
}

/**
 * The eFTI mapping: "Lengths follow the Annex `format` column; longer values split over repeated
 * occurrences, never truncated". A free text longer than its `an..N` goes over as many occurrences
 * of a repeatable element as it needs, N characters (code points) each; a value the mapping split
 * already passes unchanged. A non-repeatable element is left as it is: that is the mapping's to fix.
 */
function pushSplit(occurrences: Array<EftiNode | EftiLeaf>, value: EftiLeaf, limit: number | undefined): void {
  const text = typeof value === 'string' ? value : value.value;
  // UTF-16 length ≥ code points: most texts are short enough without counting.
  const chars = limit === undefined || text.length <= limit ? undefined : [...text];
  if (chars === undefined || chars.length <= limit!) {
    occurrences.push(value);
    return;
  }
  for (let i = 0; i < chars.length; i += limit!) {
    const part = chars.slice(i, i + limit!).join('');
    occurrences.push(typeof value === 'string' ? part : { ...value, value: part });
  }
}

function node(value: unknown, element: EftiElement, keep: Keep, dropped: string[]): EftiNode | undefined {
  if (!isObject(value)) throw new Error(`eFTI ${element.path} is an aggregate: an object expected`);
  const { required, children } = facts(element);
  // The given keys (a few) in sequence order, rather than every child the XSD allows (dozens); most come in order.
  const names = Object.keys(value);
  let previous = -1;
  let ordered = true;
  for (const name of names) {
    const position = children.get(name)?.position;
    if (position === undefined) throw new Error(`eFTI ${element.path}/${name} is not in the XSD`);
    if (position < previous) ordered = false;
    previous = position;
  }
  if (!ordered) names.sort((a, b) => children.get(a)!.position - children.get(b)!.position);
  const out: EftiNode = {};
  let kept = 0;
  for (const name of names) {
    const { element: child, splitAt: limit } = children.get(name)!;
    const given = value[name];
    if (given === undefined || given === null || !keep(child)) continue;
    const occurrences: Array<EftiNode | EftiLeaf> = [];
    for (const v of Array.isArray(given) ? given : [given]) {
      if (child.kind === 'complex') {
        const shaped = node(v, child, keep, dropped);
        if (shaped !== undefined) occurrences.push(shaped);
      } else {
        const text = leaf(v, child, dropped);
        if (text !== undefined) pushSplit(occurrences, text, limit);
      }
    }
    if (occurrences.length > child.maxOccurs) {
      dropped.push(...occurrences.slice(child.maxOccurs).map(() => child.path));
      occurrences.length = child.maxOccurs;
    }
    if (occurrences.length === 0) continue;
    out[name] = child.maxOccurs > 1 ? occurrences : occurrences[0]!;
    kept += 1;
  }
  const missing = required.some((c) => out[c.name] === undefined);
  if (missing && element !== COMMON_SCHEMA.root && element !== IDENTIFIER_SCHEMA.root) return void dropped.push(element.path);
  return kept > 0 ? out : undefined;
}

function membership(subsets: readonly string[]): Keep {
  if (subsets.length === 0) return (e) => e.efti !== undefined;
  return (e) => e.efti !== undefined && subsets.some((s) => e.efti!.subsets.has(s));
}

/** The consignment reduced to the requested subsets (none: the whole eFTI common dataset), shaped to consignment-common.xsd. */
export function projectConsignment(consignment: EftiNode, subsets: readonly string[] = []): ShapedConsignment {
  const dropped: string[] = [];
  return { consignment: node(consignment, COMMON_SCHEMA.root, membership(subsets), dropped) ?? {}, dropped };
}

/** The `identifier` subset shaped to consignment-identifier.xsd (the gate's document). */
export function projectIdentifier(consignment: EftiNode): ShapedConsignment {
  const { consignment: subset, dropped } = projectConsignment(consignment, [IDENTIFIER_SUBSET]);
  return { consignment: node(subset, IDENTIFIER_SCHEMA.root, () => true, dropped) ?? {}, dropped };
}

/** Shapes a tree to consignment-common.xsd keeping every element the XSD allows (test fixtures, the reference example). */
export function shapeToCommonSchema(consignment: EftiNode): ShapedConsignment {
  const dropped: string[] = [];
  return { consignment: node(consignment, COMMON_SCHEMA.root, () => true, dropped) ?? {}, dropped };
}
