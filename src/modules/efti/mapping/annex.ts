/**
 * The element table of the eFTI common dataset (Delegated Regulation (EU) 2024/2024, Annex, as
 * EFTI4EU consignment-common.xsd v0.8 encodes it): id, path, Annex format, whether the element may
 * repeat, and its status in the EU subsets. annex-elements.ts is generated from the reference CSV
 * by `npm run efti-annex`; nothing here is typed in by hand.
 *
 * Statuses: M mandatory, O optional, C conditional, SI (aggregates only: structural inclusion).
 * A compound status such as `C/M` is one status per rule of the Annex for that element; the
 * mapping treats only a plain `M` as mandatory, since it cannot evaluate the conditions.
 */
import { ANNEX_TABLE } from './annex-elements.js';
import type { AnnexElement } from './annex-types.js';

export type { AnnexElement, EuSubset } from './annex-types.js';

export const ANNEX_ELEMENTS: readonly AnnexElement[] = ANNEX_TABLE.elements;

/** The enumerations of the XSD code lists (ISO 3166-1, ISO 4217, ISO 639-1, UNECE Rec. 19, D23A). */
export const CODE_LISTS: Readonly<Record<string, readonly string[]>> = ANNEX_TABLE.codes;

const byPath = new Map(ANNEX_ELEMENTS.map((element) => [element.path, element]));

export function annexElement(path: string): AnnexElement | undefined {
  return byPath.get(path);
}

export const isAggregate = (element: AnnexElement) => element.id.startsWith('ASBIE');

export function parentPath(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}
