import { describe, expect, it } from 'vitest';
import { packingGroupRule } from './adr-classes.js';
import { codes, completeDraft, draftWith, fired, type LooseDraft } from './rule-test-support.js';

/** The complete draft with the ADR object of its dangerous goods line (index 1) changed. */
const withAdr = (change: (adr: LooseDraft) => void) => draftWith((d) => change(d.goods[1].adr));

describe('ADR 5.4.1.1.1 particulars', () => {
  const absent = [
    {
      key: 'un_number',
      code: 'adr_un_number_missing',
      rule: 'adr.5.4.1.1.1.a',
      source: 'ADR 5.4.1.1.1(a)',
      bucket: 'errors',
      en: 'Goods line 2 declares dangerous goods without a UN number; ADR 5.4.1.1.1(a) requires it on the transport document.',
      nl: 'Goederenregel 2 vermeldt gevaarlijke goederen zonder UN-nummer; ADR 5.4.1.1.1 onder a vereist dit in het vervoersdocument.',
    },
    {
      key: 'proper_shipping_name',
      code: 'adr_proper_shipping_name_missing',
      rule: 'adr.5.4.1.1.1.b',
      source: 'ADR 5.4.1.1.1(b)',
      bucket: 'errors',
      en: 'Goods line 2 declares dangerous goods without a proper shipping name; ADR 5.4.1.1.1(b) requires it on the transport document.',
      nl: 'Goederenregel 2 vermeldt gevaarlijke goederen zonder officiële vervoersnaam; ADR 5.4.1.1.1 onder b vereist deze in het vervoersdocument.',
    },
    {
      key: 'class',
      code: 'adr_class_missing',
      rule: 'adr.5.4.1.1.1.c',
      source: 'ADR 5.4.1.1.1(c)',
      bucket: 'errors',
      en: 'Goods line 2 declares dangerous goods without a class; ADR 5.4.1.1.1(c) requires the label numbers or the class on the transport document.',
      nl: 'Goederenregel 2 vermeldt gevaarlijke goederen zonder klasse; ADR 5.4.1.1.1 onder c vereist de etiketnummers of de klasse in het vervoersdocument.',
    },
    {
      key: 'tunnel_code',
      code: 'adr_tunnel_code_missing',
      rule: 'adr.5.4.1.1.1.k',
      source: 'ADR 5.4.1.1.1(k), 8.6',
      bucket: 'warnings',
      en: 'Goods line 2 declares dangerous goods without a tunnel restriction code; ADR 5.4.1.1.1(k) requires it unless the route is known to avoid restricted road tunnels (ADR 8.6).',
      nl: 'Goederenregel 2 vermeldt gevaarlijke goederen zonder tunnelbeperkingscode; ADR 5.4.1.1.1 onder k vereist deze, tenzij vaststaat dat de route geen tunnels met beperkingen passeert (ADR 8.6).',
    },
  ];

  describe.each(absent)('$code', ({ key, code, rule, source, bucket, en, nl }) => {
    it(`fires at $.goods[1].adr.${key} when the ADR object lacks it`, () => {
      expect(fired(withAdr((adr) => delete adr[key]), code)).toEqual([
        { bucket, path: `$.goods[1].adr.${key}`, rule, source, params: { line: 2 }, en, nl },
      ]);
    });

    it('does not fire when it is given', () => {
      expect(fired(completeDraft(), code)).toEqual([]);
    });

    it('does not fire for goods carried as limited quantities (ADR 3.4)', () => {
      expect(fired(withAdr((adr) => {
        delete adr[key];
        adr.limited_quantity = true;
      }), code)).toEqual([]);
    });
  });

  it('an empty ADR object fires every particular of its line, and nothing for lines without one', () => {
    const draft = draftWith((d) => (d.goods[1].adr = {}));
    expect(codes(draft)).toEqual(['adr_un_number_missing', 'adr_proper_shipping_name_missing', 'adr_class_missing', 'adr_tunnel_code_missing']);
  });

  describe('adr_packing_group_missing', () => {
    it('fires when the class assigns packing groups and none is given', () => {
      expect(fired(withAdr((adr) => delete adr.packing_group), 'adr_packing_group_missing')).toEqual([
        {
          bucket: 'errors',
          path: '$.goods[1].adr.packing_group',
          rule: 'adr.5.4.1.1.1.d',
          source: 'ADR 5.4.1.1.1(d), 2.1.1.3',
          params: { line: 2, class: '3' },
          en: 'Goods line 2 has no packing group, which class 3 assigns; ADR 5.4.1.1.1(d) requires it on the transport document.',
          nl: 'Goederenregel 2 heeft geen verpakkingsgroep, terwijl klasse 3 die toekent; ADR 5.4.1.1.1 onder d vereist deze in het vervoersdocument.',
        },
      ]);
    });

    it('does not fire for a class without packing groups, an unknown class, or an entry Table A gives none', () => {
      const without = (change: (adr: LooseDraft) => void) =>
        fired(withAdr((adr) => {
          delete adr.packing_group;
          change(adr);
        }), 'adr_packing_group_missing');
      expect(without((adr) => (adr.class = '2.1'))).toEqual([]);
      expect(without((adr) => (adr.class = '12'))).toEqual([]);
      expect(without((adr) => (adr.class = 3))).toEqual([]);
      expect(without((adr) => Object.assign(adr, { class: '9', un_number: '3480', proper_shipping_name: 'LITHIUM ION BATTERIES' }))).toEqual([]);
      expect(without((adr) => Object.assign(adr, { class: '4.1', un_number: '3226' }))).toEqual([]);
    });
  });

  describe('adr_packing_group_not_applicable', () => {
    it('warns when a packing group is given for a class that has none', () => {
      const draft = withAdr((adr) => Object.assign(adr, { un_number: '1965', class: '2.1', proper_shipping_name: 'HYDROCARBON GAS MIXTURE, LIQUEFIED, N.O.S.' }));
      expect(fired(draft, 'adr_packing_group_not_applicable')).toEqual([
        {
          bucket: 'warnings',
          path: '$.goods[1].adr.packing_group',
          rule: 'adr.2.1.1.3',
          source: 'ADR 2.1.1.3',
          params: { line: 2, class: '2.1', packing_group: 'II' },
          en: 'Goods line 2 gives packing group II, but class 2.1 has no packing groups (ADR 2.1.1.3); check the class.',
          nl: 'Goederenregel 2 vermeldt verpakkingsgroep II, maar klasse 2.1 kent geen verpakkingsgroepen (ADR 2.1.1.3); controleer de klasse.',
        },
      ]);
    });

    it('does not warn for a class with packing groups, nor for clinical waste UN 3291 of class 6.2', () => {
      expect(fired(completeDraft(), 'adr_packing_group_not_applicable')).toEqual([]);
      expect(fired(withAdr((adr) => Object.assign(adr, { un_number: '3291', class: '6.2' })), 'adr_packing_group_not_applicable')).toEqual([]);
    });
  });
});

describe('packingGroupRule (ADR 2.1.1.3)', () => {
  it.each([
    ['3', undefined, 'required'],
    ['4.1', '1325', 'required'],
    [' 8 ', '1789', 'required'],
    ['9', '3082', 'required'],
    ['1.4S', '0012', 'not_applicable'],
    ['1', undefined, 'not_applicable'],
    ['2.2', '1066', 'not_applicable'],
    ['5.2', '3105', 'not_applicable'],
    ['6.2', '2814', 'not_applicable'],
    ['7', '2910', 'not_applicable'],
    ['6.2', '3291', 'unknown'],
    ['4.1', '3221', 'unknown'],
    ['9', '3171', 'unknown'],
    ['4', undefined, 'unknown'],
    ['', undefined, 'unknown'],
  ] as const)('class %j, UN %s: %s', (adrClass, un, expected) => {
    expect(packingGroupRule(adrClass, un)).toBe(expected);
  });
});
