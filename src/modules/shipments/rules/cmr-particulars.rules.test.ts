import { describe, expect, it } from 'vitest';
import { codes, completeDraft, draftWith, fired } from './rule-test-support.js';

describe('CMR art. 6 particulars', () => {
  it('a complete draft fires no rule at all', () => {
    expect(codes(completeDraft())).toEqual([]);
  });

  const parties = [
    {
      key: 'consignor',
      code: 'consignor_missing',
      rule: 'cmr.art6.consignor',
      source: 'CMR art. 6(1)(b)',
      en: "The consignment note has no consignor (sender); CMR article 6(1)(b) requires the sender's name and address.",
      nl: 'De vrachtbrief heeft geen afzender; CMR artikel 6 lid 1 onder b vereist naam en adres van de afzender.',
    },
    {
      key: 'carrier',
      code: 'carrier_missing',
      rule: 'cmr.art6.carrier',
      source: 'CMR art. 6(1)(c)',
      en: "The consignment note has no carrier; CMR article 6(1)(c) requires the carrier's name and address.",
      nl: 'De vrachtbrief heeft geen vervoerder; CMR artikel 6 lid 1 onder c vereist naam en adres van de vervoerder.',
    },
    {
      key: 'consignee',
      code: 'consignee_missing',
      rule: 'cmr.art6.consignee',
      source: 'CMR art. 6(1)(e)',
      en: "The consignment note has no consignee; CMR article 6(1)(e) requires the consignee's name and address.",
      nl: 'De vrachtbrief heeft geen geadresseerde; CMR artikel 6 lid 1 onder e vereist naam en adres van de geadresseerde.',
    },
    {
      key: 'pickup',
      code: 'pickup_missing',
      rule: 'cmr.art6.place_of_taking_over',
      source: 'CMR art. 6(1)(d)',
      en: 'The place of taking over the goods (pickup) is missing; CMR article 6(1)(d) requires it.',
      nl: 'De plaats van inontvangstneming van de goederen (ophaaladres) ontbreekt; CMR artikel 6 lid 1 onder d vereist deze.',
    },
    {
      key: 'delivery',
      code: 'delivery_missing',
      rule: 'cmr.art6.place_of_delivery',
      source: 'CMR art. 6(1)(d)',
      en: 'The place designated for delivery is missing; CMR article 6(1)(d) requires it.',
      nl: 'De voor de aflevering aangewezen plaats ontbreekt; CMR artikel 6 lid 1 onder d vereist deze.',
    },
  ];

  describe.each(parties)('$code', ({ key, code, rule, source, en, nl }) => {
    it(`fires at $.${key} when ${key} is absent`, () => {
      const draft = draftWith((d) => delete d[key]);
      expect(fired(draft, code)).toEqual([{ bucket: 'errors', path: `$.${key}`, rule, source, params: {}, en, nl }]);
    });

    it(`fires when ${key} is null, which says "no value"`, () => {
      expect(fired(draftWith((d) => (d[key] = null)), code)).toHaveLength(1);
    });

    it(`leaves a present but incomplete ${key} to the schema`, () => {
      expect(fired(draftWith((d) => (d[key] = {})), code)).toEqual([]);
      expect(fired(draftWith((d) => (d[key] = 42)), code)).toEqual([]);
    });
  });

  describe('pickup_date_missing', () => {
    it('fires at $.pickup.window when the pickup has no window', () => {
      const draft = draftWith((d) => delete d.pickup.window);
      expect(fired(draft, 'pickup_date_missing')).toEqual([
        {
          bucket: 'errors',
          path: '$.pickup.window',
          rule: 'cmr.art6.date_of_taking_over',
          source: 'CMR art. 6(1)(d)',
          params: {},
          en: 'The date of taking over the goods is missing: give the pickup a window; CMR article 6(1)(d) requires the date.',
          nl: 'De datum van inontvangstneming van de goederen ontbreekt: geef het ophaaladres een tijdvenster; CMR artikel 6 lid 1 onder d vereist deze datum.',
        },
      ]);
    });

    it('does not fire with a window, or without a pickup (the place is reported instead)', () => {
      expect(fired(completeDraft(), 'pickup_date_missing')).toEqual([]);
      const noPickup = draftWith((d) => delete d.pickup);
      expect(fired(noPickup, 'pickup_date_missing')).toEqual([]);
      expect(codes(noPickup)).toContain('pickup_missing');
    });

    it('leaves a window without `from` to the schema', () => {
      expect(fired(draftWith((d) => (d.pickup.window = {})), 'pickup_date_missing')).toEqual([]);
    });
  });

  describe('goods_missing', () => {
    const expected = {
      bucket: 'errors',
      path: '$.goods',
      rule: 'cmr.art6.goods',
      source: 'CMR art. 6(1)(f)',
      params: {},
      en: 'The shipment has no goods line; CMR article 6(1)(f) requires a description of the goods and their packing.',
      nl: 'De zending heeft geen goederenregel; CMR artikel 6 lid 1 onder f vereist een omschrijving van de goederen en hun verpakking.',
    };

    it('fires when goods is absent', () => {
      expect(fired(draftWith((d) => delete d.goods), 'goods_missing')).toEqual([expected]);
    });

    it('fires when goods is an empty array', () => {
      expect(fired(draftWith((d) => (d.goods = [])), 'goods_missing')).toEqual([expected]);
    });

    it('does not fire with a goods line, nor when goods has the wrong type (the schema says so)', () => {
      expect(fired(completeDraft(), 'goods_missing')).toEqual([]);
      expect(fired(draftWith((d) => (d.goods = 'pallets')), 'goods_missing')).toEqual([]);
    });
  });

  describe('goods_quantity_missing', () => {
    it('fires per line without quantity, 0-based in the path and 1-based in the message', () => {
      const draft = draftWith((d) => delete d.goods[1].quantity);
      expect(fired(draft, 'goods_quantity_missing')).toEqual([
        {
          bucket: 'errors',
          path: '$.goods[1].quantity',
          rule: 'cmr.art6.number_of_packages',
          source: 'CMR art. 6(1)(g)',
          params: { line: 2 },
          en: 'Goods line 2 has no number of packages; CMR article 6(1)(g) requires it.',
          nl: 'Goederenregel 2 heeft geen aantal colli; CMR artikel 6 lid 1 onder g vereist dit.',
        },
      ]);
    });

    it('does not fire for a quantity of the wrong type or range (the schema reports those)', () => {
      expect(fired(completeDraft(), 'goods_quantity_missing')).toEqual([]);
      expect(fired(draftWith((d) => (d.goods[0].quantity = 'two')), 'goods_quantity_missing')).toEqual([]);
      expect(fired(draftWith((d) => (d.goods[0].quantity = 0)), 'goods_quantity_missing')).toEqual([]);
    });
  });

  describe('goods_gross_weight_missing', () => {
    it('fires per line without gross weight', () => {
      const draft = draftWith((d) => {
        d.goods.push({ description: 'Chairs', quantity: 1, package_type: 'pallet' });
      });
      expect(fired(draft, 'goods_gross_weight_missing')).toEqual([
        {
          bucket: 'errors',
          path: '$.goods[2].gross_weight_kg',
          rule: 'cmr.art6.gross_weight',
          source: 'CMR art. 6(1)(h)',
          params: { line: 3 },
          en: 'Goods line 3 has no gross weight; CMR article 6(1)(h) requires it.',
          nl: 'Goederenregel 3 heeft geen brutogewicht; CMR artikel 6 lid 1 onder h vereist dit.',
        },
      ]);
    });

    it('does not fire with a gross weight, zero included', () => {
      expect(fired(draftWith((d) => (d.goods[0].gross_weight_kg = 0)), 'goods_gross_weight_missing')).toEqual([]);
    });

    it('skips goods elements that are not objects', () => {
      expect(fired(draftWith((d) => (d.goods = ['pallet', 3, null])), 'goods_gross_weight_missing')).toEqual([]);
    });
  });
});
