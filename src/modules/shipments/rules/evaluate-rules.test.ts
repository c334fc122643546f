import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMessage, translateFindings } from '../../../core/findings.js';
import { evaluateRules } from './evaluate-rules.js';
import { SHIPMENT_RULES } from './shipment-rules.js';
import { completeDraft, draftWith, type LooseDraft } from './rule-test-support.js';

describe('evaluateRules', () => {
  it('splits findings by severity, in table order, with every finding field', () => {
    const draft = draftWith((d) => {
      delete d.consignee;
      d.goods[1].adr.tunnel_code = undefined;
      d.delivery.address.country = 'BE';
    });
    const result = evaluateRules(draft, 'en');
    expect(result.errors.map((f) => f.code)).toEqual(['consignee_missing']);
    expect(result.warnings.map((f) => f.code)).toEqual(['adr_tunnel_code_missing', 'ecmr_not_ratified']);
    expect(Object.keys(result.errors[0]!).sort()).toEqual(['code', 'message', 'params', 'path', 'rule', 'source']);
    expect(result.transport_type).toBe('international');
  });

  it('renders messages in the requested language', () => {
    const draft = draftWith((d) => delete d.consignee);
    expect(evaluateRules(draft, 'nl').errors[0]!.message).toBe(
      'De vrachtbrief heeft geen geadresseerde; CMR artikel 6 lid 1 onder e vereist naam en adres van de geadresseerde.',
    );
  });

  describe('transport_type', () => {
    it('is the derived type, also when the client sent another one', () => {
      expect(evaluateRules(completeDraft(), 'en').transport_type).toBe('national');
      expect(evaluateRules(draftWith((d) => (d.transport_type = 'international')), 'en').transport_type).toBe('national');
    });

    it("is the client's valid value when the lane is too incomplete to derive one", () => {
      expect(evaluateRules(draftWith((d) => ((d.transport_type = 'international'), delete d.delivery)), 'en').transport_type).toBe('international');
    });

    it('is absent when nothing can be derived and nothing valid was sent', () => {
      expect(evaluateRules({}, 'en')).not.toHaveProperty('transport_type');
      expect(evaluateRules({ transport_type: 'road' }, 'en')).not.toHaveProperty('transport_type');
      expect(evaluateRules({ transport_type: ['national'] }, 'en')).not.toHaveProperty('transport_type');
    });
  });

  it.each([[[]], ['a string'], [null], [42], [true], [[completeDraft()]]])('gives no findings and no transport type for the non-object draft %j', (draft) => {
    expect(evaluateRules(draft, 'en')).toStrictEqual({ errors: [], warnings: [] });
  });

  it('reports the missing particulars of an empty object', () => {
    expect(evaluateRules({}, 'en').errors.map((f) => f.code)).toEqual([
      'consignor_missing',
      'carrier_missing',
      'consignee_missing',
      'pickup_missing',
      'delivery_missing',
      'goods_missing',
    ]);
  });

  describe('defensive reading', () => {
    const malformed: [string, LooseDraft][] = [
      ['goods as a string', { goods: 'ten pallets' }],
      ['parties as numbers', { consignor: 1, consignee: 2, carrier: 3, successive_carriers: [4, 5], principal: 6 }],
      ['successive carriers as an object', { successive_carriers: { name: 'x' } }],
      ['stops as strings', { pickup: 'Rotterdam', delivery: 'Duisburg' }],
      ['addresses as strings', draftWith((d) => ((d.pickup.address = 'Kade 1'), (d.carrier.address = null)))],
      ['every field null', Object.fromEntries(Object.keys(completeDraft()).map((k) => [k, null]))],
      ['goods lines of every type', { goods: [null, 'x', 3, [], { adr: 'UN1203' }, { adr: null, quantity: '2' }, { adr: [] }] }],
      ['ADR fields of wrong types', draftWith((d) => (d.goods[1].adr = { class: 3, packing_group: 2, un_number: 1203, limited_quantity: 'yes' }))],
      ['windows of wrong types', draftWith((d) => ((d.pickup.window = 'morning'), (d.delivery.window = { from: null, to: {} })))],
      ['charges and waste of wrong types', { charges: { cash_on_delivery: [] }, waste: [], combined_transport: 'yes', transport_type: 7 }],
    ];

    it.each(malformed)('does not throw on %s', (_name, draft) => {
      expect(() => evaluateRules(draft, 'en')).not.toThrow();
      expect(() => evaluateRules(draft, 'nl')).not.toThrow();
    });

    it('does not throw on any JSON value', () => {
      fc.assert(fc.property(fc.jsonValue(), (draft) => void evaluateRules(draft, 'en')));
    });

    it('does not throw when any field of a complete draft holds any JSON value', () => {
      const paths = [
        ['consignor'], ['carrier'], ['carrier', 'address'], ['carrier', 'vat_number'], ['pickup'], ['pickup', 'window'], ['pickup', 'window', 'to'],
        ['delivery', 'address', 'country'], ['goods'], ['goods', '0'], ['goods', '1', 'adr'], ['goods', '1', 'adr', 'class'], ['charges'],
        ['successive_carriers'], ['waste'], ['transport_type'], ['combined_transport'],
      ];
      fc.assert(
        fc.property(fc.constantFrom(...paths), fc.jsonValue(), (path, value) => {
          const draft = draftWith((d) => {
            const parent = path.slice(0, -1).reduce<LooseDraft>((node, key) => node[key], d);
            parent[path.at(-1)!] = value;
          });
          evaluateRules(draft, 'nl');
        }),
      );
    });
  });
});

describe('SHIPMENT_RULES', () => {
  it('have unique snake_case codes and a rule id and source each', () => {
    const codes = SHIPMENT_RULES.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const rule of SHIPMENT_RULES) {
      expect(rule.code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
      expect(rule.rule).not.toBe('');
      expect(rule.source).not.toBe('');
    }
  });

  it.each(SHIPMENT_RULES.map((r) => [r.code, r] as const))('%s renders full sentences in both languages, also through the finding catalogue', (code, rule) => {
    for (const language of ['en', 'nl'] as const) {
      const message = rule.messages[language](rule.example);
      expect(message).toMatch(/^[A-Z].*\.$/);
      expect(message).not.toMatch(/undefined|\[object/);
      expect(renderMessage(code, rule.example, language)).toBe(message);
    }
    expect(rule.messages.nl(rule.example)).not.toBe(rule.messages.en(rule.example));
  });

  it('findings can be re-rendered in another language by code', () => {
    const [finding] = evaluateRules(draftWith((d) => delete d.goods[0].gross_weight_kg), 'en').errors;
    expect(translateFindings([finding!], 'nl')[0]!.message).toBe('Goederenregel 1 heeft geen brutogewicht; CMR artikel 6 lid 1 onder h vereist dit.');
  });
});
