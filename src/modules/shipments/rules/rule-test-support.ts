/**
 * Test support for the rule tests beside this file: a complete national draft that fires no rule,
 * and a reader of what one rule made of a draft, in both languages, through evaluateRules (the
 * path the API takes), so each test asserts what a client sees.
 */
import type { Language } from '../../../core/language.js';
import type { ShipmentInput } from '../shipment-input.schema.js';
import { evaluateRules } from './evaluate-rules.js';

const address = (street: string, city: string, country: string) => ({ street, postal_code: '1011 AA', city, country });

/** A complete national carriage Amsterdam → Utrecht by a Dutch carrier, with one ADR line. */
export function completeDraft(): ShipmentInput {
  return {
    consignor: { name: 'Sender B.V.', address: address('Kade 1', 'Amsterdam', 'NL'), vat_number: 'NL001234567B01' },
    consignee: { name: 'Receiver B.V.', address: address('Markt 2', 'Utrecht', 'NL') },
    carrier: { name: 'Carrier B.V.', address: address('Weg 3', 'Venlo', 'NL'), vat_number: 'NL009876543B01' },
    pickup: { address: address('Kade 1', 'Amsterdam', 'NL'), window: { from: '2026-12-01T08:00:00Z', to: '2026-12-01T10:00:00Z' } },
    delivery: { address: address('Markt 2', 'Utrecht', 'NL'), window: { from: '2026-12-01T13:00:00Z', to: '2026-12-01T15:00:00Z' } },
    goods: [
      { description: 'Books', quantity: 2, package_type: 'box', gross_weight_kg: 30 },
      {
        description: 'Isopropanol',
        quantity: 4,
        package_type: 'drum',
        gross_weight_kg: 820,
        adr: { un_number: '1219', class: '3', packing_group: 'II', proper_shipping_name: 'ISOPROPANOL', tunnel_code: '(D/E)' },
      },
    ],
  };
}

/** Untyped on purpose: a test must be able to write any JSON a client could send, malformed included. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type LooseDraft = Record<string, any>;

/** A copy of the complete draft with the given changes. */
export function draftWith(change: (draft: LooseDraft) => void): LooseDraft {
  const draft: LooseDraft = structuredClone(completeDraft());
  change(draft);
  return draft;
}

export interface Fired {
  bucket: 'errors' | 'warnings';
  path: string;
  rule: string | undefined;
  source: string | undefined;
  params: Record<string, unknown> | undefined;
  en: string;
  nl: string;
}

function findingsOf(draft: unknown, code: string, language: Language) {
  const result = evaluateRules(draft, language);
  return (['errors', 'warnings'] as const).flatMap((bucket) => result[bucket].filter((f) => f.code === code).map((f) => ({ bucket, ...f })));
}

/** Every finding of one code on a draft, with its message in English and in Dutch. */
export function fired(draft: unknown, code: string): Fired[] {
  const nl = findingsOf(draft, code, 'nl');
  return findingsOf(draft, code, 'en').map(({ bucket, path, rule, source, params, message }, i) => ({
    bucket,
    path,
    rule,
    source,
    params,
    en: message,
    nl: nl[i]?.message ?? '',
  }));
}

/** The codes of all findings on a draft, errors then warnings. */
export function codes(draft: unknown): string[] {
  const result = evaluateRules(draft, 'en');
  return [...result.errors, ...result.warnings].map((f) => f.code);
}
