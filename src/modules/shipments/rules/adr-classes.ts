/**
 * Which ADR classes and divisions assign packing groups. ADR 2.1.1.3: "For packing purposes,
 * substances other than those of Classes 1, 2, 5.2, 6.2 and 7, and other than self-reactive
 * substances of Class 4.1 are assigned to packing groups" I, II or III by degree of danger. So a
 * dangerous goods line of class 3, 4.1, 4.2, 4.3, 5.1, 6.1, 8 or 9 states its packing group on the
 * transport document (ADR 5.4.1.1.1(d), "where assigned"), and one of the other classes has none.
 */

/** Classes and divisions whose substances are assigned a packing group (ADR 2.1.1.3). */
export const CLASSES_WITH_PACKING_GROUP: ReadonlySet<string> = new Set(['3', '4.1', '4.2', '4.3', '5.1', '6.1', '8', '9']);

/**
 * Classes and divisions never assigned a packing group (ADR 2.1.1.3): explosives (1, divisions
 * 1.1–1.6), gases (2, divisions 2.1–2.3 as classification codes are often written), organic
 * peroxides (5.2), infectious substances (6.2, as a rule: see below) and radioactive material (7).
 */
export const CLASSES_WITHOUT_PACKING_GROUP: ReadonlySet<string> = new Set([
  '1', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2', '2.1', '2.2', '2.3', '5.2', '6.2', '7',
]);

/**
 * Entries of classes that otherwise carry a packing group but whose line in ADR Table A (column 4)
 * assigns none, so a missing packing group is right for them: self-reactive substances of 4.1
 * (ADR 2.1.1.3), polymerising substances, lithium batteries (5.4.1.1.1(c) names them by class
 * only), vehicles, engines and articles containing dangerous goods. A selection of well-known
 * entries, not the whole of Table A: an entry missing here at worst gets a packing-group error the
 * consignor can answer by checking Table A.
 */
export const UN_NUMBERS_WITHOUT_PACKING_GROUP: ReadonlySet<string> = new Set([
  '2990', '3072', '3090', '3091', '3166', '3171', '3245', '3268', '3363', '3480', '3481', '3509',
  '3528', '3530', '3536', '3548',
  ...range(3221, 3240),
  ...range(3531, 3534),
]);

/** UN 3291 (clinical waste) is the class 6.2 entry that Table A gives packing group II. */
export const UN_NUMBERS_WITH_PACKING_GROUP_IN_CLASS_WITHOUT: ReadonlySet<string> = new Set(['3291']);

export type PackingGroupRule = 'required' | 'not_applicable' | 'unknown';

/**
 * Whether a line of this class and UN number must state a packing group. A class written with a
 * compatibility group (`1.4S`) is read by its division; an unknown class gives `unknown`, so no
 * packing-group finding is made on a guess.
 */
export function packingGroupRule(adrClass: string, unNumber: string | undefined): PackingGroupRule {
  const normalized = adrClass.trim().replace(/^(1\.[1-6])[A-S]$/, '$1');
  if (CLASSES_WITH_PACKING_GROUP.has(normalized)) {
    return unNumber !== undefined && UN_NUMBERS_WITHOUT_PACKING_GROUP.has(unNumber) ? 'unknown' : 'required';
  }
  if (CLASSES_WITHOUT_PACKING_GROUP.has(normalized)) {
    return unNumber !== undefined && UN_NUMBERS_WITH_PACKING_GROUP_IN_CLASS_WITHOUT.has(unNumber) ? 'unknown' : 'not_applicable';
  }
  return 'unknown';
}

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}
