/**
 * The element table of the eFTI common dataset (Delegated Regulation (EU) 2024/2024, Annex, as
 * EFTI4EU consignment-common.xsd v0.8 encodes it): id, path, Annex format, whether the element may
 * repeat, its code list, and its status in the EU subsets. Read off the element tree that
 * `npm run efti-schema` generates from the XSDs (efti-schema.ts), so the mapping, the projection
 * and the serialisers share one reading of the schema; nothing here is typed in by hand.
 *
 * Statuses: M mandatory, O optional, C conditional, SI (aggregates only: structural inclusion).
 * A compound status such as `C/M` is one status per rule of the Annex for that element; the
 * mapping treats only a plain `M` as mandatory, since it cannot evaluate the conditions.
 */
import { COMMON_SCHEMA, IDENTIFIER_SUBSET, type EftiElement } from '../efti-schema.js';
import { CODE_LISTS as XSD_CODE_LISTS } from '../efti-schema.generated.js';
import { EU_SUBSETS, type AnnexElement } from './annex-types.js';

export type { AnnexElement, EuSubset } from './annex-types.js';

function annexRow(element: EftiElement): AnnexElement | undefined {
  if (!element.efti) return undefined;
  const { id, format, subsets } = element.efti;
  const status: AnnexElement['status'] = {};
  for (const subset of EU_SUBSETS) {
    const given = subsets.get(subset);
    if (given) status[subset] = given;
  }
  const identifier = subsets.get(IDENTIFIER_SUBSET);
  return {
    id,
    path: element.path,
    format,
    repeats: element.maxOccurs > 1,
    ...(element.type.startsWith('codes:') ? { codeList: element.type.slice('codes:'.length) } : {}),
    ...(identifier ? { identifier } : {}),
    status,
  };
}

function annexRows(element: EftiElement): AnnexElement[] {
  return element.children.flatMap((child) => [annexRow(child), ...annexRows(child)].filter((row): row is AnnexElement => row !== undefined));
}

export const ANNEX_ELEMENTS: readonly AnnexElement[] = annexRows(COMMON_SCHEMA.root);

/** The enumerations of the XSD code lists (ISO 3166-1, ISO 4217, ISO 639-1, UNECE Rec. 19, D23A). */
export const CODE_LISTS: Readonly<Record<string, readonly string[]>> = XSD_CODE_LISTS;

const byPath = new Map(ANNEX_ELEMENTS.map((element) => [element.path, element]));

export function annexElement(path: string): AnnexElement | undefined {
  return byPath.get(path);
}

export const isAggregate = (element: AnnexElement) => element.id.startsWith('ASBIE');

export function parentPath(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}
