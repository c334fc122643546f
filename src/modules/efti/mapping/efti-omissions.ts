/**
 * Which mandatory elements of the applicable subsets a consignment lacks (each a warning
 * `efti_element_missing` and an `omitted` entry). The Annex marks data elements M, O or C per
 * subset and never marks an aggregate, so what an absent aggregate means must be read:
 *
 * 1. An element counts only where its parent is there to hold it: the parent is present in the
 *    consignment, or is the root, or is a *mandatory aggregate* whose own parent counts. An M
 *    child of an optional aggregate that is absent is not missing (no dangerous goods, no UN number).
 * 2. An aggregate is mandatory in a subset when every data element the subset marks directly in
 *    it is M (at least one); or, for an aggregate that occurs at most once, when it holds an M data
 *    element or a mandatory aggregate. So a party's address is mandatory (all its parts are M: "the
 *    address is mandatory"), and so is the consignor that holds it in EU01, while a repeatable
 *    transport package is mandatory in no subset (EU03 marks its type text O).
 * 3. An address (`postalAddress`) is one unit: all its parts are M, which means "give the address";
 *    a present address is complete (house numbers stay in streetName, a PO box is optional in
 *    life), an absent one is one omission, with the address's own id (`ASBIEnnnn`).
 * 4. Only a plain `M` is mandatory: a compound status such as `C/M` depends on conditions of the
 *    Annex the mapping cannot evaluate.
 *
 * Each omission is reported once per element and subset, however many occurrences lack it.
 */
import type { EftiNode, EftiOmission } from '../efti-node.js';
import { ANNEX_ELEMENTS, isAggregate, parentPath, type AnnexElement, type EuSubset } from './annex.js';

const children = new Map<string, AnnexElement[]>();
for (const element of ANNEX_ELEMENTS) {
  const parent = parentPath(element.path);
  children.set(parent, [...(children.get(parent) ?? []), element]);
}
const childrenOf = (path: string) => children.get(path) ?? [];
const nameOf = (element: AnnexElement) => element.path.slice(element.path.lastIndexOf('/') + 1);
const isMandatoryElement = (element: AnnexElement, subset: EuSubset) => !isAggregate(element) && element.status[subset] === 'M';

const mandatoryCache = new Map<string, boolean>();

export function isMandatoryAggregate(aggregate: AnnexElement, subset: EuSubset): boolean {
  const key = `${subset} ${aggregate.path}`;
  const known = mandatoryCache.get(key);
  if (known !== undefined) return known;
  const inside = childrenOf(aggregate.path);
  const marked = inside.filter((child) => !isAggregate(child) && child.status[subset] !== undefined);
  const allMandatory = marked.length > 0 && marked.every((child) => child.status[subset] === 'M');
  const holdsMandatory = inside.some((child) => (isAggregate(child) ? isMandatoryAggregate(child, subset) : isMandatoryElement(child, subset)));
  const mandatory = allMandatory || (!aggregate.repeats && holdsMandatory);
  mandatoryCache.set(key, mandatory);
  return mandatory;
}

const isPresent = (value: unknown) => value !== undefined && !(Array.isArray(value) && value.length === 0);
const occurrences = (value: unknown): EftiNode[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is EftiNode => typeof v === 'object' && v !== null && !('value' in v));

/**
 * What a walk of `path` in `subset` looks at, in Annex order (the order of the omissions): its M
 * data elements, and the aggregates below it that can report anything.
 */
type Step = { name: string; element: AnnexElement } & ({ aggregate: false } | { aggregate: true; mandatory: boolean; address: boolean });

const plans = new Map<string, readonly Step[]>();

// Worked out once per path and subset: the walk runs over every goods line of every projection
// (per request of GET …/efti), and most children of an aggregate are neither M nor aggregates.
function planOf(path: string, subset: EuSubset): readonly Step[] {
  const key = `${subset} ${path}`;
  let plan = plans.get(key);
  if (plan) return plan;
  plan = childrenOf(path).flatMap((element): Step[] => {
    const name = nameOf(element);
    if (!isAggregate(element)) return isMandatoryElement(element, subset) ? [{ name, element, aggregate: false }] : [];
    const address = name === 'postalAddress';
    const mandatory = isMandatoryAggregate(element, subset);
    // A present address is complete (rule 3); any other aggregate matters only if something below it can be missing.
    return mandatory || (!address && planOf(element.path, subset).length > 0) ? [{ name, element, aggregate: true, mandatory, address }] : [];
  });
  plans.set(key, plan);
  return plan;
}

/** Walks one occurrence of `path` (undefined: absent but counted) and reports what it lacks. */
function visit(node: EftiNode | undefined, path: string, subset: EuSubset, report: (element: AnnexElement) => void): void {
  for (const step of planOf(path, subset)) {
    const value = node?.[step.name];
    if (!step.aggregate) {
      if (!isPresent(value)) report(step.element);
      continue;
    }
    const present = occurrences(value);
    if (present.length > 0) {
      if (!step.address) for (const occurrence of present) visit(occurrence, step.element.path, subset, report);
    } else if (step.mandatory) {
      if (step.address) report(step.element);
      else visit(undefined, step.element.path, subset, report);
    }
  }
}

export function omissionsOf(consignment: EftiNode, subsets: readonly EuSubset[]): EftiOmission[] {
  const omitted: EftiOmission[] = [];
  for (const subset of subsets) {
    const seen = new Set<string>();
    visit(consignment, 'consignment', subset, (element) => {
      if (seen.has(element.id)) return;
      seen.add(element.id);
      omitted.push({ efti_id: element.id, subset, path: element.path });
    });
  }
  return omitted;
}
