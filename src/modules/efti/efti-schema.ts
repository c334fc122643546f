/**
 * The eFTI element trees, read from the XSDs at build time (efti-schema.generated.ts): for each
 * element occurrence from the root `consignment`, its children in `xsd:sequence` order, its
 * occurrences, the attributes its type allows and, in the common dataset, its eFTI annotation
 * (id, Annex `format`, subset membership with status). Membership belongs to the occurrence, not to
 * the type: `TradeParty/name` is eFTI51 under `consignor` and eFTI68 under `consignee`.
 */
import type { EftiSequenceRow } from './efti-schema-rows.js';
import { COMMON_ANNOTATIONS, COMMON_ROOT_TYPE, COMMON_TYPES, IDENTIFIER_ROOT_TYPE, IDENTIFIER_TYPES, SUBSET_IDS } from './efti-schema.generated.js';

export const EFTI_COMMON_NAMESPACE = 'http://efti.eu/v1/consignment/common';
export const EFTI_IDENTIFIER_NAMESPACE = 'http://efti.eu/v1/consignment/identifier';

/** The subset of the document a platform uploads to its gate (consignment-identifier.xsd). */
export const IDENTIFIER_SUBSET = 'identifier';

export interface EftiAnnotation {
  /** `eFTInnn` (data element) or `ASBIEnnnn` (aggregate). */
  id: string;
  format: string;
  /** Subset id → status (`M`, `O`, `C`, `SI`, `O/C/C`…). */
  subsets: ReadonlyMap<string, string>;
}

export interface EftiElement {
  name: string;
  /** From the root: `consignment/consignor/name`. */
  path: string;
  /** `complex` holds elements; `simple` holds text (and maybe attributes). */
  kind: 'complex' | 'simple';
  type: string;
  minOccurs: number;
  /** Infinity for `unbounded`. */
  maxOccurs: number;
  attributes: readonly string[];
  requiredAttributes: readonly string[];
  /** In sequence order. */
  children: readonly EftiElement[];
  child: ReadonlyMap<string, EftiElement>;
  /** Absent where the XSD allows the element but the eFTI dataset does not annotate this occurrence. */
  efti?: EftiAnnotation;
}

export interface EftiSchema {
  namespace: string;
  root: EftiElement;
}

function build(types: Readonly<Record<string, readonly EftiSequenceRow[]>>, rootType: string, annotations: ReadonlyMap<string, EftiAnnotation>): EftiElement {
  const element = (row: EftiSequenceRow, path: string): EftiElement => {
    const complex = row.type.startsWith('efti:');
    const children = complex ? types[row.type.slice(5)]!.map((c) => element(c, `${path}/${c.name}`)) : [];
    const attributes = (row.attributes ?? []).map((a) => a.replace(/!$/, ''));
    return {
      name: row.name,
      path,
      kind: complex ? 'complex' : 'simple',
      type: row.type,
      minOccurs: row.min,
      maxOccurs: row.max === 'unbounded' ? Infinity : row.max,
      attributes,
      requiredAttributes: (row.attributes ?? []).filter((a) => a.endsWith('!')).map((a) => a.slice(0, -1)),
      children,
      child: new Map(children.map((c) => [c.name, c])),
      efti: annotations.get(path),
    };
  };
  return element({ name: 'consignment', type: `efti:${rootType}`, min: 1, max: 1 }, 'consignment');
}

const commonAnnotations = new Map<string, EftiAnnotation>(
  COMMON_ANNOTATIONS.map((row) => [
    row.path,
    { id: row.id, format: row.format, subsets: new Map(Object.entries(row.subsets).flatMap(([status, ids]) => ids.split(' ').map((id) => [id, status] as const))) },
  ]),
);

/** consignment-common.xsd: the eFTI common dataset. */
export const COMMON_SCHEMA: EftiSchema = { namespace: EFTI_COMMON_NAMESPACE, root: build(COMMON_TYPES, COMMON_ROOT_TYPE, commonAnnotations) };
/** consignment-identifier.xsd: what a platform sends its gate (no annotations needed: its elements are the `identifier` subset). */
export const IDENTIFIER_SCHEMA: EftiSchema = { namespace: EFTI_IDENTIFIER_NAMESPACE, root: build(IDENTIFIER_TYPES, IDENTIFIER_ROOT_TYPE, new Map()) };

/** The 184 subset ids of the annotations (`identifier` among them), case-sensitive. */
export const EFTI_SUBSET_IDS: ReadonlySet<string> = new Set(SUBSET_IDS);

/** The element of the common dataset at `consignment/…`, or undefined. */
export function commonElementAt(path: string): EftiElement | undefined {
  const [root, ...names] = path.split('/');
  if (root !== 'consignment') return undefined;
  let element: EftiElement | undefined = COMMON_SCHEMA.root;
  for (const name of names) element = element?.child.get(name);
  return element;
}

/** Every annotated element occurrence of the common dataset, depth first in sequence order. */
export function annotatedElements(): EftiElement[] {
  const out: EftiElement[] = [];
  const walk = (e: EftiElement) => {
    for (const c of e.children) {
      if (!c.efti) continue;
      out.push(c);
      walk(c);
    }
  };
  walk(COMMON_SCHEMA.root);
  return out;
}
