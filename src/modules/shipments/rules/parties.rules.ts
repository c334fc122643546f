/**
 * Successive carriers (box 17). Under CMR art. 34 each successive carrier becomes a party to the
 * contract by accepting the goods and the consignment note from the carrier before it, so the
 * contracting carrier cannot be its own successor: listing it is a data error that would misstate
 * who is liable (error). The same successive carrier listed twice is most likely a duplicate, but a
 * carrier may take the goods over twice in one chain, so that is only a warning.
 *
 * Two parties are the same when both have VAT numbers and these are equal ignoring case, spaces,
 * dots and hyphens; when either lacks one, when their trimmed names are equal ignoring case and
 * their address countries are equal.
 */
import { defineRule, type Rule, type RuleHit } from './rule.js';
import { arrayAt, countryOf, field, isObject, stringAt } from './draft-reader.js';

const normalizeVat = (vat: string) => vat.replace(/[\s.-]/g, '').toUpperCase();
const normalizeName = (name: string) => name.trim().toLowerCase();

export function sameParty(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return false;
  const vatA = stringAt(a, 'vat_number');
  const vatB = stringAt(b, 'vat_number');
  if (vatA !== undefined && vatB !== undefined && normalizeVat(vatA) !== '' && normalizeVat(vatB) !== '') {
    return normalizeVat(vatA) === normalizeVat(vatB);
  }
  const nameA = stringAt(a, 'name');
  const nameB = stringAt(b, 'name');
  const countryA = countryOf(a);
  if (nameA === undefined || nameB === undefined || countryA === undefined) return false;
  return normalizeName(nameA) !== '' && normalizeName(nameA) === normalizeName(nameB) && countryA === countryOf(b);
}

const successiveCarriers = (draft: unknown) => arrayAt(draft, 'successive_carriers') ?? [];
const nameParam = (party: unknown) => stringAt(party, 'name')?.trim() ?? '';
const position = (p: Record<string, unknown>) => String(p.position);

export const PARTY_RULES: readonly Rule[] = [
  defineRule({
    code: 'successive_carrier_is_carrier',
    rule: 'cmr.art34.successive_carrier',
    source: 'CMR art. 34',
    severity: 'error',
    messages: {
      en: (p) =>
        `Successive carrier ${position(p)} (${String(p.name)}) is the carrier itself; under CMR article 34 a successive carrier is another carrier who takes over the goods and the consignment note.`,
      nl: (p) =>
        `Opvolgende vervoerder ${position(p)} (${String(p.name)}) is de vervoerder zelf; volgens CMR artikel 34 is een opvolgende vervoerder een andere vervoerder die de goederen en de vrachtbrief overneemt.`,
      de: (p) =>
        `Nachfolgender Frachtführer ${position(p)} (${String(p.name)}) ist der Frachtführer selbst; nach CMR Artikel 34 ist ein nachfolgender Frachtführer ein anderer Frachtführer, der das Gut und den Frachtbrief übernimmt.`,
      fr: (p) =>
        `Le transporteur successif ${position(p)} (${String(p.name)}) est le transporteur lui-même ; selon l'article 34 de la CMR, un transporteur successif est un autre transporteur qui accepte la marchandise et la lettre de voiture.`,
    },
    example: { position: 1, name: 'Van den Berg Transport B.V.' },
    check: (draft) => {
      const carrier = field(draft, 'carrier');
      return successiveCarriers(draft).flatMap((party, index): RuleHit[] =>
        sameParty(party, carrier) ? [{ path: `$.successive_carriers[${index}]`, params: { position: index + 1, name: nameParam(party) } }] : [],
      );
    },
  }),
  defineRule({
    code: 'successive_carrier_duplicate',
    rule: 'cmr.art34.successive_carrier_duplicate',
    source: 'CMR art. 34',
    severity: 'warning',
    messages: {
      en: (p) =>
        `Successive carrier ${position(p)} (${String(p.name)}) is the same as successive carrier ${String(p.same_as)}; list each successive carrier once unless it takes over the goods twice.`,
      nl: (p) =>
        `Opvolgende vervoerder ${position(p)} (${String(p.name)}) is dezelfde als opvolgende vervoerder ${String(p.same_as)}; vermeld elke opvolgende vervoerder één keer, tenzij hij de goederen twee keer overneemt.`,
      de: (p) =>
        `Nachfolgender Frachtführer ${position(p)} (${String(p.name)}) ist derselbe wie nachfolgender Frachtführer ${String(p.same_as)}; führen Sie jeden nachfolgenden Frachtführer einmal auf, es sei denn, er übernimmt das Gut zweimal.`,
      fr: (p) =>
        `Le transporteur successif ${position(p)} (${String(p.name)}) est le même que le transporteur successif ${String(p.same_as)} ; indiquez chaque transporteur successif une seule fois, sauf s'il prend en charge la marchandise deux fois.`,
    },
    example: { position: 2, same_as: 1, name: 'Trans Rhein GmbH' },
    // Reported once, at the later listing, against the first earlier one it matches.
    check: (draft) => {
      const parties = successiveCarriers(draft);
      return parties.flatMap((party, index): RuleHit[] => {
        const first = parties.slice(0, index).findIndex((earlier) => sameParty(earlier, party));
        return first === -1
          ? []
          : [{ path: `$.successive_carriers[${index}]`, params: { position: index + 1, same_as: first + 1, name: nameParam(party) } }];
      });
    },
  }),
];
