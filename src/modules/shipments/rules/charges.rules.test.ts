import { describe, expect, it } from 'vitest';
import { completeDraft, draftWith, fired } from './rule-test-support.js';

describe('cash on delivery (CMR art. 6(2)(c), 21)', () => {
  it('cash_on_delivery_currency_missing fires when the amount has no currency', () => {
    const draft = draftWith((d) => (d.charges = { cash_on_delivery: { amount: '450.00' } }));
    expect(fired(draft, 'cash_on_delivery_currency_missing')).toEqual([
      {
        bucket: 'errors',
        path: '$.charges.cash_on_delivery.currency',
        rule: 'cmr.art21.cash_on_delivery_currency',
        source: 'CMR art. 6(2)(c), art. 21',
        params: {},
        en: 'Cash on delivery has no currency; the amount the carrier must collect on delivery (CMR articles 6(2)(c) and 21) needs one.',
        nl: 'Het rembours heeft geen valuta; het bedrag dat de vervoerder bij aflevering moet innen (CMR artikelen 6 lid 2 onder c en 21) heeft er een nodig.',
      },
    ]);
    expect(fired(draft, 'cash_on_delivery_amount_missing')).toEqual([]);
  });

  it('cash_on_delivery_amount_missing fires when the currency has no amount', () => {
    const draft = draftWith((d) => (d.charges = { cash_on_delivery: { currency: 'EUR' } }));
    expect(fired(draft, 'cash_on_delivery_amount_missing')).toEqual([
      {
        bucket: 'errors',
        path: '$.charges.cash_on_delivery.amount',
        rule: 'cmr.art21.cash_on_delivery_amount',
        source: 'CMR art. 6(2)(c), art. 21',
        params: {},
        en: 'Cash on delivery has no amount; CMR articles 6(2)(c) and 21 require the amount the carrier must collect on delivery.',
        nl: 'Het rembours heeft geen bedrag; CMR artikelen 6 lid 2 onder c en 21 vereisen het bedrag dat de vervoerder bij aflevering moet innen.',
      },
    ]);
    expect(fired(draft, 'cash_on_delivery_currency_missing')).toEqual([]);
  });

  it('neither fires for a complete cash on delivery, for no cash on delivery, or for one of the wrong type', () => {
    const complete = draftWith((d) => (d.charges = { cash_on_delivery: { amount: '450.00', currency: 'EUR' }, payer: 'consignee' }));
    for (const draft of [complete, completeDraft(), draftWith((d) => (d.charges = { cash_on_delivery: '450 EUR' })), draftWith((d) => (d.charges = 'EUR'))]) {
      expect(fired(draft, 'cash_on_delivery_currency_missing')).toEqual([]);
      expect(fired(draft, 'cash_on_delivery_amount_missing')).toEqual([]);
    }
  });
});
