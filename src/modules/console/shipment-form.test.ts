import { describe, expect, it } from 'vitest';
import { fieldOfFinding, formInput, formValuesOf, mergePatchBetween, shipmentFormFields } from './shipment-form.js';

describe('the shipment form and the shipment input', () => {
  it('reads numbers, countries and UTC minutes, keeps what is not a number as typed, and leaves empty fields out', () => {
    const input = formInput({ 'goods[0].quantity': '3', 'goods[0].gross_weight_kg': '12,5', 'consignor.address.country': 'nl', 'pickup.window.from': '2026-12-01T08:00', 'goods[0].description': 'Books', 'consignee.name': '  ', 'goods[1].quantity': 'two' });
    expect(input).toEqual({ consignor: { address: { country: 'NL' } }, pickup: { window: { from: '2026-12-01T08:00:00Z' } }, goods: [{ description: 'Books', quantity: 3, gross_weight_kg: 12.5 }, { quantity: 'two' }] });
  });

  it('an edit keeps what the form does not hold and removes what was emptied, as a merge patch', () => {
    const stored = { reference: 'A', special_agreements: 'Keep dry', driver: { name: 'Piet', email: 'p@x.example' }, goods: [{ description: 'Books', quantity: 2, package_type: 'box', hs_code: '4901' }] };
    const values = formValuesOf(stored);
    const after = formInput({ ...values, reference: 'B', 'driver.email': '' }, stored);
    expect(after).toEqual({ reference: 'B', special_agreements: 'Keep dry', driver: { name: 'Piet' }, goods: [{ description: 'Books', quantity: 2, package_type: 'box', hs_code: '4901' }] });
    expect(mergePatchBetween(stored, after)).toEqual({ reference: 'B', driver: { email: null } });
  });

  it('places a finding at its field, a missing party at its name, and a finding of no field nowhere', () => {
    const fields = shipmentFormFields(1);
    expect(fieldOfFinding(fields, { path: '$.goods[0].quantity' })).toBe('goods[0].quantity');
    expect(fieldOfFinding(fields, { path: '$.consignor' })).toBe('consignor.name');
    expect(fieldOfFinding(fields, { path: '$.waste.ewc_code' })).toBeUndefined();
  });
});
